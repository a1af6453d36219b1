import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants';
import { signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { EARLIER_SESSION_COOKIE } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the session cookie under its earlier name', () => {
  it('keeps the device signed in, and the next signed-in answer renames the cookie', async () => {
    const reader = await signUp(t.app);
    const token = reader.sessionCookie!;
    expect(SESSION_COOKIE).toMatch(/^tfp_/);

    const me = await t.app.inject({
      url: '/api/auth/me',
      cookies: { [EARLIER_SESSION_COOKIE]: token },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(reader.user.id);
    const current = me.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(current?.value).toBe(token);
    expect(current?.httpOnly).toBe(true);
    const earlier = me.cookies.find((c) => c.name === EARLIER_SESSION_COOKIE);
    expect(earlier?.value).toBe('');
    expect(earlier?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

    const again = await t.app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: token } });
    expect(again.statusCode).toBe(200);
    expect(again.cookies.map((c) => c.name)).not.toContain(EARLIER_SESSION_COOKIE);
  });

  it('is not read over a session under the current name', async () => {
    const reader = await signUp(t.app);
    const other = await signUp(t.app);
    const me = await t.app.inject({
      url: '/api/auth/me',
      cookies: {
        [SESSION_COOKIE]: reader.sessionCookie!,
        [EARLIER_SESSION_COOKIE]: other.sessionCookie!,
      },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(reader.user.id);
    expect(me.cookies.map((c) => c.name)).not.toContain(EARLIER_SESSION_COOKIE);
  });
});
