import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/** Inputs the route fuzzer once answered with a 5xx or with Fastify's internals. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_SCHEDULER: 'false' } });
});
afterAll(async () => t.close());

const unstorable =
  'The request contains characters that cannot be stored (NUL or a broken Unicode character)';

describe('answers found by fuzzing', () => {
  it('refuses NUL in a body with a clear 400 (PostgreSQL cannot store it)', async () => {
    const writer = await signUp(t.app);
    const saved = await writer.api('POST /api/journal', {
      body: { dayNumber: 2, entryText: 'a\u0000b' },
    });
    expect(saved).toMatchObject({ status: 400, body: { message: unstorable } });
    const login = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: 'nul\u0000name',
        password: 'long enough password',
      },
    });
    expect(login).toMatchObject({ status: 400, body: { message: unstorable } });
    expect((await writer.api('GET /api/journal')).body).toEqual([]);
  });

  it('refuses a broken Unicode character rather than storing something else', async () => {
    const writer = await signUp(t.app);
    const saved = await writer.api('POST /api/journal', {
      body: { dayNumber: 2, entryText: 'half \ud83d' },
    });
    expect(saved).toMatchObject({ status: 400, body: { message: unstorable } });
    const whole = await writer.api('POST /api/journal', {
      body: { dayNumber: 2, entryText: 'whole 😀' },
    });
    expect(whole.status).toBe(201);
    expect((await writer.call('GET', '/api/journal/day/2')).body.entryText).toBe('whole 😀');
  });

  it('refuses NUL in an address', async () => {
    const searcher = await signUp(t.app);
    const search = await searcher.api('GET /api/users/search', { query: { q: 'ab\u0000cd' } });
    expect(search).toMatchObject({ status: 400, body: { message: unstorable } });
  });

  it('answers an overlong or malformed address in the app’s own error shape', async () => {
    const client = await signUp(t.app);
    const long = await client.api('DELETE /api/journal/:id', { params: { id: '9'.repeat(300) } });
    expect(long).toMatchObject({ status: 414, body: { message: 'The address is too long' } });
    expect(JSON.stringify(long.body)).not.toMatch(/FST_|code/);
    const malformed = await client.call('GET', '/api/thoughts/%E0%A4%A');
    expect(malformed).toMatchObject({ status: 400, body: { message: 'The address is not valid' } });
  });

  it('suggests people to someone who gave no postal code', async () => {
    const noCode = await signUp(t.app);
    const other = await signUp(t.app, { postalCode: 'SW1A 1AA' });
    const suggestions = await noCode.api('GET /api/users/search', { query: { discover: 'true' } });
    expect(suggestions.status).toBe(200);
    expect(suggestions.body.map((person: { id: number }) => person.id)).toContain(other.user.id);
  });
});
