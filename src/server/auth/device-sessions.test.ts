import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { browserLabel } from './device-sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const macSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const windowsFirefox =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

/** Signs in as `username` from a browser with the given user agent and time zone. */
async function signInFrom(
  username: string,
  userAgent?: string,
  timeZone?: string,
): Promise<ApiClient> {
  const device = new ApiClient(t.app);
  const login = await device.api('POST /api/auth/login', {
    body: { username, password: 'correct horse battery' },
    headers: {
      ...(userAgent ? { 'user-agent': userAgent } : {}),
      ...(timeZone ? { 'x-timezone': timeZone } : {}),
    },
  });
  expect(login.status).toBe(200);
  return device;
}

describe('GET /api/auth/sessions', () => {
  it('lists each signed-in device with a readable browser, newest seen first', async () => {
    const me = await signUp(t.app);
    t.clock.advance(2 * 60 * 60 * 1000);
    const phone = await signInFrom(me.user.username, androidChrome);
    t.clock.advance(2 * 60 * 60 * 1000);
    await signInFrom(me.user.username, macSafari);
    t.clock.advance(2 * 60 * 60 * 1000);
    // Using the phone again, over an hour later, moves it to the top.
    expect((await phone.api('GET /api/auth/me')).status).toBe(200);

    const listed = await phone.api('GET /api/auth/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.sessions.map((s: { browser: string }) => s.browser)).toEqual([
      'Chrome on Android',
      'Safari on macOS',
      'Unknown browser',
    ]);
    expect(listed.body.sessions.map((s: { current: boolean }) => s.current)).toEqual([
      true,
      false,
      false,
    ]);
    for (const session of listed.body.sessions) {
      expect(Object.keys(session).sort()).toEqual([
        'browser',
        'createdAt',
        'current',
        'id',
        'lastSeenAt',
        'place',
      ]);
    }
    expect(JSON.stringify(listed.body)).not.toContain(phone.sessionCookie);
  });

  it('shows only the caller’s own sessions and needs a signed-in person', async () => {
    const me = await signUp(t.app);
    await signUp(t.app);
    const mine = await me.api('GET /api/auth/sessions');
    expect(mine.body.sessions).toHaveLength(1);
    const anonymous = await new ApiClient(t.app).api('GET /api/auth/sessions');
    expect(anonymous.status).toBe(401);
  });
});

describe('where each device is', () => {
  const placesOf = async (client: ApiClient) =>
    (await client.api('GET /api/auth/sessions')).body.sessions.map(
      (s: { browser: string; place: string | null }) => [s.browser, s.place],
    );

  it('names the city of the time zone the device signed in from, and nothing else', async () => {
    const me = await signUp(t.app);
    t.clock.advance(2 * 60 * 60 * 1000);
    await signInFrom(me.user.username, windowsFirefox, 'Not/A_Zone');
    t.clock.advance(2 * 60 * 60 * 1000);
    const phone = await signInFrom(me.user.username, androidChrome, 'Europe/Berlin');
    expect(await placesOf(phone)).toEqual([
      ['Chrome on Android', 'Berlin'],
      ['Firefox on Windows', null],
      ['Unknown browser', null],
    ]);
  });

  it('follows the device when it is used from another zone', async () => {
    const me = await signUp(t.app);
    const phone = await signInFrom(me.user.username, androidChrome, 'Europe/Berlin');
    t.clock.advance(2 * 60 * 60 * 1000);
    await phone.api('GET /api/auth/me', {
      headers: { 'x-timezone': 'America/Argentina/Buenos_Aires' },
    });
    expect(await placesOf(phone)).toEqual([
      ['Chrome on Android', 'Buenos Aires'],
      ['Unknown browser', null],
    ]);
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it('signs out that device only', async () => {
    const me = await signUp(t.app);
    const laptop = await signInFrom(me.user.username, windowsFirefox);
    const sessions = (await me.api('GET /api/auth/sessions')).body.sessions;
    const laptopSession = sessions.find((s) => s.browser === 'Firefox on Windows')!;
    const ended = await me.api('DELETE /api/auth/sessions/:id', {
      params: { id: laptopSession.id },
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ok: true });
    expect((await laptop.api('GET /api/auth/me')).status).toBe(401);
    expect((await me.api('GET /api/auth/me')).status).toBe(200);
    expect((await me.api('GET /api/auth/sessions')).body.sessions).toHaveLength(1);
  });

  it("answers 404 for another person's session or an unknown id, and leaves it alone", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = (await other.api('GET /api/auth/sessions')).body.sessions[0]!.id;
    for (const id of [theirs, 99_999_999, 'abc', 0]) {
      const refused = await me.api('DELETE /api/auth/sessions/:id', { params: { id } });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'Session not found' });
    }
    expect((await other.api('GET /api/auth/me')).status).toBe(200);
    const anonymous = await new ApiClient(t.app).api('DELETE /api/auth/sessions/:id', {
      params: { id: theirs },
    });
    expect(anonymous.status).toBe(401);
    expect((await other.api('GET /api/auth/me')).status).toBe(200);
  });

  it('signing out the current session clears this device’s cookie', async () => {
    const me = await signUp(t.app);
    const current = (await me.api('GET /api/auth/sessions')).body.sessions[0]!;
    expect(current.current).toBe(true);
    const ended = await me.call('DELETE', `/api/auth/sessions/${current.id}`);
    expect(ended.status).toBe(200);
    const cleared = ended.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect((await me.api('GET /api/auth/me')).status).toBe(401);
  });
});

describe('POST /api/auth/sessions/sign-out-others', () => {
  it('signs out every other device and says how many', async () => {
    const me = await signUp(t.app);
    const phone = await signInFrom(me.user.username, androidChrome);
    const laptop = await signInFrom(me.user.username, windowsFirefox);
    const other = await signUp(t.app);
    const result = await me.api('POST /api/auth/sessions/sign-out-others');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ signedOut: 2 });
    expect((await phone.api('GET /api/auth/me')).status).toBe(401);
    expect((await laptop.api('GET /api/auth/me')).status).toBe(401);
    expect((await me.api('GET /api/auth/me')).status).toBe(200);
    expect((await other.api('GET /api/auth/me')).status).toBe(200);
    expect((await me.api('POST /api/auth/sessions/sign-out-others')).body).toEqual({
      signedOut: 0,
    });
  });

  it('needs a signed-in person', async () => {
    const anonymous = await new ApiClient(t.app).api('POST /api/auth/sessions/sign-out-others');
    expect(anonymous.status).toBe(401);
  });
});

describe('the browser label', () => {
  it('names browser and system, or says it is unknown', () => {
    expect(browserLabel(androidChrome)).toBe('Chrome on Android');
    expect(browserLabel(windowsFirefox)).toBe('Firefox on Windows');
    expect(browserLabel(null)).toBe('Unknown browser');
    expect(browserLabel('   ')).toBe('Unknown browser');
  });
});
