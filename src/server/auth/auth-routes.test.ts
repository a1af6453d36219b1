import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const unique = () => Math.random().toString(36).slice(2, 10);

describe('sign-up', () => {
  it('creates the account, answers 201 with the user and signs the person in', async () => {
    const client = new ApiClient(t.app);
    const name = `Asha_${unique()}`;
    const response = await client.api('POST /api/auth/signup', {
      body: {
        username: name,
        email: `${name}@Example.COM`,
        password: 'a good long password',
        confirmPassword: 'a good long password',
        fullName: '  Roxana Daryush  ',
        postalCode: 'SW1A 1AA',
        whatsapp: '+44 7700 900000',
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.user).toEqual({
      id: expect.any(Number),
      username: name,
      email: `${name.toLowerCase()}@example.com`,
      fullName: 'Roxana Daryush',
      postalCode: 'SW1A 1AA',
      whatsapp: '+44 7700 900000',
      city: null,
      createdAt: expect.any(String),
      discoverable: 'everyone',
      pace: 'together',
      paceStartedOn: null,
      suspended: false,
      circlePush: false,
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await client.api('GET /api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.username).toBe(name);
    expect(JSON.stringify(me.body)).not.toMatch(/hash|argon|token/i);
  });

  it('answers each invalid field with the spec message', async () => {
    const response = await new ApiClient(t.app).api('POST /api/auth/signup', {
      body: {
        username: 'ab',
        email: 'not-an-email',
        password: 'short',
        confirmPassword: 'shorter',
        fullName: '',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'username', message: 'Username must be at least 3 characters' },
        { path: 'email', message: 'Invalid email address' },
        { path: 'password', message: 'Password must be at least 8 characters' },
        { path: 'fullName', message: 'Full name is required' },
        { path: 'confirmPassword', message: "Passwords don't match" },
      ]),
    );
    expect(typeof response.body.message).toBe('string');
  });

  it('enforces the text limits and the username alphabet', async () => {
    const client = new ApiClient(t.app);
    const base = { email: `${unique()}@example.com`, password: 'long enough', fullName: 'A' };
    const long = await client.api('POST /api/auth/signup', {
      body: { ...base, username: 'a'.repeat(31) },
    });
    expect(long.body.errors).toContainEqual({
      path: 'username',
      message: 'Username must be at most 30 characters',
    });
    const odd = await client.api('POST /api/auth/signup', {
      body: { ...base, username: 'has space' },
    });
    expect(odd.body.errors).toContainEqual({
      path: 'username',
      message: 'Username may contain only letters, digits, _ and .',
    });
    const name = await client.api('POST /api/auth/signup', {
      body: {
        ...base,
        username: `u${unique()}`,
        fullName: 'x'.repeat(101),
      },
    });
    expect(name.body.errors).toContainEqual({
      path: 'fullName',
      message: 'Full name must be at most 100 characters',
    });
    const pw = await client.api('POST /api/auth/signup', {
      body: {
        ...base,
        username: `u${unique()}`,
        password: 'p'.repeat(129),
      },
    });
    expect(pw.body.errors).toContainEqual({
      path: 'password',
      message: 'Password must be at most 128 characters',
    });
    const code = await client.api('POST /api/auth/signup', {
      body: {
        ...base,
        username: `u${unique()}`,
        postalCode: '1'.repeat(13),
      },
    });
    expect(code.body.errors).toContainEqual({
      path: 'postalCode',
      message: 'Postal code must be at most 12 characters',
    });
  });

  it('says Required for missing fields and never stores a half account', async () => {
    const response = await new ApiClient(t.app).call('POST', '/api/auth/signup', {});
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path: 'username', message: 'Required' });
    expect(response.body.errors).toContainEqual({ path: 'password', message: 'Required' });
  });

  it('refuses a taken username or email, ignoring case', async () => {
    const first = await signUp(t.app);
    const again = await new ApiClient(t.app).api('POST /api/auth/signup', {
      body: {
        username: first.user.username.toUpperCase(),
        email: `${unique()}@example.com`,
        password: 'long enough',
        fullName: 'Copy',
      },
    });
    expect(again).toMatchObject({ status: 409, body: { message: 'Username already taken' } });
    const sameEmail = await new ApiClient(t.app).api('POST /api/auth/signup', {
      body: {
        username: `u${unique()}`,
        email: first.user.email.toUpperCase(),
        password: 'long enough',
        fullName: 'Copy',
      },
    });
    expect(sameEmail).toMatchObject({ status: 409, body: { message: 'Email already registered' } });
  });
});

describe('sign-in and sign-out', () => {
  it('signs in by username or by email, ignoring case', async () => {
    const person = await signUp(t.app, { password: 'my secret phrase' });
    const byName = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: person.user.username.toUpperCase(),
        password: 'my secret phrase',
      },
    });
    expect(byName.status).toBe(200);
    expect(byName.body.user.id).toBe(person.user.id);
    const byEmail = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: person.user.email.toUpperCase(),
        password: 'my secret phrase',
      },
    });
    expect(byEmail.status).toBe(200);
    expect(byEmail.cookies.some((c) => c.name === SESSION_COOKIE && c.httpOnly)).toBe(true);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const person = await signUp(t.app);
    const wrongPassword = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'not the password',
      },
    });
    const unknown = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: `nobody_${unique()}`,
        password: 'whatever1',
      },
    });
    expect(wrongPassword).toMatchObject({
      status: 401,
      body: { message: 'Invalid username or password' },
    });
    expect(unknown).toMatchObject({
      status: 401,
      body: { message: 'Invalid username or password' },
    });
  });

  it('validates the sign-in form', async () => {
    const response = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: '',
        password: '',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('ends the session on the server at logout', async () => {
    const person = await signUp(t.app);
    const stolenCookie = person.sessionCookie;
    const out = await person.api('POST /api/auth/logout');
    expect(out).toMatchObject({ status: 200, body: { ok: true } });
    expect((await person.api('GET /api/auth/me')).status).toBe(401);
    const replay = new ApiClient(t.app);
    replay.sessionCookie = stolenCookie;
    expect((await replay.api('GET /api/auth/me')).status).toBe(401);
  });

  it('answers 401 to me when signed out or with a made-up cookie', async () => {
    expect((await new ApiClient(t.app).api('GET /api/auth/me')).status).toBe(401);
    const forged = new ApiClient(t.app);
    forged.sessionCookie = 'made-up-token';
    expect(await forged.api('GET /api/auth/me')).toMatchObject({
      status: 401,
      body: { message: 'You must be signed in' },
    });
  });

  it('expires a session 30 days after it was last used, and slides while in use', async () => {
    const person = await signUp(t.app);
    t.clock.advance(20 * 86_400_000);
    expect((await person.api('GET /api/auth/me')).status).toBe(200);
    t.clock.advance(20 * 86_400_000);
    expect((await person.api('GET /api/auth/me')).status).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await person.api('GET /api/auth/me')).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('refuses an address after 10 failed sign-ins to one account in 15 minutes, whatever the IP allowance', async () => {
    const person = await signUp(t.app, { password: 'the right one' });
    for (let i = 0; i < 10; i++) {
      const failed = await new ApiClient(t.app).api('POST /api/auth/login', {
        body: {
          username: person.user.username,
          password: 'wrong guess',
        },
      });
      expect(failed.status).toBe(401);
    }
    const locked = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'the right one',
      },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(16 * 60_000);
    const later = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'the right one',
      },
    });
    expect(later.status).toBe(200);
  });
});

describe('sign-up rate limit per IP', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { RATE_LIMIT_IP_FACTOR: '1' } });
  });
  afterAll(async () => strict.close());

  it('answers 429 with Retry-After once an IP has signed up too many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await new ApiClient(strict.app).api('POST /api/auth/signup', {
        body: {
          username: `flood_${unique()}`,
          email: `${unique()}@example.com`,
          password: 'long enough',
          fullName: 'Flood',
        },
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers['retry-after']).toBeDefined();
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
