import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentReadingDay } from '#shared/day-model';
import { zonedNow } from './push-reminder-due.js';
import { openDatabase } from '../db/connection.js';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { type TestDatabase, createTestDatabase, testClock } from '../test-support/test-app.js';
import { createReminderScheduler } from './reminder-scheduler.js';
import { buildPushTestApp } from '../push/test-support/push-test-app.js';
import { loadVapidKeys } from '../push/vapid-keys.js';
import {
  type TestPushService,
  type TestSubscription,
  startTestPushService,
} from '../push/test-support/test-push-service.js';

const MINUTE = 60_000;

let database: TestDatabase;
let service: TestPushService;
let first: Awaited<ReturnType<typeof buildPushTestApp>>;
let second: Awaited<ReturnType<typeof buildPushTestApp>>;
let vapidPublicKey = '';

/** Options for an app that posts to the test push service: its agent, its host and port. */
const onTestPushService = <T extends object>(options: T) => ({
  ...options,
  pushAgent: service.agent,
  env: { PUSH_SERVICE_HOSTS: new URL(service.origin).host },
});

beforeAll(async () => {
  database = await createTestDatabase();
  service = await startTestPushService(() => vapidPublicKey);
  const clock = testClock();
  // Two app processes on one database, as in a deployment with two instances.
  first = await buildPushTestApp(onTestPushService({ databaseUrl: database.url, clock }));
  second = await buildPushTestApp(onTestPushService({ databaseUrl: database.url, clock }));
  vapidPublicKey = (await new ApiClient(first.app).api('GET /api/push/public-key')).body.publicKey;
});

afterAll(async () => {
  await first.close();
  await second.close();
  await service.close();
  await database.drop();
});

afterEach(() => {
  expect(service.refused).toEqual([]);
});

/** A new person whose device (on the test push service) wants a reminder at `time` in `zone`. */
async function personWithReminder(app: FastifyInstance, time: string, timeZone: string) {
  const person = await signUp(app);
  const device = service.subscribe();
  const response = await person.api('POST /api/push/subscriptions', {
    body: {
      subscription: { endpoint: device.endpoint, expirationTime: null, keys: device.keys },
      time,
      timeZone,
    },
  });
  expect(response.status).toBe(201);
  return { person, device };
}

const deliveriesTo = (device: TestSubscription) =>
  service.delivered.filter((push) => push.subscription === device.id);
const attemptsAt = (device: TestSubscription) =>
  service.attempts.filter((id) => id === device.id).length;

/** Both processes tick at `now` at the same moment. */
async function tickBoth(now: Date) {
  await Promise.all([
    first.app.reminderScheduler.tick(now),
    second.app.reminderScheduler.tick(now),
  ]);
}

describe('daily reminder pushes from two app processes on one database', () => {
  it('sends each person one push a local day, at their time, across three time zones', async () => {
    const people = [
      {
        zone: 'America/Los_Angeles',
        time: '08:30',
        ...(await personWithReminder(first.app, '08:30', 'America/Los_Angeles')),
      },
      {
        zone: 'Asia/Kathmandu',
        time: '08:30',
        ...(await personWithReminder(second.app, '08:30', 'Asia/Kathmandu')),
      },
      {
        zone: 'Pacific/Auckland',
        time: '21:15',
        ...(await personWithReminder(first.app, '21:15', 'Pacific/Auckland')),
      },
    ];
    const arrivals = new Map<string, Date[]>();
    // 7-8 March 2026, over the US change to summer time, ticking every 5 minutes.
    const start = Date.parse('2026-03-07T00:00:00Z');
    for (let at = start; at < start + 48 * 60 * MINUTE; at += 5 * MINUTE) {
      const before = service.delivered.length;
      await tickBoth(new Date(at));
      for (const push of service.delivered.slice(before)) {
        arrivals.set(push.subscription, [...(arrivals.get(push.subscription) ?? []), new Date(at)]);
      }
    }

    for (const { zone, time, device } of people) {
      const times = arrivals.get(device.id) ?? [];
      const local = times.map((instant) => zonedNow(instant, zone));
      expect(
        local.map((l) => l.date),
        zone,
      ).toEqual(['2026-03-07', '2026-03-08']);
      const [hours, minutes] = time.split(':').map(Number) as [number, number];
      expect(
        local.map((l) => l.minutes),
        zone,
      ).toEqual([hours * 60 + minutes, hours * 60 + minutes]);
      expect(
        deliveriesTo(device).map((push) => push.payload),
        zone,
      ).toEqual(times.map((instant) => ({ day: currentReadingDay(instant, zone) })));
    }
    // Los Angeles: 08:30 was 16:30 UTC before the change, 15:30 UTC after it.
    expect(arrivals.get(people[0]!.device.id)?.map((d) => d.toISOString())).toEqual([
      '2026-03-07T16:30:00.000Z',
      '2026-03-08T15:30:00.000Z',
    ]);
    expect(deliveriesTo(people[0]!.device)[0]).toMatchObject({
      ttl: expect.any(Number),
      urgency: 'normal',
      claims: { aud: service.origin, sub: 'mailto:no-reply@localhost' },
    });
  });

  it('never lets both processes send the same reminder, however often they tick', async () => {
    const crowd = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        personWithReminder(i % 2 ? first.app : second.app, '06:00', 'Europe/Berlin'),
      ),
    );
    const due = new Date('2026-04-02T04:00:00Z'); // 06:00 in Berlin (summer time)
    await Promise.all([tickBoth(due), tickBoth(new Date(due.getTime() + 1000)), tickBoth(due)]);
    await tickBoth(new Date(due.getTime() + 10 * MINUTE));
    for (const { device } of crowd) {
      expect(deliveriesTo(device)).toEqual([
        expect.objectContaining({ payload: { day: currentReadingDay(due, 'Europe/Berlin') } }),
      ]);
    }
  });
});

describe('the reminder of a reader on their own path', () => {
  it('names their own day, while a reader with everyone is reminded of the calendar day', async () => {
    const own = await personWithReminder(first.app, '07:00', 'Asia/Tokyo');
    const together = await personWithReminder(second.app, '07:00', 'Asia/Tokyo');
    // The test clock's 1 March 2026, 21:00 in Tokyo: the own path's day 1 is that date.
    const chosen = await own.person.api('PATCH /api/users/me', {
      body: { pace: 'own' },
      headers: { 'x-timezone': 'Asia/Tokyo' },
    });
    expect(chosen.body.user.paceStartedOn).toBe('2026-03-01');
    const due = new Date('2026-03-03T22:00:00Z'); // 07:00 on 4 March in Tokyo
    await tickBoth(due);
    expect(deliveriesTo(own.device)).toEqual([expect.objectContaining({ payload: { day: 4 } })]);
    expect(deliveriesTo(together.device)).toEqual([
      expect.objectContaining({ payload: { day: currentReadingDay(due, 'Asia/Tokyo') } }),
    ]);
  });
});

describe('a process that was down', () => {
  it('catches up within the hour after the chosen time', async () => {
    const { device } = await personWithReminder(first.app, '08:30', 'Asia/Tokyo');
    // 08:30 in Tokyo is 23:30 UTC the day before; the processes were down until 09:29.
    await tickBoth(new Date('2026-05-10T23:29:00Z'));
    expect(deliveriesTo(device)).toEqual([]);
    await tickBoth(new Date('2026-05-11T00:29:00Z'));
    expect(deliveriesTo(device)).toHaveLength(1);
  });

  it('skips the day rather than send a reminder more than an hour late', async () => {
    const { device } = await personWithReminder(first.app, '07:00', 'Asia/Tokyo');
    // 07:00 in Tokyo is 22:00 UTC the day before; back up only at 08:00 there.
    await tickBoth(new Date('2026-06-01T21:59:00Z'));
    await tickBoth(new Date('2026-06-01T23:00:00Z'));
    await tickBoth(new Date('2026-06-02T03:00:00Z'));
    expect(attemptsAt(device)).toBe(0);
    // The next morning is on time again.
    await tickBoth(new Date('2026-06-02T22:00:00Z'));
    expect(deliveriesTo(device).map((push) => push.payload)).toEqual([
      { day: currentReadingDay(new Date('2026-06-02T22:00:00Z'), 'Asia/Tokyo') },
    ]);
  });
});

describe('answers from the push service', () => {
  it('removes a subscription the push service calls gone (410), and never tries it again', async () => {
    const { person, device } = await personWithReminder(second.app, '12:00', 'UTC');
    service.answerNext(device, 410);
    await tickBoth(new Date('2026-07-01T12:00:00Z'));
    expect(attemptsAt(device)).toBe(1);
    const patch = await person.call('PATCH', '/api/push/subscriptions', {
      endpoint: device.endpoint,
      time: '12:30',
    });
    expect(patch.status).toBe(404);
    await tickBoth(new Date('2026-07-02T12:00:00Z'));
    expect(attemptsAt(device)).toBe(1);
    expect(deliveriesTo(device)).toEqual([]);
  });

  it('removes a subscription answered with 404 as well', async () => {
    const { person, device } = await personWithReminder(first.app, '12:00', 'UTC');
    service.answerNext(device, 404);
    await tickBoth(new Date('2026-07-03T12:00:00Z'));
    const patch = await person.call('PATCH', '/api/push/subscriptions', {
      endpoint: device.endpoint,
      time: '12:30',
    });
    expect(patch.status).toBe(404);
  });

  it('retries a failed push once, then leaves that day alone', async () => {
    const recovered = await personWithReminder(first.app, '18:00', 'UTC');
    const broken = await personWithReminder(first.app, '18:00', 'UTC');
    service.answerNext(recovered.device, 500);
    service.answerNext(broken.device, 503, 503);
    const report = await first.app.reminderScheduler.tick(new Date('2026-07-04T18:00:00Z'));
    expect(report).toMatchObject({ sent: 1, failed: 1 });
    expect(attemptsAt(recovered.device)).toBe(2);
    expect(deliveriesTo(recovered.device)).toHaveLength(1);
    expect(attemptsAt(broken.device)).toBe(2);
    expect(deliveriesTo(broken.device)).toEqual([]);
    await tickBoth(new Date('2026-07-04T18:01:00Z'));
    expect(attemptsAt(broken.device)).toBe(2);
    // The subscription is kept: the next day's reminder goes out.
    await tickBoth(new Date('2026-07-05T18:00:00Z'));
    expect(deliveriesTo(broken.device)).toHaveLength(1);
  });
});

describe('a push service that does not answer', () => {
  it('is given up on after the timeout, retried once, and the failure reported', async () => {
    const ownConnection = openDatabase(database.url);
    try {
      const { device } = await personWithReminder(first.app, '19:00', 'UTC');
      service.answerNext(device, 'no answer', 'no answer');
      const scheduler = createReminderScheduler({
        db: ownConnection.db,
        vapid: await loadVapidKeys(ownConnection.db, first.config, new Date()),
        clock: () => new Date(),
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
        agent: service.agent,
        timeoutMs: 300,
        retryDelayMs: 10,
      });
      const started = Date.now();
      const report = await scheduler.tick(new Date('2026-07-06T19:00:00Z'));
      expect(report).toEqual({ sent: 0, gone: 0, failed: 1 });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(attemptsAt(device)).toBe(2);
      await scheduler.stop();
    } finally {
      await ownConnection.close();
    }
  });
});

describe('stopping the app', () => {
  it('waits for a tick under way before the database closes', async () => {
    const clock = testClock();
    const extra = await buildPushTestApp(onTestPushService({ databaseUrl: database.url, clock }));
    const { device } = await personWithReminder(extra.app, '10:00', 'UTC');
    const tick = extra.app.reminderScheduler.tick(new Date('2026-08-01T10:00:00Z'));
    await extra.close();
    await expect(tick).resolves.toMatchObject({ sent: expect.any(Number), failed: 0 });
    expect(deliveriesTo(device)).toHaveLength(1);
  });
});
