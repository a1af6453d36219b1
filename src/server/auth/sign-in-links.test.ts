import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../db/connection.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const password = 'the owner knows this one';
const sent: OutgoingMail[] = [];

let t: TestApp;
let database: AppDatabase;
beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void sent.push(mail) } });
  database = openDatabase(t.databaseUrl);
});
afterAll(async () => {
  await database.close();
  await t.close();
});

let addressCounter = 0;
/** A browser at an address of its own, which never signed in before. */
const browserAt = (ip = `198.51.100.${(addressCounter++ % 250) + 1}`) => new ApiClient(t.app, ip);

const signIn = (client: ApiClient, username: string, secret = password) =>
  client.api('POST /api/auth/login', { body: { username, password: secret } });

const askForLink = (client: ApiClient, email: string) =>
  client.api('POST /api/auth/sign-in-link-request', { body: { email } });

/** The link mailed to `email` most recently, once the background send has run. */
async function linkMailedTo(email: string): Promise<string> {
  await expect.poll(() => sent.filter((mail) => mail.to === email).length).toBeGreaterThan(0);
  const mail = sent.filter((m) => m.to === email).at(-1)!;
  return mail.link!;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** 50 wrong passwords from 5 addresses: every new browser is now refused for this account. */
async function shutOut(username: string) {
  for (let ip = 1; ip <= 5; ip++) {
    const attacker = browserAt(`203.0.113.${ip}`);
    for (let i = 0; i < 10; i++) await signIn(attacker, username, `guess ${i}`);
  }
  expect((await signIn(browserAt(), username)).status).toBe(429);
}

describe('an emailed sign-in link', () => {
  it('lets the owner in on a new browser that failures from elsewhere shut out, and marks it known', async () => {
    const owner = await signUp(t.app, { password });
    await shutOut(owner.user.username);

    const laptop = browserAt('198.51.100.250');
    expect((await signIn(laptop, owner.user.username)).status).toBe(429);
    expect(await askForLink(laptop, owner.user.email.toUpperCase())).toMatchObject({
      status: 200,
      body: { message: 'If an account exists for that email, a sign-in link has been sent.' },
    });
    const link = await linkMailedTo(owner.user.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/sign-in-link\?token=[\w-]{43}$/);
    const mail = sent.filter((m) => m.to === owner.user.email).at(-1)!;
    expect(mail.text).toContain('within 15 minutes');

    const used = await laptop.api('POST /api/auth/sign-in-link', {
      body: { token: tokenOf(link) },
    });
    expect(used).toMatchObject({ status: 200, body: { user: { id: owner.user.id } } });
    expect(laptop.sessionCookie).toBeDefined();
    expect(laptop.deviceCookie).toMatch(new RegExp(`^${owner.user.id}\\.`));
    expect((await laptop.api('GET /api/auth/me')).body.user.id).toBe(owner.user.id);

    // Known now: its password sign-in is no longer refused for the failures from elsewhere.
    await laptop.api('POST /api/auth/logout');
    expect((await signIn(laptop, owner.user.username)).status).toBe(200);
    expect((await signIn(browserAt(), owner.user.username)).status).toBe(429);
  }, 60_000); // Fifty password checks first: seconds on a busy machine.

  it('works once, for 15 minutes, and is kept only as a hash', async () => {
    const owner = await signUp(t.app);
    await askForLink(browserAt(), owner.user.email);
    const token = tokenOf(await linkMailedTo(owner.user.email));
    const rows = await database.db
      .selectFrom('sign_in_links')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    const first = browserAt();
    expect((await first.api('POST /api/auth/sign-in-link', { body: { token } })).status).toBe(200);
    const again = await browserAt().api('POST /api/auth/sign-in-link', { body: { token } });
    expect(again).toMatchObject({
      status: 400,
      body: { message: 'Invalid or expired sign-in link' },
    });
    expect(again.cookies.find((c) => c.name === 'tfp_session' && c.value)).toBeUndefined();

    sent.length = 0;
    await askForLink(browserAt(), owner.user.email);
    const late = tokenOf(await linkMailedTo(owner.user.email));
    t.clock.advance(15 * 60_000 + 1);
    expect(
      (await browserAt().api('POST /api/auth/sign-in-link', { body: { token: late } })).status,
    ).toBe(400);
    expect(
      (await browserAt().api('POST /api/auth/sign-in-link', { body: { token: 'made-up' } })).status,
    ).toBe(400);
    expect((await browserAt().call('POST', '/api/auth/sign-in-link', {})).status).toBe(400);
  });

  it('answers alike whether or not the account exists, and mails only a real one', async () => {
    const owner = await signUp(t.app);
    const nobody = `nobody_${Math.random().toString(36).slice(2, 8)}@example.test`;
    const real = await askForLink(browserAt(), owner.user.email);
    const unknown = await askForLink(browserAt(), nobody);
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: real.status,
      body: real.body,
    });
    await linkMailedTo(owner.user.email);
    expect(sent.filter((mail) => mail.to === nobody)).toEqual([]);
    expect((await askForLink(browserAt(), 'not an email')).status).toBe(400);
  });

  it('is limited per account, alike for an unknown address, and a link of the window still works', async () => {
    const owner = await signUp(t.app);
    const nobody = `nobody_${Math.random().toString(36).slice(2, 8)}@example.test`;
    for (const email of [owner.user.email, nobody]) {
      for (let i = 0; i < 5; i++) expect((await askForLink(browserAt(), email)).status).toBe(200);
    }
    const refused = await askForLink(browserAt(), owner.user.email);
    const refusedUnknown = await askForLink(browserAt(), nobody);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual(refusedUnknown.body);
    expect(refused.body.message).toContain('use the newest one in your email');
    // Someone spending the allowance for the owner only fills the owner's inbox with links
    // that work for as long as the allowance stays spent.
    const token = tokenOf(await linkMailedTo(owner.user.email));
    t.clock.advance(14 * 60_000);
    expect((await browserAt().api('POST /api/auth/sign-in-link', { body: { token } })).status).toBe(
      200,
    );
  });

  it('is limited per address that asks', async () => {
    const strict = await createTestApp({
      env: { RATE_LIMIT_IP_FACTOR: '1' },
      mailer: { send: async () => undefined },
    });
    try {
      const asker = new ApiClient(strict.app, '192.0.2.77');
      for (let i = 0; i < 10; i++) {
        expect(
          (
            await asker.api('POST /api/auth/sign-in-link-request', {
              body: { email: `a${i}@x.test` },
            })
          ).status,
        ).toBe(200);
      }
      expect(
        (await asker.api('POST /api/auth/sign-in-link-request', { body: { email: 'a11@x.test' } }))
          .status,
      ).toBe(429);
      expect(
        (
          await new ApiClient(strict.app, '192.0.2.78').api('POST /api/auth/sign-in-link-request', {
            body: {
              email: 'a11@x.test',
            },
          })
        ).status,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
