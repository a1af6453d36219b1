import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const password = 'correct horse battery';

/** Another device of the same person, signed in with its own session. */
async function secondDevice(username: string, secret = password): Promise<ApiClient> {
  const device = new ApiClient(t.app);
  const login = await device.api('POST /api/auth/login', { body: { username, password: secret } });
  expect(login.status).toBe(200);
  return device;
}

/** A client holding exactly this cookie, as a browser that kept an old copy would. */
function holding(cookie: string | undefined): ApiClient {
  const client = new ApiClient(t.app);
  client.sessionCookie = cookie;
  return client;
}

describe('POST /api/auth/password', () => {
  it('changes the password, gives this device a new cookie and retires the old one', async () => {
    const me = await signUp(t.app);
    const oldCookie = me.sessionCookie;
    const changed = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'a brand new secret',
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: 'Password changed' });
    const cookie = changed.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.value).not.toBe(oldCookie);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    expect((await me.api('GET /api/auth/me')).status).toBe(200);
    expect((await holding(oldCookie).api('GET /api/auth/me')).status).toBe(401);

    const withOld = new ApiClient(t.app);
    expect(
      (
        await withOld.api('POST /api/auth/login', {
          body: { username: me.user.username, password },
        })
      ).status,
    ).toBe(401);
    const withNew = await secondDevice(me.user.username, 'a brand new secret');
    expect((await withNew.api('GET /api/auth/me')).body.user.id).toBe(me.user.id);
  });

  it('signs out every other session of that person, and nobody else', async () => {
    const me = await signUp(t.app);
    const phone = await secondDevice(me.user.username);
    const tablet = await secondDevice(me.user.username);
    const someoneElse = await signUp(t.app);
    const changed = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'another new secret',
      },
    });
    expect(changed.status).toBe(200);
    expect((await phone.api('GET /api/auth/me')).status).toBe(401);
    expect((await tablet.api('GET /api/auth/me')).status).toBe(401);
    expect((await someoneElse.api('GET /api/auth/me')).status).toBe(200);
    const sessions = await me.api('GET /api/auth/sessions');
    expect(sessions.body.sessions).toHaveLength(1);
    expect(sessions.body.sessions[0]?.current).toBe(true);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const me = await signUp(t.app);
    const wrong = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: 'not my password',
        newPassword: 'a brand new secret',
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'Current password is incorrect',
      errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect((await me.api('GET /api/auth/me')).status).toBe(200);
    await secondDevice(me.user.username);
  });

  it("applies sign-up's rules to the new password", async () => {
    const me = await signUp(t.app);
    const short = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'short',
      },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([
      { path: 'newPassword', message: 'Password must be at least 8 characters' },
    ]);
    const long = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'x'.repeat(129),
      },
    });
    expect(long.body.errors).toEqual([
      { path: 'newPassword', message: 'Password must be at most 128 characters' },
    ]);
    const missing = await me.call('POST', '/api/auth/password');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'currentPassword', message: 'Required' },
        { path: 'newPassword', message: 'Required' },
      ]),
    );
  });

  it('counts wrong current passwords toward the failed sign-in limit', async () => {
    const me = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const wrong = await me.api('POST /api/auth/password', {
        body: {
          currentPassword: `guess ${i}`,
          newPassword: 'a brand new secret',
        },
      });
      expect(wrong.status).toBe(400);
    }
    const locked = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'a brand new secret',
      },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const login = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: me.user.username,
        password,
      },
    });
    expect(login.status).toBe(429);
    t.clock.advance(16 * 60 * 1000);
    expect(
      (
        await me.api('POST /api/auth/password', {
          body: {
            currentPassword: password,
            newPassword: 'a brand new secret',
          },
        })
      ).status,
    ).toBe(200);
  });

  it('needs a signed-in person', async () => {
    const anonymous = await new ApiClient(t.app).api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'a brand new secret',
      },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'You must be signed in' });
  });
});
