import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const patchMe = (client: ApiClient, body?: unknown, headers?: Record<string, string>) =>
  client.call('PATCH', '/api/users/me', body, headers);

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
    expect((await me.get('/api/auth/me')).body.user).toEqual(changed.body.user);
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
    const changed = await patchMe(me, { username: `New_${tag}`, email: `New.${tag}@Example.test` });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({
      username: `New_${tag}`,
      email: `new.${tag}@example.test`,
    });
    const again = new ApiClient(t.app);
    const login = await again.post('/api/auth/login', {
      username: `new_${tag}`,
      password: 'correct horse battery',
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
    const email = await patchMe(me, { email: other.user.email.toUpperCase() });
    expect(email.status).toBe(409);
    expect(email.body).toEqual({ message: 'Email already registered' });
    expect((await me.get('/api/auth/me')).body.user).toEqual(me.user);
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
    expect((await me.get('/api/auth/me')).body.user).toEqual(me.user);
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
    expect((await me.get('/api/auth/me')).body.user.city).toBeNull();
  });
});
