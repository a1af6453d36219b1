import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer, sendSerializedJson, serializedAs } from './serialized-json.js';

const entry = z.object({ id: z.int(), text: z.string() });
const app = Fastify({ logger: false });
app.setSerializerCompiler(answerSerializer());
const schema = { response: { 200: entry } };
const stored = { id: 1, text: 'kept', secret: 'a column' };
app.get('/built', { schema }, async () => stored);
app.get('/wrong', { schema }, async () => ({ id: 'one', text: 'kept' }));
app.get('/indented', { schema, serializerCompiler: answerSerializer(2) }, async () => stored);
app.get('/kept-buffer', { schema }, async (_request, reply) =>
  sendSerializedJson(reply, Buffer.from(JSON.stringify(stored))),
);
app.get('/kept-string', { schema }, async (_request, reply) =>
  sendSerializedJson(reply, JSON.stringify(stored)),
);
afterAll(() => app.close());

describe('an answer of a route with a response schema', () => {
  it('holds only what the schema names when the route builds it', async () => {
    const response = await app.inject({ method: 'GET', url: '/built' });
    expect(response.body).toBe('{"id":1,"text":"kept"}');
    const indented = await app.inject({ method: 'GET', url: '/indented' });
    expect(indented.body).toBe('{\n  "id": 1,\n  "text": "kept"\n}');
  });

  it('is refused rather than sent when it does not fit the schema', async () => {
    const response = await app.inject({ method: 'GET', url: '/wrong' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('kept');
  });

  it.each(['/kept-buffer', '/kept-string'])(
    'goes out byte for byte when it was serialized before (%s)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(JSON.stringify(stored));
    },
  );

  it('is serialized beforehand as the schema would', () => {
    expect(serializedAs(entry, stored)).toBe('{"id":1,"text":"kept"}');
  });
});
