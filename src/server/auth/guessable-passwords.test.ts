import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_PERSONAL } from '#shared/password-strength';
import type { OutgoingMail } from '../mail/mailer.js';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const sent: OutgoingMail[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void sent.push(mail) } });
});
afterAll(async () => t.close());

const password = 'correct horse battery';
const commonPasswords = ['password', '12345678', 'qwertyuiop', 'iloveyou', 'Password123'];

const refusedAs = (message: string, path: string) => ({
  message,
  errors: [{ path, message }],
});

let counter = 0;
function newDetails() {
  counter += 1;
  const tag = `${process.pid}g${counter}`;
  return {
    username: `gardener_${tag}`,
    email: `gardener_${tag}@example.test`,
    fullName: 'Roshan Mistry',
  };
}

async function signsIn(username: string, secret: string): Promise<boolean> {
  const client = new ApiClient(t.app);
  return (
    (await client.api('POST /api/auth/login', { body: { username, password: secret } })).status ===
    200
  );
}

/** Asks for a reset link for `email` and gives its token. */
async function resetTokenFor(email: string): Promise<string> {
  const before = sent.length;
  await new ApiClient(t.app).api('POST /api/auth/password-reset-request', { body: { email } });
  for (let wait = 0; wait < 100 && sent.length === before; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const link = sent.at(-1)?.link;
  if (!link) throw new Error('no reset mail was sent');
  return new URL(link).searchParams.get('token') ?? '';
}

describe('sign-up refuses a password that is easy to guess', () => {
  it.each(commonPasswords)('refuses %s, saying why, and makes no account', async (common) => {
    const details = newDetails();
    const refused = await new ApiClient(t.app).api('POST /api/auth/signup', {
      body: {
        ...details,
        password: common,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(refusedAs(PASSWORD_TOO_COMMON, 'password'));
    expect(await signsIn(details.username, common)).toBe(false);
    // The name is still free: nothing was stored.
    const later = await new ApiClient(t.app).api('POST /api/auth/signup', {
      body: { ...details, password },
    });
    expect(later.status).toBe(201);
  });

  it('refuses a password made of the person’s own name, username or email', async () => {
    const details = newDetails();
    for (const personal of [`${details.username}1`, 'RoshanMistry', `${details.email}`]) {
      const refused = await new ApiClient(t.app).api('POST /api/auth/signup', {
        body: {
          ...details,
          password: personal,
        },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(refusedAs(PASSWORD_TOO_PERSONAL, 'password'));
    }
  });

  it('accepts a password that is hard to guess', async () => {
    const details = newDetails();
    const created = await new ApiClient(t.app).api('POST /api/auth/signup', {
      body: {
        ...details,
        password: 'purple otter lamp',
      },
    });
    expect(created.status).toBe(201);
  });

  it('judges the length first: a short password gets the length message', async () => {
    const refused = await new ApiClient(t.app).api('POST /api/auth/signup', {
      body: {
        ...newDetails(),
        password: 'abc',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Password must be at least 8 characters');
  });
});

describe('a password change refuses a password that is easy to guess', () => {
  it('answers 400 beside newPassword and changes nothing', async () => {
    const me = await signUp(t.app);
    const phone = new ApiClient(t.app);
    await phone.api('POST /api/auth/login', { body: { username: me.user.username, password } });

    const refused = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'iloveyou',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(refusedAs(PASSWORD_TOO_COMMON, 'newPassword'));
    expect(await signsIn(me.user.username, password)).toBe(true);
    expect(await signsIn(me.user.username, 'iloveyou')).toBe(false);
    // The other device was not signed out.
    expect((await phone.api('GET /api/auth/me')).status).toBe(200);
  });

  it('still says a wrong current password first', async () => {
    const me = await signUp(t.app);
    const refused = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: 'not my password',
        newPassword: 'password',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Current password is incorrect');
  });
});

describe('a password reset refuses a password that is easy to guess', () => {
  it('answers 400 and keeps the link, which then sets a good password', async () => {
    const me = await signUp(t.app);
    const token = await resetTokenFor(me.user.email);

    const refused = await new ApiClient(t.app).api('POST /api/auth/password-reset', {
      body: {
        token,
        password: 'qwertyuiop',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(refusedAs(PASSWORD_TOO_COMMON, 'password'));
    expect(await signsIn(me.user.username, password)).toBe(true);
    expect((await me.api('GET /api/auth/me')).status).toBe(200);

    const done = await new ApiClient(t.app).api('POST /api/auth/password-reset', {
      body: {
        token,
        password: 'a quiet walk by the river',
      },
    });
    expect(done.status).toBe(200);
    expect(await signsIn(me.user.username, 'a quiet walk by the river')).toBe(true);
  });

  it('says the link is invalid before judging the password', async () => {
    const refused = await new ApiClient(t.app).api('POST /api/auth/password-reset', {
      body: {
        token: 'no-such-token',
        password: 'password',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Invalid or expired token' });
  });
});
