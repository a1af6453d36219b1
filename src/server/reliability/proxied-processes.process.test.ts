import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { FRIENDS_FEED_LIMIT } from '#shared/constants';
import type { JournalEntry } from '#shared/journal-schemas';
import { findNginx, type NginxProxy, startNginx } from '../test-support/nginx-proxy.js';
import {
  freePort,
  hasPostgres,
  type HttpAnswer,
  type HttpPerson,
  inBatches,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopServer,
} from '../test-support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { projectRoot } from '../config.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PEOPLE = 12;
/** Longer than nginx passes over a failed process (up to 3 s): deploy/nginx/threefold-path.conf. */
const SHUTDOWN_DELAY_MS = 4_000;
/** Sent by every client; per-IP limits must count the address nginx saw instead. */
const FORGED_ADDRESS = '203.0.113.9';
const PASSWORD = 'correct horse battery';

const waitUntilReadyScript = path.join(projectRoot, 'deploy', 'wait-until-ready.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let nginx: NginxProxy | undefined;
let database: TestDatabase | undefined;
const running: ServerProcess[] = [];
const redis = new Redis(redisUrl, { lazyConnect: true });
const redisPrefix = `threefold-test:${randomBytes(6).toString('hex')}:`;
let usedRedis = false;

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(running.map((server) => stopServer(server, 'SIGKILL')));
  await database?.drop();
  if (usedRedis) {
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

/**
 * Waits until the process answers /api/ready 200 on its own port, with the script the shipped
 * systemd unit waits with (deploy/wait-until-ready.mjs), as a rolling restart does.
 */
async function waitUntilServing(server: ServerProcess): Promise<void> {
  const waiting = spawn(process.execPath, [waitUntilReadyScript, String(server.port), '30'], {
    stdio: 'ignore',
  });
  const outcome = await Promise.race([
    new Promise<'ready' | 'timed out'>((resolve) =>
      waiting.on('exit', (code) => resolve(code === 0 ? 'ready' : 'timed out')),
    ),
    server.exited.then(() => 'exited' as const),
  ]);
  if (outcome !== 'ready') {
    waiting.kill();
    throw new Error(`the process on port ${server.port} ${outcome}:\n${server.output()}`);
  }
}

const startedAt = performance.now();
const secondsIn = () => Number(((performance.now() - startedAt) / 1000).toFixed(2));

interface Failure {
  at: number;
  who: string;
  step: string;
  answer: string;
}

interface AcknowledgedSave {
  person: HttpPerson;
  dayNumber: number;
  entryText: string;
  isPublic: boolean;
}

/**
 * One person going round the daily flow until told to stop: now and then signing in again,
 * today's thought, a reflection for a new day with words of their own, the day's progress, the
 * friends' feed, and their own journal, which must hold the save just acknowledged.
 */
async function dailyFlow(
  person: HttpPerson,
  stopped: () => boolean,
  acknowledged: AcknowledgedSave[],
  failures: Failure[],
): Promise<void> {
  const who = person.user!.username;
  const step = async <T>(name: string, expected: number, call: () => Promise<HttpAnswer<T>>) => {
    let answer: HttpAnswer<T>;
    try {
      answer = await call();
    } catch (error) {
      failures.push({ at: secondsIn(), who, step: name, answer: String(error) });
      return undefined;
    }
    if (answer.status !== expected) {
      failures.push({
        at: secondsIn(),
        who,
        step: name,
        answer: `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
      });
      return undefined;
    }
    return answer;
  };
  for (let round = 0; round < 200 && !stopped(); round++) {
    if (round % 5 === 4) {
      await step('sign in', 200, () =>
        person.api('POST /api/auth/login', { body: { username: who, password: PASSWORD } }),
      );
    }
    await step("today's thought", 200, () => person.api('GET /api/thoughts/today'));
    const dayNumber = round + 1;
    const entryText = JSON.stringify({
      thoughts: `${who} on day ${dayNumber}`,
      words: randomBytes(6).toString('hex'),
      deeds: `round ${round}`,
    });
    const isPublic = round % 3 !== 2;
    const saved = await step('save', 201, () =>
      person.api('POST /api/journal', {
        body: { dayNumber, entryText, isPublic, baseUpdatedAt: null },
      }),
    );
    if (saved) acknowledged.push({ person, dayNumber, entryText, isPublic });
    await step('progress', 200, () =>
      person.call('PUT', `/api/progress/days/${dayNumber}`, { read: true }),
    );
    await step("friends' feed", 200, () => person.api('GET /api/journal/friends'));
    const own = await step('own journal', 200, () => person.api('GET /api/journal'));
    if (
      saved &&
      own &&
      !own.body.some((e) => e.dayNumber === dayNumber && e.entryText === entryText)
    ) {
      failures.push({
        at: secondsIn(),
        who,
        step: 'own journal',
        answer: `day ${dayNumber} missing after its save`,
      });
    }
    // A moment between rounds, as people take: the processes starting again get some CPU.
    await sleep(30);
  }
}

describe('several processes behind nginx, on PostgreSQL with Redis', () => {
  // Runs where TEST_DATABASE_URL names a PostgreSQL server (CI sets it, as for the other
  // PostgreSQL cases); there, a missing nginx fails it rather than skipping it.
  it.skipIf(!hasPostgres)(
    'a SIGKILLed process and a rolling restart of both, under load: not one failed request, not one acknowledged save lost',
    { timeout: 110_000 },
    async () => {
      const program = findNginx();
      if (!program) {
        throw new Error(
          'No nginx: `npm test` installs the Debian package nginx where it may; otherwise install it (apt-get install nginx) or set NGINX_PATH.',
        );
      }
      database = await createTestDatabase('postgres');
      usedRedis = true;
      const databaseUrl = database.url;
      const ports = [await freePort(), await freePort()];
      const proxyPort = await freePort();
      const proxyUrl = `http://127.0.0.1:${proxyPort}`;
      const startApp = (slot: number) => {
        const server = startServer({
          port: ports[slot]!,
          databaseUrl,
          env: {
            APP_URL: proxyUrl,
            REDIS_URL: redisUrl,
            REDIS_KEY_PREFIX: redisPrefix,
            TRUST_PROXY: '1',
            SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
          },
        });
        running[slot] = server;
        return server;
      };
      await Promise.all([0, 1].map((slot) => waitUntilServing(startApp(slot))));
      nginx = await startNginx({ program, port: proxyPort, upstreamPorts: ports });

      // People in a ring of friends, each with a friend on either side.
      const people: HttpPerson[] = [];
      await inBatches([...Array(PEOPLE).keys()], 4, async () => {
        people.push(await signUpOverHttp(proxyUrl));
      });
      for (const [index, person] of people.entries()) {
        const next = people[(index + 1) % PEOPLE]!;
        const asked = await person.api('POST /api/friend-requests/:userId', {
          params: { userId: next.user!.id },
        });
        expect(asked.status).toBe(201);
        expect(
          (
            await next.api('POST /api/friend-requests/:id/accept', {
              params: { id: asked.body.id },
            })
          ).status,
        ).toBe(200);
      }
      for (const person of people) person.headers = { 'x-forwarded-for': FORGED_ADDRESS };

      const acknowledged: AcknowledgedSave[] = [];
      const failures: Failure[] = [];
      let stop = false;
      const restarts: { slot: number; how: string; exit: number | string | null }[] = [];
      const events: string[] = [];
      const event = (what: string) => events.push(`${secondsIn()} s: ${what}`);
      const chaos = async () => {
        try {
          await sleep(1_000);
          const killed = running[0]!;
          event('SIGKILL 0');
          killed.child.kill('SIGKILL');
          restarts.push({ slot: 0, how: 'SIGKILL', exit: (await killed.exited).signal });
          await waitUntilServing(startApp(0));
          event('0 ready');
          await sleep(1_000);
          // A rolling restart: each stops gracefully and is back before the other stops.
          for (const slot of [0, 1]) {
            const stopping = running[slot]!;
            event(`SIGTERM ${slot}`);
            stopping.child.kill('SIGTERM');
            restarts.push({ slot, how: 'SIGTERM', exit: (await stopping.exited).code });
            event(`${slot} exited`);
            await waitUntilServing(startApp(slot));
            event(`${slot} ready`);
          }
          await sleep(1_000);
        } finally {
          stop = true;
        }
      };
      const loadFrom = performance.now();
      await Promise.all([
        chaos(),
        ...people.map((person) => dailyFlow(person, () => stop, acknowledged, failures)),
      ]);
      const seconds = ((performance.now() - loadFrom) / 1000).toFixed(1);

      expect(restarts).toEqual([
        { slot: 0, how: 'SIGKILL', exit: 'SIGKILL' },
        { slot: 0, how: 'SIGTERM', exit: 0 },
        { slot: 1, how: 'SIGTERM', exit: 0 },
      ]);
      expect(failures, `${events.join('\n')}\n${nginx.errorLog()}`).toEqual([]);

      // Every acknowledged save is there, exactly as sent, through nginx and through each
      // process on its own port.
      for (const person of people) {
        const mine = acknowledged
          .filter((save) => save.person === person)
          .map(({ dayNumber, entryText, isPublic }) => ({ dayNumber, entryText, isPublic }))
          .sort((a, b) => a.dayNumber - b.dayNumber);
        expect(mine.length).toBeGreaterThan(0);
        for (const baseUrl of [proxyUrl, ...running.map((server) => server.baseUrl)]) {
          person.baseUrl = baseUrl;
          const journal = await person.api('GET /api/journal');
          expect(journal.status).toBe(200);
          expect(
            journal.body
              .map(({ dayNumber, entryText, isPublic }) => ({ dayNumber, entryText, isPublic }))
              .sort((a, b) => a.dayNumber - b.dayNumber),
          ).toEqual(mine);
        }
      }

      // Each friends' feed, through nginx and through each process (whatever it cached), is
      // the newest shared entries of the two friends as their own journals hold them now.
      const journals = new Map<HttpPerson, JournalEntry[]>();
      for (const person of people) {
        person.baseUrl = proxyUrl;
        journals.set(person, (await person.api('GET /api/journal')).body);
      }
      for (const [index, person] of people.entries()) {
        const friends = [people[(index + PEOPLE - 1) % PEOPLE]!, people[(index + 1) % PEOPLE]!];
        const expected = friends
          .flatMap((friend) => journals.get(friend)!.filter((entry) => entry.isPublic))
          .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id)
          .slice(0, FRIENDS_FEED_LIMIT)
          .map(({ id, entryText }) => ({ id, entryText }));
        for (const baseUrl of [proxyUrl, ...running.map((server) => server.baseUrl)]) {
          person.baseUrl = baseUrl;
          const feed = await person.api('GET /api/journal/friends');
          expect(feed.body.map(({ id, entryText }) => ({ id, entryText }))).toEqual(expected);
        }
      }

      // nginx answered every request 2xx; both processes served; some requests met a process
      // that was gone and were passed to the other.
      const log = nginx.accessLog().map((line) => line.split('|'));
      const statuses = new Set(log.map(([status]) => status));
      expect([...statuses].filter((status) => !/^2\d\d$/.test(status!))).toEqual([]);
      const retried = log.filter(([, upstreams]) => upstreams!.includes(','));
      for (const port of ports) {
        expect(log.some(([, upstreams]) => upstreams!.includes(`:${port}`))).toBe(true);
      }
      expect(retried.length).toBeGreaterThan(0);
      console.log(
        `behind nginx: ${log.length} requests in ${seconds} s, ${acknowledged.length} saves, ${retried.length} passed on to the other process (${retried.filter(([, , , method]) => method === 'POST').length} POSTs), 0 failed; ${events.join(', ')}`,
      );

      // Rate limits counted in Redis, shared by both processes, per the address nginx saw.
      const keys = await redis.keys(`${redisPrefix}*`);
      const perIp = keys.filter((key) => key.includes(':ip:'));
      expect(perIp.length).toBeGreaterThan(0);
      expect(perIp.filter((key) => !key.includes(':ip:127.0.0.1'))).toEqual([]);
    },
  );
});
