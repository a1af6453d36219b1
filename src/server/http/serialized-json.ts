import type { FastifyReply } from 'fastify';
import { z } from 'zod';

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

/** `value` as JSON, written as the route's compiled serializer would: only what `schema` names. */
export function serializedAs<S extends z.ZodType>(schema: S, value: z.output<S>): string {
  return JSON.stringify(z.encode(schema, value));
}
