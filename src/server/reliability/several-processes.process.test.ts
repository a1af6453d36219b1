import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../config.js';
import { readPackFolder } from '../content/content-pack-files.js';
import { openDatabase } from '../db/connection.js';
import { migrations } from '../db/migrations/index.js';
import {
  freePort,
  hasPostgres,
  HttpPerson,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopServer,
  waitUntilReady,
} from '../test-support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two app processes on one database, started at the same moment. */
async function startTwo(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<[ServerProcess, ServerProcess]> {
  const [portA, portB] = [await freePort(), await freePort()];
  const a = startServer({ port: portA, databaseUrl: database.url, env });
  const b = startServer({ port: portB, databaseUrl: database.url, env });
  try {
    await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
  } catch (error) {
    await Promise.all([stopServer(a, 'SIGKILL'), stopServer(b, 'SIGKILL')]);
    throw error;
  }
  return [a, b];
}

/** Stops both, whatever either says, so that a failed test leaves no server running. */
async function stopBoth(servers: ServerProcess[]): Promise<void> {
  const exits = await Promise.all(servers.map((server) => stopServer(server)));
  expect(exits.map((exit) => exit.code)).toEqual(servers.map(() => 0));
}

/** Sign-ups from one address, alternating between the processes, until one is refused. */
async function signUpsAcross(servers: ServerProcess[], attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const person = new HttpPerson(servers[i % servers.length]!.baseUrl);
    const tag = randomBytes(5).toString('hex');
    const answer = await person.api('POST /api/auth/signup', {
      body: {
        username: `limit_${tag}`,
        email: `limit_${tag}@example.test`,
        password: 'correct horse battery',
        fullName: `Limit ${tag}`,
      },
    });
    statuses.push(answer.status);
  }
  return statuses;
}

// Ten sign-ups an hour per address (RATE_LIMIT_IP_FACTOR=1): counted per process, each would
// allow ten of its own and the eleventh would succeed.
const sharedSignUpLimit = [...Array<number>(10).fill(201), 429, 429];

describe.each([
  { kind: 'sqlite' as const, enabled: true },
  // The PostgreSQL case runs only when TEST_DATABASE_URL names a server (CI sets it).
  { kind: 'postgres' as const, enabled: hasPostgres },
])('two processes starting at once on a fresh $kind database', ({ kind, enabled }) => {
  it.skipIf(!enabled)(
    'both come up; migrations run once and the readings are loaded whole',
    async () => {
      const database = await createTestDatabase(kind);
      const servers = await startTwo(database, { LOG_LEVEL: 'info' });
      try {
        const loads = servers.map((s) => /"msg":"content pack"/.test(s.output()));
        expect(loads).toEqual([true, true]);
        // A first start is an ordinary one: nothing in it warns an operator (level 40 and up)
        // but a slow query, which only a busy machine logs (waits for the other's locks are not).
        const warnings = servers.flatMap((s) =>
          s
            .output()
            .split('\n')
            .filter((line) => /^\{"level":[4-6]\d,/.test(line) && !line.includes('"slow query"')),
        );
        expect(warnings).toEqual([]);
        // PostgreSQL serialises the load with an advisory lock: one process loads, the other
        // finds it done. (On SQLite both may load, one after the other.)
        const loadedBy = servers.filter((s) => /"loaded":true/.test(s.output()));
        if (kind === 'postgres') expect(loadedBy).toHaveLength(1);
        else expect(loadedBy.length).toBeGreaterThanOrEqual(1);

        const pack = await readPackFolder(path.join(projectRoot, 'content'));
        if (!pack.ok) throw new Error(pack.errors.join('\n'));
        const db = openDatabase(database.url);
        try {
          const applied = await db.db
            .selectFrom('kysely_migration' as never)
            .select('name' as never)
            .execute();
          expect(applied.map((row) => (row as { name: string }).name).sort()).toEqual(
            Object.keys(migrations).sort(),
          );
          const counts = await Promise.all(
            (['thoughts', 'gatha_info', 'content_state'] as const).map(async (table) =>
              Number(
                (
                  await db.db
                    .selectFrom(table)
                    .select((eb) => eb.fn.countAll().as('n'))
                    .executeTakeFirstOrThrow()
                ).n,
              ),
            ),
          );
          expect(counts).toEqual([pack.pack.readings.length, pack.pack.gathaInfo.length, 1]);
        } finally {
          await db.close();
        }
        for (const server of servers) {
          const today = await new HttpPerson(server.baseUrl).api('GET /api/thoughts/today');
          expect(today.status).toBe(200);
        }
      } finally {
        await stopBoth(servers);
        await database.drop();
      }
    },
  );
});

describe.each([
  { kind: 'sqlite' as const, enabled: true },
  // The PostgreSQL case runs only when TEST_DATABASE_URL names a server (CI sets it).
  { kind: 'postgres' as const, enabled: hasPostgres },
])('several processes on one $kind database', ({ kind, enabled }) => {
  it.skipIf(!enabled)('a session made on one process works on the other', async () => {
    const database = await createTestDatabase(kind);
    const [a, b] = await startTwo(database);
    try {
      const person = await signUpOverHttp(a.baseUrl);
      // Looked up once on the first, so that process may keep it.
      expect((await person.api('GET /api/auth/me')).status).toBe(200);
      const saved = await person.api('POST /api/journal', {
        body: {
          dayNumber: 12,
          entryText: 'Written on the first process',
          isPublic: false,
        },
      });
      expect(saved.status).toBe(201);

      person.baseUrl = b.baseUrl;
      expect((await person.api('GET /api/auth/me')).body).toEqual({ user: person.user });
      const read = await person.api('GET /api/journal/day/:dayNumber', {
        params: { dayNumber: 12 },
      });
      expect(read.body).toMatchObject({
        id: saved.body.id,
        entryText: 'Written on the first process',
      });
      expect((await person.api('POST /api/auth/logout')).status).toBe(200);

      // Signed out on the second, the session is gone on the first as well, at once.
      person.baseUrl = a.baseUrl;
      expect((await person.api('GET /api/auth/me')).status).toBe(401);
    } finally {
      await stopBoth([a, b]);
      await database.drop();
    }
  });

  it.skipIf(!enabled)(
    "an entry unshared through one process leaves a friend's feed on the other at once",
    async () => {
      const database = await createTestDatabase(kind);
      const [a, b] = await startTwo(database);
      try {
        const reader = await signUpOverHttp(a.baseUrl);
        const friend = await signUpOverHttp(b.baseUrl);
        const asked = await friend.api('POST /api/friend-requests/:userId', {
          params: { userId: reader.user!.id },
        });
        expect(asked.status).toBe(201);
        expect(
          (
            await reader.api('POST /api/friend-requests/:id/accept', {
              params: { id: asked.body.id },
            })
          ).status,
        ).toBe(200);
        const shared = await friend.api('POST /api/journal', {
          body: {
            dayNumber: 3,
            entryText: 'For my friends',
            isPublic: true,
          },
        });
        const feed = () => reader.api('GET /api/journal/friends');
        expect((await feed()).body.map((e) => e.id)).toEqual([shared.body.id]);
        expect((await feed()).body.map((e) => e.id)).toEqual([shared.body.id]);

        expect(
          (await friend.call('PUT', `/api/journal/${shared.body.id}`, { isPublic: false })).status,
        ).toBe(200);
        expect((await feed()).body).toEqual([]);
      } finally {
        await stopBoth([a, b]);
        await database.drop();
      }
    },
  );
});

describe.each([
  { kind: 'sqlite' as const, enabled: true },
  // The PostgreSQL case runs only when TEST_DATABASE_URL names a server (CI sets it).
  { kind: 'postgres' as const, enabled: hasPostgres },
])('rate limits shared by two processes on $kind', ({ kind, enabled }) => {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  const prefixes: string[] = [];
  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it.skipIf(!enabled)('without Redis, the database counts for both', async () => {
    const database = await createTestDatabase(kind);
    const servers = await startTwo(database, { RATE_LIMIT_IP_FACTOR: '1' });
    try {
      expect(await signUpsAcross(servers, 12)).toEqual(sharedSignUpLimit);
    } finally {
      await stopBoth(servers);
      await database.drop();
    }
  });

  it.skipIf(!enabled)('with REDIS_URL, Redis counts for both', async () => {
    const prefix = `threefold-test:${randomBytes(6).toString('hex')}:`;
    prefixes.push(prefix);
    const database = await createTestDatabase(kind);
    const servers = await startTwo(database, {
      RATE_LIMIT_IP_FACTOR: '1',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
    });
    try {
      expect(await signUpsAcross(servers, 12)).toEqual(sharedSignUpLimit);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe('12');
    } finally {
      await stopBoth(servers);
      await database.drop();
    }
  });
});
