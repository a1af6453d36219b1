import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../db/connection.js';
import { sweepExpiredRecords } from '../jobs/expired-records.js';
import type { OutgoingMail } from '../mail/mailer.js';
import { suspendReportedAccount } from '../reports/report-review.js';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

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

const password = 'correct horse battery';
const dayMs = 86_400_000;

/** Another device of the same person, signed in with its own session. */
async function secondDevice(username: string, secret = password): Promise<ApiClient> {
  const device = new ApiClient(t.app);
  const login = await device.api('POST /api/auth/login', { body: { username, password: secret } });
  expect(login.status).toBe(200);
  return device;
}

/** What a device whose session is over is told by its next call. */
async function toldOnNextCall(device: ApiClient) {
  const answer = await device.api('GET /api/journal');
  return { status: answer.status, body: answer.body };
}

const signedOutBecause = (sessionEnded: string) => ({
  status: 401,
  body: { message: 'You must be signed in', sessionEnded },
});

describe('a device whose session was ended elsewhere is told why', () => {
  it('signed out from the devices list of another device', async () => {
    const me = await signUp(t.app);
    const phone = await secondDevice(me.user.username);
    const listed = (await me.api('GET /api/auth/sessions')).body.sessions;
    const phoneSession = listed.find((session) => !session.current)!;
    expect(
      (await me.api('DELETE /api/auth/sessions/:id', { params: { id: phoneSession.id } })).status,
    ).toBe(200);

    expect(await toldOnNextCall(phone)).toEqual(signedOutBecause('signed-out-elsewhere'));
    expect((await phone.call('GET', '/api/auth/me')).body.sessionEnded).toBe(
      'signed-out-elsewhere',
    );
    expect((await me.api('GET /api/auth/me')).status).toBe(200);
  });

  it('signed out everywhere else', async () => {
    const me = await signUp(t.app);
    const phone = await secondDevice(me.user.username);
    expect((await me.api('POST /api/auth/sessions/sign-out-others')).body).toEqual({
      signedOut: 1,
    });
    expect(await toldOnNextCall(phone)).toEqual(signedOutBecause('signed-out-elsewhere'));
  });

  it('the password was changed on another device', async () => {
    const me = await signUp(t.app);
    const phone = await secondDevice(me.user.username);
    const changed = await me.api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'a new calm phrase',
      },
    });
    expect(changed.status).toBe(200);
    expect(await toldOnNextCall(phone)).toEqual(signedOutBecause('password-changed'));
    expect((await me.api('GET /api/journal')).status).toBe(200);
  });

  it('the password was reset', async () => {
    const me = await signUp(t.app);
    await new ApiClient(t.app).api('POST /api/auth/password-reset-request', {
      body: { email: me.user.email },
    });
    for (let wait = 0; wait < 100 && !sent.some((mail) => mail.to === me.user.email); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const link = sent.find((mail) => mail.to === me.user.email)?.link ?? '';
    const token = new URL(link).searchParams.get('token');
    const reset = await new ApiClient(t.app).call('POST', '/api/auth/password-reset', {
      token,
      password: 'a quiet walk by the river',
    });
    expect(reset.status).toBe(200);
    expect(await toldOnNextCall(me)).toEqual(signedOutBecause('password-changed'));
  });

  it('the account was suspended', async () => {
    const author = await signUp(t.app);
    const reporter = await signUp(t.app);
    const filed = await reporter.api('POST /api/reports', {
      body: {
        targetType: 'user',
        targetId: author.user.id,
        reason: 'spam',
      },
    });
    expect(filed.status).toBe(201);
    await suspendReportedAccount(database.db, filed.body.id, t.clock.clock());
    expect(await toldOnNextCall(author)).toEqual(signedOutBecause('suspended'));
  });

  it('the session expired', async () => {
    const me = await signUp(t.app);
    t.clock.advance(31 * dayMs);
    expect(await toldOnNextCall(me)).toEqual(signedOutBecause('expired'));
  });
});

describe('what is not told, and how long it is kept', () => {
  it('a device that signed out itself, or a cookie never issued, gets the plain 401', async () => {
    const me = await signUp(t.app);
    const copy = new ApiClient(t.app);
    copy.sessionCookie = me.sessionCookie;
    expect((await me.api('POST /api/auth/logout')).status).toBe(200);
    expect(await toldOnNextCall(copy)).toEqual({
      status: 401,
      body: { message: 'You must be signed in' },
    });
    const stranger = new ApiClient(t.app);
    stranger.sessionCookie = 'a-cookie-no-one-issued';
    expect((await stranger.api('GET /api/auth/me')).body).toEqual({
      message: 'You must be signed in',
    });
  });

  it('keeps only the token hash and the reason, until the session would have expired', async () => {
    const me = await signUp(t.app);
    const phone = await secondDevice(me.user.username);
    await me.api('POST /api/auth/sessions/sign-out-others');
    const kept = await database.db
      .selectFrom('ended_sessions')
      .selectAll()
      .where('reason', '=', 'signed-out-elsewhere')
      .execute();
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept)
      expect(Object.keys(row).sort()).toEqual(['expires_at', 'reason', 'token_hash']);
    expect(JSON.stringify(kept)).not.toContain(phone.sessionCookie);

    t.clock.advance(31 * dayMs);
    const swept = await sweepExpiredRecords(database.db, t.clock.clock());
    expect(swept.endedSessions).toBeGreaterThan(0);
    expect(await toldOnNextCall(phone)).toEqual({
      status: 401,
      body: { message: 'You must be signed in' },
    });
  });
});
