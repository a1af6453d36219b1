import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi, callApiIfSignedIn, fetchJson, onSessionEnded } from './client.js';

function answering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
    Response.json(body, { status, statusText: status === 200 ? 'OK' : 'Refused' }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('a call to the API', () => {
  it('fills the path params and sends the body as JSON, marked as the app’s own call', async () => {
    const fetch = answering(200, { id: 7, dayNumber: 3 });
    const entry = await callApi('PUT /api/journal/:id', {
      params: { id: 7 },
      body: { isPublic: true },
    });
    expect(entry).toEqual({ id: 7, dayNumber: 3 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/journal/7');
    expect(init).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      body: '{"isPublic":true}',
    });
    expect(init.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
  });

  it('encodes the query and sends no body when it takes none', async () => {
    const fetch = answering(200, []);
    await callApi('GET /api/users/search', { query: { q: 'Asker Vahid & co' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/users/search?q=Asker+Vahid+%26+co');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('throws the server’s answer for a refusal', async () => {
    answering(404, { message: 'Journal entry not found' });
    const refusal = await callApi('DELETE /api/journal/:id', { params: { id: 9 } }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, body: { message: 'Journal entry not found' } });
  });

  it('gives null for a 401 when asked who is signed in', async () => {
    answering(401, { message: 'You must be signed in' });
    expect(await callApiIfSignedIn('GET /api/auth/me')).toBeNull();
  });
});

describe('a session that ended', () => {
  it('is told to the listeners with why, before the caller sees the 401', async () => {
    answering(401, { message: 'You must be signed in', sessionEnded: 'password-changed' });
    const told: unknown[] = [];
    const stop = onSessionEnded((ending) => told.push(ending));
    try {
      const refusal = await callApi('GET /api/journal').catch((error: unknown) => {
        told.push('caller');
        return error;
      });
      expect(refusal).toMatchObject({ status: 401 });
      expect(await callApiIfSignedIn('GET /api/auth/me')).toBeNull();
      await fetchJson('/api/friends').catch(() => undefined);
      expect(told).toEqual(['password-changed', 'caller', 'password-changed', 'password-changed']);
    } finally {
      stop();
    }
  });

  it('says null when the server gave no reason it knows', async () => {
    const told: unknown[] = [];
    const stop = onSessionEnded((ending) => told.push(ending));
    try {
      answering(401, { message: 'You must be signed in' });
      await callApi('GET /api/journal').catch(() => undefined);
      answering(401, { message: 'You must be signed in', sessionEnded: 'stolen by pirates' });
      await callApi('GET /api/journal').catch(() => undefined);
      expect(told).toEqual([null, null]);
    } finally {
      stop();
    }
  });

  it('is not a wrong password at sign-in, nor any other refusal', async () => {
    const told: unknown[] = [];
    const stop = onSessionEnded((ending) => told.push(ending));
    try {
      answering(401, { message: 'Invalid username or password' });
      await callApi('POST /api/auth/login', {
        body: { username: 'someone', password: 'wrong guess' },
      }).catch(() => undefined);
      answering(403, { message: 'This account is suspended' });
      await callApi('GET /api/journal').catch(() => undefined);
      expect(told).toEqual([]);
    } finally {
      stop();
    }
  });
});
