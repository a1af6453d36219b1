import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants';
import { createTestApp, type TestApp } from './test-support/test-app.js';
import { requestedShift, TEST_CLOCK_COOKIE } from './test-clock.js';

// The server's own clock in these tests: 1 March 2026, noon UTC (day 60).
const serverNow = Date.parse('2026-03-01T12:00:00.000Z');
const shiftTo = (iso: string) => `${TEST_CLOCK_COOKIE}=${Date.parse(iso) - serverNow}`;

/**
 * Calls the app over a real connection, sending a body only after the headers have arrived and
 * been handled, the way a slow network delivers it.
 */
function caller(app: TestApp) {
  const { port } = app.app.server.address() as AddressInfo;
  return (path: string, cookies: string[], body?: unknown) =>
    new Promise<{ status: number; body: any; session: string | undefined }>((resolve, reject) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'x-timezone': 'UTC',
          cookie: cookies.join('; '),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const session = (response.headers['set-cookie'] ?? [])
            .find((line) => line.startsWith(`${SESSION_COOKIE}=`))
            ?.split(';')[0];
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), session });
        });
      });
      if (body === undefined) return void request.end();
      request.flushHeaders();
      setTimeout(() => request.end(JSON.stringify(body)), 50);
    });
}

const newPerson = (tag: string) => ({
  username: `clock_${tag}`,
  email: `clock_${tag}@example.test`,
  password: 'correct horse battery',
  fullName: `Clock ${tag}`,
});

describe('the date a request asks for (TEST_CLOCK)', () => {
  let withClock: TestApp;
  let without: TestApp;

  beforeAll(async () => {
    withClock = await createTestApp({ env: { TEST_CLOCK: 'true' } });
    without = await createTestApp();
    await withClock.app.listen({ port: 0, host: '127.0.0.1' });
    await without.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await withClock.close();
    await without.close();
  });

  it("reads today's reading on the date the cookie names, and the server's own date without it", async () => {
    const call = caller(withClock);
    const today = async (cookies: string[]) =>
      (await call('/api/thoughts/today', cookies)).body.currentDay;
    expect(await today([])).toBe(60);
    expect(await today([shiftTo('2026-08-29T12:00:00Z')])).toBe(241);
    expect(await today([shiftTo('2026-08-30T12:00:00Z')])).toBe(1);
    expect(await today(['other=1', shiftTo('2026-01-02T12:00:00Z')])).toBe(2);
    expect(await today([])).toBe(60);
  });

  it('keeps each request on its own date while several are answered at once', async () => {
    const call = caller(withClock);
    const dates = ['2026-01-05', '2026-02-10', '2026-04-10', '2026-08-29', '2026-08-31'];
    const days = await Promise.all(
      dates.map(
        async (date) =>
          (await call('/api/thoughts/today', [shiftTo(`${date}T12:00:00Z`)])).body.currentDay,
      ),
    );
    expect(days).toEqual([5, 41, 100, 241, 2]);
  });

  it('dates a save whose body arrives after its headers by the cookie', async () => {
    const call = caller(withClock);
    const onJanuaryFirst = shiftTo('2026-01-01T12:00:00Z');
    const signedUp = await call('/api/auth/signup', [onJanuaryFirst], newPerson('jan1'));
    expect(signedUp.status).toBe(201);
    expect(signedUp.body.user.createdAt).toBe('2026-01-01T12:00:00.000Z');
    const cookies = [signedUp.session ?? '', onJanuaryFirst];

    const entry = { entryText: 'A first thought.', isPublic: false };
    const saved = await call('/api/journal', cookies, { ...entry, dayNumber: 1 });
    expect(saved.status).toBe(201);
    expect(saved.body.createdAt).toBe('2026-01-01T12:00:00.000Z');
  });

  it('is ignored unless TEST_CLOCK is on', async () => {
    const call = caller(without);
    const answer = await call('/api/thoughts/today', [shiftTo('2026-08-29T12:00:00Z')]);
    expect(answer.body.currentDay).toBe(60);
    const signedUp = await call(
      '/api/auth/signup',
      [shiftTo('2026-01-01T12:00:00Z')],
      newPerson('off'),
    );
    expect(signedUp.body.user.createdAt).toBe('2026-03-01T12:00:00.000Z');
  });
});

describe('the test-clock cookie', () => {
  it('is read among other cookies, as whole milliseconds either way', () => {
    expect(requestedShift(`${TEST_CLOCK_COOKIE}=-86400000`)).toBe(-86_400_000);
    expect(requestedShift(`a=1; ${TEST_CLOCK_COOKIE}=5000; b=2`)).toBe(5000);
    expect(requestedShift(`a=1;${TEST_CLOCK_COOKIE}=0`)).toBe(0);
  });

  it('is not mistaken for another cookie or a value that is not a number', () => {
    expect(requestedShift(undefined)).toBeNull();
    expect(requestedShift('')).toBeNull();
    expect(requestedShift(`my-${TEST_CLOCK_COOKIE}=5000`)).toBeNull();
    expect(requestedShift(`${TEST_CLOCK_COOKIE}=soon`)).toBeNull();
    expect(requestedShift(`${TEST_CLOCK_COOKIE}=5e3`)).toBeNull();
  });
});
