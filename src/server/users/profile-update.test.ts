import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#shared/api-contract';
import type { OutgoingMail } from '../mail/mailer.js';
import { ApiClient, type ErrorFields, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const currentPassword = 'correct horse battery';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Untyped on purpose: many of these tests send what the contract refuses. */
const patchMe = (client: ApiClient, body?: unknown, headers?: Record<string, string>) =>
  client.call<ApiAnswer<'PATCH /api/users/me'> & ErrorFields>(
    'PATCH',
    '/api/users/me',
    body,
    headers,
  );

describe('PATCH /api/users/me', () => {
  it('changes the given fields, answers the user and keeps the change', async () => {
    const me = await signUp(t.app, { city: 'Pune', whatsapp: '+91 98200 00000' });
    const changed = await patchMe(me, {
      fullName: '  Roshan Irani ',
      city: 'Mumbai',
      postalCode: '400 001',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      user: {
        ...me.user,
        fullName: 'Roshan Irani',
        city: 'Mumbai',
        postalCode: '400 001',
      },
    });
    expect((await me.api('GET /api/auth/me')).body.user).toEqual(changed.body.user);
  });

  it('clears optional fields sent as "" or null, and leaves absent ones alone', async () => {
    const me = await signUp(t.app, {
      city: 'Pune',
      whatsapp: '+91 98200 00000',
      postalCode: '411001',
    });
    const cleared = await patchMe(me, { city: '', whatsapp: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.user).toMatchObject({ city: null, whatsapp: null, postalCode: '411001' });
  });

  it('changes username and email, which then sign in, and keeps the email in lower case', async () => {
    const me = await signUp(t.app);
    const tag = Math.random().toString(36).slice(2, 8);
    const changed = await patchMe(me, {
      username: `New_${tag}`,
      email: `New.${tag}@Example.test`,
      currentPassword,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({
      username: `New_${tag}`,
      email: `new.${tag}@example.test`,
    });
    const again = new ApiClient(t.app);
    const login = await again.api('POST /api/auth/login', {
      body: {
        username: `new_${tag}`,
        password: 'correct horse battery',
      },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(me.user.id);
  });

  it('refuses a username or email someone else has, ignoring case, as sign-up does', async () => {
    const other = await signUp(t.app);
    const me = await signUp(t.app);
    const username = await patchMe(me, { username: other.user.username.toUpperCase() });
    expect(username.status).toBe(409);
    expect(username.body).toEqual({ message: 'Username already taken' });
    const email = await patchMe(me, { email: other.user.email.toUpperCase(), currentPassword });
    expect(email.status).toBe(409);
    expect(email.body).toEqual({ message: 'Email already registered' });
    expect((await me.api('GET /api/auth/me')).body.user).toEqual(me.user);
  });

  it('lets a person keep their own username and email, or change only their case', async () => {
    const me = await signUp(t.app);
    const same = await patchMe(me, {
      username: me.user.username.toUpperCase(),
      email: me.user.email,
    });
    expect(same.status).toBe(200);
    expect(same.body.user.username).toBe(me.user.username.toUpperCase());
  });

  it("answers sign-up's messages for invalid fields", async () => {
    const me = await signUp(t.app);
    const invalid = await patchMe(me, {
      username: 'no spaces allowed',
      email: 'nope',
      fullName: '',
      city: 'c'.repeat(81),
      postalCode: 12345,
      whatsapp: '9'.repeat(21),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'Username may contain only letters, digits, _ and .' },
        { path: 'email', message: 'Invalid email address' },
        { path: 'fullName', message: 'Full name is required' },
        { path: 'city', message: 'City must be at most 80 characters' },
        { path: 'postalCode', message: 'Expected text' },
        { path: 'whatsapp', message: 'WhatsApp number must be at most 20 characters' },
      ]),
    );
    expect((await me.api('GET /api/auth/me')).body.user).toEqual(me.user);
  });

  it('says there is nothing to change for an empty or missing body', async () => {
    const me = await signUp(t.app);
    for (const body of [{}, undefined, { unknownField: 'x' }]) {
      const empty = await patchMe(me, body);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('No changes: send at least one field to update');
    }
  });

  it('needs a signed-in person and the same-origin header', async () => {
    const anonymous = await patchMe(new ApiClient(t.app), { city: 'Mumbai' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'You must be signed in' });
    const me = await signUp(t.app);
    const forged = await patchMe(me, { city: 'Mumbai' }, { 'x-requested-with': '' });
    expect(forged.status).toBe(403);
    expect((await me.api('GET /api/auth/me')).body.user.city).toBeNull();
  });
});

describe('changing the email', () => {
  const sent: OutgoingMail[] = [];
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ mailer: { send: async (mail) => void sent.push(mail) } });
  });
  afterAll(async () => m.close());

  const newEmail = () => `moved.${Math.random().toString(36).slice(2, 8)}@example.test`;
  /** The token of the last reset link mailed to `email`, once it has arrived. */
  async function resetToken(email: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mail = sent.findLast((message) => message.to === email && message.link);
      if (mail) return new URL(mail.link!).searchParams.get('token')!;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no reset link mailed to ${email}`);
  }

  it('needs the current password, with a clear message beside it', async () => {
    const me = await signUp(m.app);
    const target = newEmail();
    const missing = await patchMe(me, { email: target, fullName: 'Also Changed' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'Enter your current password to change your email',
      errors: [
        { path: 'currentPassword', message: 'Enter your current password to change your email' },
      ],
    });
    const wrong = await patchMe(me, { email: target, currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'Current password is incorrect',
      errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect((await me.api('GET /api/auth/me')).body.user).toEqual(me.user);
    // Other fields, and the same email, need no password.
    expect((await patchMe(me, { email: me.user.email, city: 'Yazd' })).status).toBe(200);
  });

  it('ends the reset links mailed before, and tells the old address', async () => {
    const me = await signUp(m.app);
    const oldEmail = me.user.email;
    await new ApiClient(m.app).api('POST /api/auth/password-reset-request', {
      body: { email: oldEmail },
    });
    const earlierToken = await resetToken(oldEmail);
    const target = newEmail();
    const changed = await patchMe(me, { email: target, currentPassword });
    expect(changed.status).toBe(200);
    expect(changed.body.user.email).toBe(target);

    const reset = await new ApiClient(m.app).api('POST /api/auth/password-reset', {
      body: {
        token: earlierToken,
        password: 'taken over at last',
      },
    });
    expect(reset).toMatchObject({ status: 400, body: { message: 'Invalid or expired token' } });
    const notice = sent.find((mail) => mail.to === oldEmail && !mail.link);
    expect(notice?.subject).toBe('Your email for The Threefold Path was changed');
    expect(notice?.text).toContain(`changed from this address to ${target}`);

    // The new address receives working links.
    await new ApiClient(m.app).api('POST /api/auth/password-reset-request', {
      body: { email: target },
    });
    const token = await resetToken(target);
    const works = await new ApiClient(m.app).api('POST /api/auth/password-reset', {
      body: {
        token,
        password: 'a fresh password',
      },
    });
    expect(works.status).toBe(200);
  });

  it('allows 10 tries a day, so whether an address is registered is not free to learn', async () => {
    const me = await signUp(m.app);
    const other = await signUp(m.app);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const email = i % 2 === 0 ? other.user.email.toUpperCase() : newEmail();
      statuses.push((await patchMe(me, { email, currentPassword })).status);
    }
    expect(statuses).toEqual([409, 200, 409, 200, 409, 200, 409, 200, 409, 200]);
    const refused = await patchMe(me, { email: other.user.email, currentPassword });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await patchMe(me, { email: newEmail(), currentPassword })).status).toBe(429);
    // Other changes still go through.
    expect((await patchMe(me, { city: 'Kerman' })).status).toBe(200);
    m.clock.advance(24 * 60 * 60_000);
    expect((await patchMe(me, { email: newEmail(), currentPassword })).status).toBe(200);
  });
});

describe('one-line fields', () => {
  it('refuse line breaks and control characters, with a clear message', async () => {
    const me = await signUp(t.app);
    const refused = await patchMe(me, {
      fullName: 'Eve\r\nBcc: eve@evil.test',
      city: 'Yazd\u2028Kerman',
      postalCode: '12\t34',
      whatsapp: '+98\u001b1',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'fullName', message: 'Full name cannot contain line breaks or control characters' },
        { path: 'city', message: 'City cannot contain line breaks or control characters' },
        {
          path: 'postalCode',
          message: 'Postal code cannot contain line breaks or control characters',
        },
        {
          path: 'whatsapp',
          message: 'WhatsApp number cannot contain line breaks or control characters',
        },
      ]),
    );
    expect((await me.api('GET /api/auth/me')).body.user).toEqual(me.user);

    const signup = await new ApiClient(t.app).api('POST /api/auth/signup', {
      body: {
        username: `line_${Math.random().toString(36).slice(2, 8)}`,
        email: `line.${Math.random().toString(36).slice(2, 8)}@example.test`,
        password: 'long enough password',
        fullName: 'Eve\nSubject: injected',
        city: 'Yazd\rKerman',
      },
    });
    expect(signup.status).toBe(400);
    expect(signup.body.errors).toEqual([
      { path: 'fullName', message: 'Full name cannot contain line breaks or control characters' },
      { path: 'city', message: 'City cannot contain line breaks or control characters' },
    ]);
    // A line break at either end is trimmed away like any space.
    expect((await patchMe(me, { fullName: '\n Zoë Årdal \r\n' })).body.user.fullName).toBe(
      'Zoë Årdal',
    );
  });
});
