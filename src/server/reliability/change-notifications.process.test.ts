import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../cache/change-notifications.js';
import {
  freePort,
  hasPostgres,
  type HttpPerson,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopServer,
  waitUntilReady,
} from '../test-support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';

// Two app processes on one PostgreSQL database, each caching sessions and feeds and told of
// changes by LISTEN/NOTIFY (docs/decisions/004): the rules a reader can rely on, checked from
// outside as a browser meets them.

/** Other people's changes, and ended sessions, reach every process within this. */
const HEARD_WITHIN_MS = 100;

let database: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;
let admin: pg.Client;

beforeAll(async () => {
  if (!hasPostgres) return;
  database = await createTestDatabase('postgres');
  const [portA, portB] = [await freePort(), await freePort()];
  // No reminder scheduler: its tick each minute would add queries of its own to the count.
  const env = { PUSH_SCHEDULER: 'false' };
  a = startServer({ port: portA, databaseUrl: database.url, env });
  b = startServer({ port: portB, databaseUrl: database.url, env });
  await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
  await Promise.all([untilLive(a, true), untilLive(b, true)]);
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
});

afterAll(async () => {
  if (!hasPostgres) return;
  await admin?.end();
  for (const server of [a, b]) if (server) await stopServer(server);
  await database?.drop();
});

/** A metric's value from a process's /metrics (summed over its series). */
async function metric(server: ServerProcess, name: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

async function untilLive(server: ServerProcess, live: boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await metric(server, 'threefold_change_notifications_live')) !== (live ? 1 : 0)) {
    if (Date.now() > deadline) throw new Error(`port ${server.port} never became live: ${live}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The same person on another device, or a later visit: the session, no mark of a change. */
function laterOn(person: HttpPerson, server: ServerProcess): HttpPerson {
  const later = person.on(server.baseUrl);
  later.ownChangeUntil = 0;
  return later;
}

/**
 * How long after now a request must start to see what `check` looks for: the start of the
 * first check that holds, asking as fast as a client can. A request that starts later than
 * the rule allows and still does not see it fails the rule, however long it then takes.
 */
async function msUntil(check: () => Promise<boolean>, limitMs = 5000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const asked = performance.now() - started;
    if (await check()) return asked;
    if (asked > limitMs) return Infinity;
  }
}

const reflection = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });
const feedTexts = async (reader: HttpPerson) => {
  const answer = await reader.api('GET /api/journal/friends');
  expect(answer.status).toBe(200);
  return answer.body.map((entry) => entry.entryText);
};

async function friends(): Promise<[HttpPerson, HttpPerson]> {
  const reader = await signUpOverHttp(a.baseUrl);
  const friend = await signUpOverHttp(a.baseUrl);
  const sent = await reader.api('POST /api/friend-requests/:userId', {
    params: { userId: friend.user!.id },
  });
  expect(sent.status).toBe(201);
  expect(
    (await friend.api('POST /api/friend-requests/:id/accept', { params: { id: sent.body.id } }))
      .status,
  ).toBe(200);
  return [reader, friend];
}

describe.skipIf(!hasPostgres)('two processes told of changes by PostgreSQL', () => {
  it('answer warm signed-in reads without asking the database', async () => {
    const [reader] = await friends();
    const onB = laterOn(reader, b);
    expect((await onB.api('GET /api/auth/me')).status).toBe(200);
    await feedTexts(onB);
    const queries = await metric(b, 'threefold_db_query_duration_seconds_count');
    const logReads = await metric(b, 'threefold_change_log_reads_total');
    for (let i = 0; i < 20; i++) {
      expect((await onB.api('GET /api/auth/me')).status).toBe(200);
      await feedTexts(onB);
    }
    expect(await metric(b, 'threefold_db_query_duration_seconds_count')).toBe(queries);
    expect(await metric(b, 'threefold_change_log_reads_total')).toBe(logReads);
  });

  it("show a reader's own change at once through the other process", async () => {
    const [reader, friend] = await friends();
    await friend.api('POST /api/journal', {
      body: {
        dayNumber: 5,
        entryText: reflection('hi'),
        isPublic: true,
      },
    });
    const stranger = await signUpOverHttp(a.baseUrl);
    await stranger.api('POST /api/journal', {
      body: {
        dayNumber: 6,
        entryText: reflection('from afar'),
        isPublic: true,
      },
    });
    // Both processes hold the reader's session and feed.
    for (const server of [a, b]) {
      expect((await laterOn(reader, server).api('GET /api/auth/me')).status).toBe(200);
      expect(await feedTexts(laterOn(reader, server))).toEqual([reflection('hi')]);
    }
    for (let i = 1; i <= 5; i++) {
      const renamed = await reader.on(a.baseUrl).call('PATCH', '/api/users/me', {
        fullName: `Renamed ${i}`,
      });
      expect(renamed.status).toBe(200);
      const me = await reader.on(b.baseUrl).api('GET /api/auth/me');
      expect(me.body.user.fullName).toBe(`Renamed ${i}`);
    }
    // A friendship the reader accepts through one process fills their feed on the other.
    const sent = await stranger.api('POST /api/friend-requests/:userId', {
      params: { userId: reader.user!.id },
    });
    expect(
      (
        await reader
          .on(a.baseUrl)
          .api('POST /api/friend-requests/:id/accept', { params: { id: sent.body.id } })
      ).status,
    ).toBe(200);
    expect((await feedTexts(reader.on(b.baseUrl))).sort()).toEqual(
      [reflection('from afar'), reflection('hi')].sort(),
    );
  });

  it("bring other people's changes to every process within 100 ms", async () => {
    const [reader, friend] = await friends();
    const onB = laterOn(reader, b);
    expect(await feedTexts(onB)).toEqual([]);
    const delays: number[] = [];
    for (let day = 1; day <= 5; day++) {
      const saved = await friend.api('POST /api/journal', {
        body: {
          dayNumber: day,
          entryText: reflection(`day ${day}`),
          isPublic: true,
        },
      });
      expect(saved.status).toBe(201);
      delays.push(await msUntil(async () => (await feedTexts(onB)).length === day));
    }
    const renamed = await friend.call('PATCH', '/api/users/me', { fullName: 'Quite New' });
    expect(renamed.status).toBe(200);
    delays.push(
      await msUntil(async () => {
        const feed = await onB.api('GET /api/journal/friends');
        return feed.body[0]?.user.fullName === 'Quite New';
      }),
    );
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(HEARD_WITHIN_MS);
  });

  it("bring a circle member's new reflection to every process within 100 ms", async () => {
    const reader = await signUpOverHttp(a.baseUrl);
    const member = await signUpOverHttp(a.baseUrl);
    const circle = await reader.api('POST /api/circles', { body: { name: 'Read together' } });
    const invite = await reader.api('POST /api/circles/:id/invites', {
      params: { id: circle.body.id },
    });
    expect(
      (await member.api('POST /api/circles/join', { body: { code: invite.body.code } })).status,
    ).toBe(200);
    const onB = laterOn(reader, b);
    const page = async () => {
      const answer = await onB.api('GET /api/circles/:id/reflections', {
        params: { id: circle.body.id },
        query: { day: '9' },
      });
      expect(answer.status).toBe(200);
      return answer.body.map((entry) => entry.thoughts);
    };
    expect(await page()).toEqual([]);
    const saved = await member.api('POST /api/journal', {
      body: {
        dayNumber: 9,
        entryText: reflection('in the circle'),
        circleIds: [circle.body.id],
      },
    });
    expect(saved.status).toBe(201);
    const delay = await msUntil(async () => (await page()).length === 1);
    expect(delay).toBeLessThanOrEqual(HEARD_WITHIN_MS);
  });

  it('refuse a signed-out or revoked session on every process within 100 ms', async () => {
    const person = await signUpOverHttp(a.baseUrl);
    // The same session's token, as a copy of it would be used elsewhere.
    const copy = laterOn(person, b);
    expect((await copy.api('GET /api/auth/me')).status).toBe(200);
    expect((await person.api('POST /api/auth/logout')).status).toBe(200);
    expect(
      await msUntil(async () => (await copy.api('GET /api/auth/me')).status === 401),
    ).toBeLessThanOrEqual(HEARD_WITHIN_MS);

    // Signed in on a laptop and a phone; the laptop ends the phone's session.
    const laptop = await signUpOverHttp(a.baseUrl);
    const phone = laterOn(laptop, b);
    phone.sessionCookie = undefined;
    const signedIn = await phone.api('POST /api/auth/login', {
      body: {
        username: laptop.user!.username,
        password: 'correct horse battery',
      },
    });
    expect(signedIn.status).toBe(200);
    phone.ownChangeUntil = 0;
    expect((await phone.api('GET /api/auth/me')).status).toBe(200);
    const sessions = await laptop.api('GET /api/auth/sessions');
    const phoneSession = sessions.body.sessions.find((session) => !session.current)!;
    expect((await laptop.call('DELETE', `/api/auth/sessions/${phoneSession.id}`)).status).toBe(200);
    expect(
      await msUntil(async () => (await phone.api('GET /api/auth/me')).status === 401),
    ).toBeLessThanOrEqual(HEARD_WITHIN_MS);
  });

  it('ask the database on every request while their notifications are down', async () => {
    const [reader, friend] = await friends();
    const onB = laterOn(reader, b);
    expect(await feedTexts(onB)).toEqual([]);
    // Each time its listening connection is cut, the process listens again a second or more
    // later: the change and the read below fall in that gap.
    for (let day = 1; day <= 3; day++) {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [`${LISTENER_NAME} ${b.child.pid}`],
      );
      await untilLive(b, false);
      const logReads = await metric(b, 'threefold_change_log_reads_total');
      await friend.api('POST /api/journal', {
        body: {
          dayNumber: day,
          entryText: reflection(`${day}`),
          isPublic: true,
        },
      });
      // At once: the process reads the log itself before answering.
      expect(await feedTexts(onB)).toHaveLength(day);
      expect(await metric(b, 'threefold_change_log_reads_total')).toBeGreaterThan(logReads);
    }
    // Listening again, it goes back to answering warm reads from what it holds.
    await untilLive(b, true);
    await feedTexts(onB);
    const logReads = await metric(b, 'threefold_change_log_reads_total');
    for (let i = 0; i < 10; i++) await feedTexts(onB);
    expect(await metric(b, 'threefold_change_log_reads_total')).toBe(logReads);
    await friend.api('POST /api/journal', {
      body: {
        dayNumber: 9,
        entryText: reflection('back'),
        isPublic: true,
      },
    });
    expect(await msUntil(async () => (await feedTexts(onB)).length === 4)).toBeLessThanOrEqual(
      HEARD_WITHIN_MS,
    );
  });
});
