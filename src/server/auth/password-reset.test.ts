import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/** A real SMTP peer on loopback that keeps every message it receives. */
async function startMailbox() {
  const messages: { to: string[]; raw: string }[] = [];
  const waiting: ((raw: string) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        waiting.shift()?.(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next: () => new Promise<string>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message text with quoted-printable soft line breaks and escapes undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset token from a message's link. */
function tokenFrom(raw: string): string {
  const text = decoded(raw);
  const match = /\/password-reset\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in:\n${raw}`);
  return decodeURIComponent(match[1]);
}

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let t: TestApp;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({
    env: { SMTP_URL: mailbox.url, MAIL_FROM: 'The Threefold Path <hello@threefold.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const resetMessage = 'If an account exists for that email, a reset link has been sent.';

describe('password reset by mail', () => {
  it('mails a link, resets the password with its token, signs out everywhere, and signs in anew', async () => {
    const person = await signUp(t.app, { password: 'old password 1' });
    const arrived = mailbox.next();
    const asked = await new ApiClient(t.app).api('POST /api/auth/password-reset-request', {
      body: {
        email: person.user.email.toUpperCase(),
      },
    });
    expect(asked).toMatchObject({ status: 200, body: { message: resetMessage } });
    const raw = await arrived;
    expect(raw).toContain(`To: ${person.user.email}`);
    expect(decoded(raw)).toContain('http://localhost:3000/password-reset?token=');
    const token = tokenFrom(raw);

    const reset = await new ApiClient(t.app).api('POST /api/auth/password-reset', {
      body: {
        token,
        password: 'new password 2',
      },
    });
    expect(reset.status).toBe(200);
    expect(typeof reset.body.message).toBe('string');

    expect((await person.api('GET /api/auth/me')).status).toBe(401);
    const oldLogin = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'old password 1',
      },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'new password 2',
      },
    });
    expect(newLogin.status).toBe(200);

    const reuse = await new ApiClient(t.app).api('POST /api/auth/password-reset', {
      body: {
        token,
        password: 'third password',
      },
    });
    expect(reuse).toMatchObject({ status: 400, body: { message: 'Invalid or expired token' } });
  });

  it('gives the same answer for an unknown email and sends nothing', async () => {
    const before = mailbox.messages.length;
    const asked = await new ApiClient(t.app).api('POST /api/auth/password-reset-request', {
      body: {
        email: 'nobody-at-all@example.test',
      },
    });
    expect(asked).toMatchObject({ status: 200, body: { message: resetMessage } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailbox.messages.length).toBe(before);
  });

  it('answers an email too long for a rate-limit key as any other, and counts it', async () => {
    const email = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const asked = await new ApiClient(t.app).api('POST /api/auth/password-reset-request', {
        body: { email },
      });
      statuses.push(asked.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses a token after an hour', async () => {
    const person = await signUp(t.app);
    const arrived = mailbox.next();
    await new ApiClient(t.app).api('POST /api/auth/password-reset-request', {
      body: {
        email: person.user.email,
      },
    });
    const token = tokenFrom(await arrived);
    t.clock.advance(61 * 60_000);
    const late = await new ApiClient(t.app).api('POST /api/auth/password-reset', {
      body: {
        token,
        password: 'too late now',
      },
    });
    expect(late).toMatchObject({ status: 400, body: { message: 'Invalid or expired token' } });
  });

  it('validates both calls with the spec messages', async () => {
    const client = new ApiClient(t.app);
    expect(
      await client.api('POST /api/auth/password-reset-request', { body: { email: 'nope' } }),
    ).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'email', message: 'Please enter a valid email address' }] },
    });
    const bad = await client.api('POST /api/auth/password-reset', {
      body: { token: '', password: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'token', message: 'Token is required' },
      { path: 'password', message: 'Password must be at least 8 characters' },
    ]);
    expect(
      await client.api('POST /api/auth/password-reset', {
        body: { token: 'made-up', password: 'long enough' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Invalid or expired token' },
    });
  });
});

describe('password reset with no mail server', () => {
  it('writes the message to the outbox folder so a reset still works', async () => {
    const local = await createTestApp();
    try {
      const person = await signUp(local.app);
      await new ApiClient(local.app).api('POST /api/auth/password-reset-request', {
        body: {
          email: person.user.email,
        },
      });
      const outbox = local.config.mailOutboxDir;
      let files: string[] = [];
      // The mail is written in the background; a busy machine may take a few seconds.
      for (let i = 0; i < 500 && files.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
      }
      expect(files).toHaveLength(1);
      const token = tokenFrom(fs.readFileSync(path.join(outbox, files[0] as string), 'utf8'));
      const reset = await new ApiClient(local.app).api('POST /api/auth/password-reset', {
        body: {
          token,
          password: 'from the outbox',
        },
      });
      expect(reset.status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
