import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptsEncoding } from './accepted-encodings.js';

/*
 * Answers are written from their zod response schemas: only the keys a schema names go out, and
 * a value of the wrong shape is refused (a 500) rather than sent. Answer schemas describe the
 * JSON as it is sent, with no codecs, so parsing gives what zod's encode would give, at a
 * fraction of its cost (encode checks every value twice); this is on every answer's path.
 */

/** The compiled serializer of routes' answers; `indent` spaces for answers people read too. */
export function answerSerializer(indent?: number) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: answers need zod`);
    return (data: unknown) => {
      const answer = schema.safeParse(data);
      if (!answer.success)
        throw new ResponseSerializationError(method, url, { cause: answer.error });
      return JSON.stringify(answer.data, null, indent);
    };
  };
}

/** `value` as JSON, written as a route's serializer would: only what `schema` names. */
export function serializedAs<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(schema.parse(value));
}

/**
 * Sends JSON that is already serialized, such as a reader's kept feed or today's reading (built
 * once a day). Fastify runs a route's compiled serializer only on other values: a string or a
 * Buffer goes out byte for byte. So a route keeps its response schema (its contract, and the
 * serializer for any answer it builds afresh) and still sends these bytes without paying for
 * them twice; the bytes must come from a value of that schema, as serializedAs writes it.
 */
export function sendSerializedJson(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Sends JSON kept gzipped (a reader's feed, a member's view of a circle) as it is to a client
 * that takes gzip, as every browser does, and unzipped to any other.
 */
export function sendGzippedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  gzipped: Buffer,
): FastifyReply {
  reply.header('vary', 'accept-encoding');
  if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) {
    return sendSerializedJson(reply, zlib.gunzipSync(gzipped));
  }
  return sendSerializedJson(reply.header('content-encoding', 'gzip'), gzipped);
}
