import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_DAYS, SIGNED_IN_HINT_COOKIE } from '#shared/constants';
import { ApiClient, type ApiResponse, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Cookie = ApiResponse['cookies'][number] & {
  httpOnly?: boolean;
  maxAge?: number;
  path?: string;
  sameSite?: string;
  expires?: Date;
};

function cookie(response: ApiResponse<unknown>, name: string): Cookie | undefined {
  return response.cookies.find((c) => c.name === name) as Cookie | undefined;
}

/** The hint is readable by the page and lives exactly as long as the session cookie. */
function expectHintBeside(response: ApiResponse<unknown>) {
  const session = cookie(response, SESSION_COOKIE);
  const hint = cookie(response, SIGNED_IN_HINT_COOKIE);
  expect(session?.httpOnly).toBe(true);
  expect(hint?.value).toBe('1');
  expect(hint?.httpOnly).toBeFalsy();
  expect(hint?.maxAge).toBe(SESSION_DAYS * 86_400);
  expect(hint?.maxAge).toBe(session?.maxAge);
  expect(hint?.path).toBe(session?.path);
  expect(hint?.sameSite).toBe(session?.sameSite);
}

/** Both cookies are cleared together. */
function expectBothCleared(response: ApiResponse<unknown>) {
  for (const name of [SESSION_COOKIE, SIGNED_IN_HINT_COOKIE]) {
    const cleared = cookie(response, name);
    expect(cleared?.value, name).toBe('');
    expect(cleared?.expires?.getTime(), name).toBeLessThanOrEqual(Date.now());
  }
}

describe('the signed-in hint cookie', () => {
  it('comes with the session cookie on sign-up, sign-in and password change', async () => {
    const newcomer = new ApiClient(t.app);
    const signup = await newcomer.api('POST /api/auth/signup', {
      body: {
        username: `hint_${Date.now().toString(36)}`,
        email: `hint_${Date.now().toString(36)}@example.test`,
        password: 'correct horse battery',
        fullName: 'Hint Reader',
      },
    });
    expect(signup.status).toBe(201);
    expectHintBeside(signup);

    const person = await signUp(t.app);

    const login = await person.api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'correct horse battery',
      },
    });
    expect(login.status).toBe(200);
    expectHintBeside(login);

    const changed = await person.api('POST /api/auth/password', {
      body: {
        currentPassword: 'correct horse battery',
        newPassword: 'a different long password',
      },
    });
    expect(changed.status).toBe(200);
    expectHintBeside(changed);
  });

  it('is sent again whenever the session cookie is extended', async () => {
    const person = await signUp(t.app);
    t.clock.advance(2 * 60 * 60 * 1000);
    const me = await person.api('GET /api/auth/me');
    expect(me.status).toBe(200);
    expectHintBeside(me);
  });

  it('never grants access on its own', async () => {
    const answer = await t.app.inject({
      url: '/api/auth/me',
      cookies: { [SIGNED_IN_HINT_COOKIE]: '1' },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('is cleared with the session on sign-out, account deletion and ending this device', async () => {
    const leaving = await signUp(t.app);
    expectBothCleared(await leaving.api('POST /api/auth/logout'));

    const deleting = await signUp(t.app);
    const deleted = await deleting.call('DELETE', '/api/users/me', {
      password: 'correct horse battery',
    });
    expect(deleted.status).toBe(200);
    expectBothCleared(deleted);

    const device = await signUp(t.app);
    const listed = await device.api('GET /api/auth/sessions');
    const current = listed.body.sessions.find((session) => session.current);
    const ended = await device.api('DELETE /api/auth/sessions/:id', {
      params: { id: current!.id },
    });
    expect(ended.status).toBe(200);
    expectBothCleared(ended);
  });
});
