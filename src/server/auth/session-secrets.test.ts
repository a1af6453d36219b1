import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants';
import { buildApp } from '../app.js';
import { loggerOptions } from '../logging.js';
import { loadConfig } from '../config.js';
import { ApiClient, type ApiResponse, signUp } from '../test-support/api-client.js';
import { writeFixturePack } from '../test-support/fixture-pack.js';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
  testClock,
} from '../test-support/test-app.js';
import { hashToken } from './tokens.js';

/** A real SMTP peer on loopback; each message's reset token goes to whoever waits for it. */
async function startMailbox() {
  const waiting: ((token: string) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const token = /password-reset\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
        if (token) waiting.shift()?.(decodeURIComponent(token));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    nextToken: () => new Promise<string>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let secureApp: TestApp;

beforeAll(async () => {
  mailbox = await startMailbox();
  database = await createTestDatabase();
  // Every query is logged (SLOW_QUERY_MS=0) at debug level, so a secret in any statement shows.
  const config = loadConfig({
    DATABASE_URL: database.url,
    CONTENT_DIR: writeFixturePack(),
    RATE_LIMIT_IP_FACTOR: '1000',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'debug',
    SLOW_QUERY_MS: '0',
    SMTP_URL: mailbox.url,
    PUSH_SCHEDULER: 'false',
  });
  app = await buildApp(config, {
    clock: clock.clock,
    logger: { ...loggerOptions(config), transport: undefined, stream: logSink },
  });
  secureApp = await createTestApp({
    env: { APP_URL: 'https://threefold.example', PUSH_SCHEDULER: 'false' },
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
  await secureApp.close();
  await mailbox.close();
});

const sessionCookieOf = (response: ApiResponse<unknown>) =>
  response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);

async function signIn(username: string, password: string, on = app) {
  const client = new ApiClient(on);
  const response = await client.api('POST /api/auth/login', { body: { username, password } });
  return { client, response };
}

describe('session ids', () => {
  it('are new at every sign-in, and a cookie planted before it never becomes a session', async () => {
    const person = await signUp(app, { password: 'planted cookie test' });
    const planted = 'attacker-chosen-value-that-looks-like-a-token-1234';
    const victim = new ApiClient(app);
    victim.sessionCookie = planted;
    const login = await victim.api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'planted cookie test',
      },
    });
    expect(login.status).toBe(200);
    const issued = sessionCookieOf(login)!.value;
    expect(issued).not.toBe(planted);
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    const attacker = new ApiClient(app);
    attacker.sessionCookie = planted;
    expect((await attacker.api('GET /api/auth/me')).status).toBe(401);

    const again = await signIn(person.user.username, 'planted cookie test');
    const tokens = [person.sessionCookie, issued, again.client.sessionCookie];
    expect(new Set(tokens).size).toBe(3);
  });

  it('replace the session the browser already held, which stops working', async () => {
    const person = await signUp(app, { password: 'signing in twice' });
    const before = person.sessionCookie!;
    const login = await person.api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'signing in twice',
      },
    });
    expect(login.status).toBe(200);
    expect(person.sessionCookie).not.toBe(before);
    expect((await person.api('GET /api/auth/me')).status).toBe(200);
    const stale = new ApiClient(app);
    stale.sessionCookie = before;
    expect((await stale.api('GET /api/auth/me')).status).toBe(401);
  });

  it('are replaced at a password change: the old cookie and every other device stop working', async () => {
    const person = await signUp(app, { password: 'before the change' });
    const otherDevice = await signIn(person.user.username, 'before the change');
    const oldToken = person.sessionCookie!;
    const changed = await person.api('POST /api/auth/password', {
      body: {
        currentPassword: 'before the change',
        newPassword: 'after the change',
      },
    });
    expect(changed.status).toBe(200);
    const newToken = sessionCookieOf(changed)!.value;
    expect(newToken).not.toBe(oldToken);
    expect((await person.api('GET /api/auth/me')).status).toBe(200);
    const stale = new ApiClient(app);
    stale.sessionCookie = oldToken;
    expect((await stale.api('GET /api/auth/me')).status).toBe(401);
    expect((await otherDevice.client.api('GET /api/auth/me')).status).toBe(401);
  });
});

describe('session cookies', () => {
  const expectFlags = (response: ApiResponse<unknown>, secure: boolean) => {
    const cookie = sessionCookieOf(response);
    expect(cookie, `no session cookie in ${response.status}`).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(Boolean(cookie!.secure)).toBe(secure);
  };

  it('are httpOnly and SameSite=Lax, and not Secure over plain http', async () => {
    const client = new ApiClient(app);
    const name = `plain_${Math.random().toString(36).slice(2, 9)}`;
    const signup = await client.api('POST /api/auth/signup', {
      body: {
        username: name,
        email: `${name}@example.test`,
        password: 'plain http password',
        fullName: 'Plain Person',
      },
    });
    expectFlags(signup, false);
    expectFlags((await signIn(name, 'plain http password')).response, false);
  });

  it('are Secure as well when the app is served over https, on every call that sets one', async () => {
    const client = new ApiClient(secureApp.app);
    const name = `secure_${Math.random().toString(36).slice(2, 9)}`;
    const signup = await client.api('POST /api/auth/signup', {
      body: {
        username: name,
        email: `${name}@example.test`,
        password: 'secure password one',
        fullName: 'Secure Person',
      },
    });
    expectFlags(signup, true);
    const login = await signIn(name, 'secure password one', secureApp.app);
    expectFlags(login.response, true);
    const changed = await client.api('POST /api/auth/password', {
      body: {
        currentPassword: 'secure password one',
        newPassword: 'secure password two',
      },
    });
    expect(changed.status).toBe(200);
    expectFlags(changed, true);
    const logout = await client.api('POST /api/auth/logout');
    expectFlags(logout, true);
    expect(sessionCookieOf(logout)!.value).toBe('');
  });
});

describe('password reset tokens', () => {
  async function resetTokenFor(email: string): Promise<string> {
    const arrived = mailbox.nextToken();
    const asked = await new ApiClient(app).api('POST /api/auth/password-reset-request', {
      body: { email },
    });
    expect(asked.status).toBe(200);
    return arrived;
  }

  it('work once, even when two uses race', async () => {
    const person = await signUp(app);
    const token = await resetTokenFor(person.user.email);
    const uses = await Promise.all(
      ['raced password one', 'raced password two'].map((password) =>
        new ApiClient(app).api('POST /api/auth/password-reset', { body: { token, password } }),
      ),
    );
    expect(uses.map((use) => use.status).sort()).toEqual([200, 400]);
    const later = await new ApiClient(app).api('POST /api/auth/password-reset', {
      body: {
        token,
        password: 'a third try',
      },
    });
    expect(later).toMatchObject({ status: 400, body: { message: 'Invalid or expired token' } });
  });

  it('work for an hour and not after', async () => {
    const person = await signUp(app);
    const early = await resetTokenFor(person.user.email);
    clock.advance(59 * 60_000);
    const inTime = await new ApiClient(app).api('POST /api/auth/password-reset', {
      body: {
        token: early,
        password: 'reset within the hour',
      },
    });
    expect(inTime.status).toBe(200);
    const late = await resetTokenFor(person.user.email);
    clock.advance(60 * 60_000 + 1);
    const tooLate = await new ApiClient(app).api('POST /api/auth/password-reset', {
      body: {
        token: late,
        password: 'reset after the hour',
      },
    });
    expect(tooLate).toMatchObject({ status: 400, body: { message: 'Invalid or expired token' } });
    expect((await signIn(person.user.username, 'reset within the hour')).response.status).toBe(200);
  });
});

describe('a wrong username and a wrong password', () => {
  it('get the same answer', async () => {
    const person = await signUp(app);
    const unknown = await signIn(`nobody_${Math.random().toString(36).slice(2)}`, 'whatever 123');
    const wrong = await signIn(person.user.username, 'whatever 123');
    expect(unknown.response.status).toBe(401);
    expect(wrong.response.status).toBe(401);
    expect(unknown.response.body).toEqual(wrong.response.body);
    expect(sessionCookieOf(unknown.response)).toBeUndefined();
    expect(sessionCookieOf(wrong.response)).toBeUndefined();
  });

  it('take about as long, since an unknown name is checked against a decoy hash', async () => {
    const person = await signUp(app);
    const rounds = 7; // under the ten failed sign-ins an account allows in 15 minutes
    const timed = async (username: string) => {
      const started = performance.now();
      const { response } = await signIn(username, 'not the right password');
      expect(response.status).toBe(401);
      return performance.now() - started;
    };
    await timed(`warmup_${Math.random().toString(36).slice(2)}`);
    const unknownTimes: number[] = [];
    const wrongTimes: number[] = [];
    for (let i = 0; i < rounds; i++) {
      unknownTimes.push(await timed(`nobody_${i}_${Math.random().toString(36).slice(2)}`));
      wrongTimes.push(await timed(person.user.username));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const [unknownMedian, wrongMedian] = [median(unknownTimes), median(wrongTimes)];
    const ratio = Math.max(unknownMedian, wrongMedian) / Math.min(unknownMedian, wrongMedian);
    expect(ratio, `medians ${unknownMedian}ms vs ${wrongMedian}ms`).toBeLessThan(2.5);
  }, 30_000);
});

describe('logs', () => {
  it('never hold a password, session token, reset token or hash through a whole account life', async () => {
    const secrets: string[] = [];
    const keep = (...values: (string | undefined)[]) =>
      values.forEach((value) => value && secrets.push(value, hashToken(value)));

    const person = await signUp(app, { password: 'first secret phrase' });
    keep('first secret phrase', person.sessionCookie);
    const failed = await signIn(person.user.username, 'wrong secret phrase');
    expect(failed.response.status).toBe(401);
    keep('wrong secret phrase');
    const signedIn = await signIn(person.user.username, 'first secret phrase');
    keep(signedIn.client.sessionCookie);

    const token = await (async () => {
      const arrived = mailbox.nextToken();
      await new ApiClient(app).api('POST /api/auth/password-reset-request', {
        body: {
          email: person.user.email,
        },
      });
      return arrived;
    })();
    keep(token);
    const reset = await app.inject({
      method: 'POST',
      url: `/api/auth/password-reset?token=${token}`,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: JSON.stringify({ token, password: 'second secret phrase' }),
    });
    expect(reset.statusCode).toBe(200);
    keep('second secret phrase');

    const again = await signIn(person.user.username, 'second secret phrase');
    keep(again.client.sessionCookie);
    const changed = await again.client.api('POST /api/auth/password', {
      body: {
        currentPassword: 'second secret phrase',
        newPassword: 'third secret phrase',
      },
    });
    expect(changed.status).toBe(200);
    keep('third secret phrase', again.client.sessionCookie);
    const refused = await again.client.api('POST /api/auth/password', {
      body: {
        currentPassword: 'not my secret phrase',
        newPassword: 'fourth secret phrase',
      },
    });
    expect(refused.status).toBe(400);
    const broken = await again.client.call(
      'POST',
      '/api/journal',
      '{"entryText": "fifth secret phrase", "dayNumber": ',
    );
    expect(broken.status).toBe(400);
    keep('not my secret phrase', 'fourth secret phrase', 'fifth secret phrase');

    const text = logLines.join('\n');
    expect(logLines.filter((line) => line.includes('request completed')).length).toBeGreaterThan(8);
    expect(text).toContain('select'); // the queries themselves were logged
    for (const secret of secrets) {
      expect(text.includes(secret), `a log line holds "${secret.slice(0, 12)}…"`).toBe(false);
    }
    expect(text).not.toMatch(/\$argon2/);
  });
});
