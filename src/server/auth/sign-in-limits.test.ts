import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { DEVICE_COOKIE } from './device-cookies.js';

const password = 'the owner knows this one';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let addressCounter = 0;
/** A browser at an address of its own, which never signed in before. */
const browserAt = (ip = `198.51.100.${(addressCounter++ % 250) + 1}`) => new ApiClient(t.app, ip);

/** The owner, signed up (and so signed in) on their phone, which now carries a device cookie. */
async function owner() {
  const phone = await signUp(t.app, { password });
  expect(phone.deviceCookie).toBeDefined();
  return phone;
}

const signIn = (client: ApiClient, username: string, secret = password) =>
  client.api('POST /api/auth/login', { body: { username, password: secret } });

async function fail(client: ApiClient, username: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++)
    statuses.push((await signIn(client, username, `guess ${i}`)).status);
  return statuses;
}

/** 50 wrong passwords from 10 addresses, 5 each: the account's allowance from everywhere. */
async function spendEverySourceAllowance(username: string) {
  for (let i = 0; i < 10; i++) {
    expect(await fail(browserAt(`203.0.113.${i + 1}`), username, 5)).toEqual(Array(5).fill(401));
  }
}

describe('failed sign-ins from one address', () => {
  it('stop that address after 10, but not the owner signing in from another', async () => {
    const phone = await owner();
    const attacker = browserAt('203.0.113.66');
    const statuses = await fail(attacker, phone.user.username, 12);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const refused = await signIn(attacker, phone.user.username);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // A browser the owner never used before, elsewhere: in.
    expect((await signIn(browserAt(), phone.user.username)).status).toBe(200);
    // After the window, the address may try again.
    t.clock.advance(15 * 60_000);
    expect((await signIn(attacker, phone.user.username)).status).toBe(200);
  });

  it('count the same whether the account is named by username or by email', async () => {
    const phone = await owner();
    const attacker = browserAt();
    expect(await fail(attacker, phone.user.username, 5)).toEqual(Array(5).fill(401));
    expect(await fail(attacker, phone.user.email.toUpperCase(), 5)).toEqual(Array(5).fill(401));
    expect((await signIn(attacker, phone.user.username)).status).toBe(429);
    expect((await signIn(attacker, phone.user.email)).status).toBe(429);
  });

  it('are answered alike for a name that has no account', async () => {
    const attacker = browserAt();
    const name = `nobody_${Math.random().toString(36).slice(2, 8)}`;
    const statuses = await fail(attacker, name, 11);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Case and spaces name the same account, as they would for a real one.
    expect((await signIn(attacker, ` ${name.toUpperCase()} `)).status).toBe(429);
  });
});

describe('failed sign-ins from everywhere', () => {
  it('stop new browsers after 50, but never the owner on a device that signed in before', async () => {
    const phone = await owner();
    await spendEverySourceAllowance(phone.user.username);
    expect((await signIn(browserAt(), phone.user.username, 'one more guess')).status).toBe(429);
    // The owner on a new browser is refused too: it cannot be told from the attacker.
    expect((await signIn(browserAt(), phone.user.username)).status).toBe(429);

    // Their phone, wherever it is, gets in.
    const travelling = new ApiClient(t.app, '192.0.2.200');
    travelling.deviceCookie = phone.deviceCookie;
    const response = await signIn(travelling, phone.user.email);
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(phone.user.id);
  });

  it('let a device that signed in before fail 10 times of its own, and a success clears them', async () => {
    const phone = await owner();
    await spendEverySourceAllowance(phone.user.username);
    expect(await fail(phone, phone.user.username, 9)).toEqual(Array(9).fill(401));
    expect((await signIn(phone, phone.user.username)).status).toBe(200);
    // Cleared: ten more mistakes are answered as mistakes, then the device waits too.
    expect(await fail(phone, phone.user.username, 10)).toEqual(Array(10).fill(401));
    expect((await signIn(phone, phone.user.username)).status).toBe(429);
  });

  it('let the device in through any process on the database: the signing key is shared', async () => {
    const phone = await owner();
    await spendEverySourceAllowance(phone.user.username);
    const other = await createTestApp({ databaseUrl: t.databaseUrl, clock: t.clock });
    try {
      const elsewhere = new ApiClient(other.app, '192.0.2.33');
      elsewhere.deviceCookie = phone.deviceCookie;
      expect((await signIn(elsewhere, phone.user.username)).status).toBe(200);
      expect((await signIn(new ApiClient(other.app), phone.user.username)).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('ignore a device cookie that is forged, altered or for another account', async () => {
    const phone = await owner();
    const attackerAccount = await signUp(t.app);
    await spendEverySourceAllowance(phone.user.username);

    const [id, nonce, mac] = phone.deviceCookie!.split('.') as [string, string, string];
    const flipped = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    const forgedMac = createHmac('sha256', 'a guessed key')
      .update(`device:${id}.${nonce}`)
      .digest('base64url');
    const forged = [
      attackerAccount.deviceCookie!,
      `${id}.${nonce}.${flipped}`,
      `${id}.${nonce}.${forgedMac}`,
      `${id}.${nonce.slice(0, -1)}x.${mac}`,
      `${attackerAccount.user.id}.${nonce}.${mac}`,
      `${id}.${nonce}`,
      `${id}.${nonce}.${mac}.extra`,
      'garbage',
      '',
    ];
    for (const cookie of forged) {
      const attacker = browserAt();
      attacker.deviceCookie = cookie;
      const response = await signIn(attacker, phone.user.username);
      expect(response.status, cookie).toBe(429);
    }
    // The genuine one still works.
    expect((await signIn(phone, phone.user.username)).status).toBe(200);
  });
});

describe('the device cookie', () => {
  it('is HttpOnly, SameSite=Lax, long-lived, sent only to the sign-in calls, and unchanged by a later sign-in', async () => {
    const phone = await owner();
    const again = await phone.api('POST /api/auth/login', {
      body: {
        username: phone.user.username,
        password,
      },
    });
    const cookie = again.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(cookie.maxAge).toBeGreaterThanOrEqual(365 * 86_400);
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toBe(phone.deviceCookie);
    expect(cookie.value).not.toContain(phone.user.username);
  });

  it('is Secure when the app is served over https', async () => {
    const secure = await createTestApp({ env: { APP_URL: 'https://threefold.example' } });
    try {
      const client = new ApiClient(secure.app);
      const response = await client.api('POST /api/auth/signup', {
        body: {
          username: `secure_${Math.random().toString(36).slice(2, 8)}`,
          email: `secure_${Math.random().toString(36).slice(2, 8)}@example.test`,
          password,
          fullName: 'Secure Person',
        },
        headers: { origin: 'https://threefold.example' },
      });
      expect(response.status).toBe(201);
      expect(response.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({
        secure: true,
        httpOnly: true,
      });
    } finally {
      await secure.close();
    }
  });
});
