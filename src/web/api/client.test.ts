import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  callApi,
  callApiIfSignedIn,
  fetchJson,
  onSessionEnded,
  onSessionReplaced,
} from './client.js';

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

describe('a 401 for a session a sign-in elsewhere replaced', () => {
  const newcomer = { id: 12, username: 'roshan' };

  /**
   * Each call's first answer is 401, as for the session it carried; asked again, and asked who
   * is signed in, the server finds the new session.
   */
  function refusingOnceThenSignedIn(refusal: unknown) {
    const refused = new Set<string>();
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/me' && init.cache === 'no-store') {
        return Response.json({ user: newcomer });
      }
      if (!refused.has(url)) {
        refused.add(url);
        return Response.json(refusal, { status: 401, statusText: 'Refused' });
      }
      return Response.json({ asked: url });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  function listening() {
    const ended: unknown[] = [];
    const replaced: unknown[] = [];
    const stops = [
      onSessionEnded((ending) => ended.push(ending)),
      onSessionReplaced((user) => replaced.push(user.id)),
    ];
    return { ended, replaced, stop: () => stops.forEach((stop) => stop()) };
  }

  it('ends nothing: the listeners learn who is signed in now, and a read is answered with the new session', async () => {
    refusingOnceThenSignedIn({ message: 'You must be signed in' });
    const told = listening();
    try {
      expect(await callApi('GET /api/journal')).toEqual({ asked: '/api/journal' });
      expect(await fetchJson('/api/friends')).toEqual({ asked: '/api/friends' });
      expect(told.ended).toEqual([]);
      expect(told.replaced).toEqual([12, 12]);
    } finally {
      told.stop();
    }
  });

  it('does not send a change again: it may have been meant for the person signed in before', async () => {
    const fetch = refusingOnceThenSignedIn({ message: 'You must be signed in' });
    const told = listening();
    try {
      const refusal = await callApi('DELETE /api/journal/:id', { params: { id: 4 } }).catch(
        (error: unknown) => error,
      );
      expect(refusal).toMatchObject({ status: 401 });
      expect(fetch.mock.calls.filter(([url]) => url === '/api/journal/4')).toHaveLength(1);
      expect(told.ended).toEqual([]);
      expect(told.replaced).toEqual([12]);
    } finally {
      told.stop();
    }
  });

  it('is not asked again when the refused call was that question', async () => {
    const fetch = refusingOnceThenSignedIn({ message: 'You must be signed in' });
    const told = listening();
    try {
      expect(await callApiIfSignedIn('GET /api/auth/me')).toBeNull();
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(told.ended).toEqual([null]);
    } finally {
      told.stop();
    }
  });

  it('is asked once for the 401s that arrive together', async () => {
    const fetch = refusingOnceThenSignedIn({ message: 'You must be signed in' });
    const told = listening();
    try {
      await Promise.all(['/api/journal', '/api/friends', '/api/progress'].map(fetchJson));
      const asked = fetch.mock.calls.filter(([, init]) => init.cache === 'no-store');
      expect(asked).toHaveLength(1);
      expect(told.replaced).toEqual([12, 12, 12]);
    } finally {
      told.stop();
    }
  });
});

describe('the time zone every call carries', () => {
  // The zone is looked up at most once a minute: each test runs a minute after the one before (and after the real clock of the tests above).
  let minute = Date.UTC(2100, 0, 1);
  const aMinuteLater = () => {
    minute += 61_000;
    vi.useFakeTimers({ now: minute, toFake: ['Date'] });
  };
  afterEach(() => vi.useRealTimers());

  const sentZone = async () => {
    const fetch = answering(200, []);
    await callApi('GET /api/users/search', { query: { q: 'Asker' } });
    return (fetch.mock.calls[0]![1].headers as Record<string, string>)['X-Timezone'];
  };

  it('is the zone Temporal names, where the browser has Temporal', async () => {
    aMinuteLater();
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Pacific/Chatham' } });
    expect(await sentZone()).toBe('Pacific/Chatham');
  });

  it('is the date formatter’s zone in a browser without Temporal', async () => {
    aMinuteLater();
    vi.stubGlobal('Temporal', undefined);
    expect(await sentZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('is the date formatter’s zone when Temporal cannot name one', async () => {
    aMinuteLater();
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new RangeError('no zone');
        },
      },
    });
    expect(await sentZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
