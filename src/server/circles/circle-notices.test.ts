import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { type TestDatabase, createTestDatabase, testClock } from '../test-support/test-app.js';
import { buildPushTestApp } from '../push/test-support/push-test-app.js';
import {
  type TestPushService,
  type TestSubscription,
  startTestPushService,
} from '../push/test-support/test-push-service.js';

const DAY = 86_400_000;

let database: TestDatabase;
let handle: ReturnType<typeof openDatabase>;
let service: TestPushService;
let first: Awaited<ReturnType<typeof buildPushTestApp>>;
let second: Awaited<ReturnType<typeof buildPushTestApp>>;
let vapidPublicKey = '';
const clock = testClock('2026-03-01T12:00:00.000Z');

beforeAll(async () => {
  database = await createTestDatabase();
  service = await startTestPushService(() => vapidPublicKey);
  const onTestPushService = {
    databaseUrl: database.url,
    clock,
    pushAgent: service.agent,
    env: { PUSH_SERVICE_HOSTS: new URL(service.origin).host },
  };
  // Two app processes on one database, as in a deployment with two instances.
  first = await buildPushTestApp(onTestPushService);
  second = await buildPushTestApp(onTestPushService);
  handle = openDatabase(database.url);
  vapidPublicKey = (await new ApiClient(first.app).api('GET /api/push/public-key')).body.publicKey;
});

afterAll(async () => {
  await handle.close();
  await first.close();
  await second.close();
  await service.close();
  await database.drop();
});

afterEach(() => {
  expect(service.refused).toEqual([]);
});

type Person = Awaited<ReturnType<typeof signUp>>;

/** Every notice either process has begun, sent or given up. */
async function noticesSettled() {
  await Promise.all([first.app.circleNotices.settled(), second.app.circleNotices.settled()]);
}

async function withDevice(person: ApiClient): Promise<TestSubscription> {
  const device = service.subscribe();
  const response = await person.api('POST /api/push/subscriptions', {
    body: {
      subscription: { endpoint: device.endpoint, expirationTime: null, keys: device.keys },
      time: '08:30',
      timeZone: 'Europe/London',
    },
  });
  expect(response.status).toBe(201);
  return device;
}

async function turnOnNotices(person: ApiClient) {
  const response = await person.api('PATCH /api/users/me', { body: { circlePush: true } });
  expect(response.status).toBe(200);
  expect(response.body.user.circlePush).toBe(true);
}

/** A circle of `name` made by `owner`, with `others` joined by its invite link. */
async function circleOf(name: string, owner: Person, others: Person[]) {
  const created = await owner.api('POST /api/circles', { body: { name } });
  expect(created.status).toBe(201);
  const invite = await owner.api('POST /api/circles/:id/invites', {
    params: { id: created.body.id },
  });
  for (const other of others) {
    expect(
      (await other.api('POST /api/circles/join', { body: { code: invite.body.code } })).status,
    ).toBe(200);
  }
  return created.body.id as number;
}

async function shareToday(author: ApiClient, circleIds: number[], thoughts = 'A quiet morning') {
  const day = (await author.api('GET /api/thoughts/today')).body.currentDay as number;
  const saved = await author.api('POST /api/journal', {
    body: {
      dayNumber: day,
      entryText: JSON.stringify({ thoughts, words: '', deeds: '' }),
      isPublic: false,
      circleIds,
    },
  });
  expect([200, 201]).toContain(saved.status);
  return saved;
}

const deliveriesTo = (device: TestSubscription) =>
  service.delivered.filter((push) => push.subscription === device.id);
const attemptsAt = (device: TestSubscription) =>
  service.attempts.filter((id) => id === device.id).length;

/** A person on `app` who turned notices on and has a device. */
async function listener(app: FastifyInstance) {
  const person = await signUp(app);
  const device = await withDevice(person);
  await turnOnNotices(person);
  return { person, device };
}

describe('the circle notice setting', () => {
  it('is off until the person turns it on, and the account answers and accepts it', async () => {
    const person = await signUp(first.app);
    expect(person.user.circlePush).toBe(false);
    await turnOnNotices(person);
    expect((await person.api('GET /api/auth/me')).body.user.circlePush).toBe(true);
    const off = await person.api('PATCH /api/users/me', { body: { circlePush: false } });
    expect(off.body.user.circlePush).toBe(false);
    const wrong = await person.call('PATCH', '/api/users/me', { circlePush: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { path: 'circlePush', message: 'circlePush must be true or false' },
    ]);
  });
});

describe('telling a circle that someone shared a reflection', () => {
  it('tells members who turned it on and have a device, by the circle’s name only, never the author', async () => {
    const author = await signUp(first.app, { fullName: 'Roshan Author' });
    const authorDevice = await withDevice(author);
    await turnOnNotices(author);
    const told = await listener(first.app);
    const quiet = await signUp(first.app);
    const quietDevice = await withDevice(quiet);
    const noDevice = await signUp(first.app);
    await turnOnNotices(noDevice);
    const circleId = await circleOf('Family', author, [told.person, quiet, noDevice]);

    const saved = await shareToday(author, [circleId]);
    expect(saved.status).toBe(201);
    await noticesSettled();

    expect(deliveriesTo(told.device).map((push) => push.payload)).toEqual([
      { circle: { id: circleId, name: 'Family' } },
    ]);
    expect(JSON.stringify(deliveriesTo(told.device))).not.toContain('Roshan');
    expect(attemptsAt(quietDevice)).toBe(0);
    expect(attemptsAt(authorDevice)).toBe(0);
  });

  it('sends at most one a day for each circle, and again the next day', async () => {
    const author = await signUp(first.app);
    const other = await signUp(first.app);
    const told = await listener(first.app);
    const family = await circleOf('Family', author, [told.person, other]);
    const study = await circleOf('Study class', author, [told.person]);

    await shareToday(author, [family]);
    await shareToday(other, [family]);
    // An edit of the reflection already shared is not a new share.
    await shareToday(author, [family], 'A quiet morning, and rain');
    await noticesSettled();
    expect(deliveriesTo(told.device)).toHaveLength(1);

    // Another circle is its own notice.
    await shareToday(author, [family, study]);
    await noticesSettled();
    expect(deliveriesTo(told.device).map((push) => push.payload)).toEqual([
      { circle: { id: family, name: 'Family' } },
      { circle: { id: study, name: 'Study class' } },
    ]);

    clock.advance(DAY);
    await shareToday(other, [family]);
    await noticesSettled();
    expect(deliveriesTo(told.device)).toHaveLength(3);
  });

  it('is sent once when two processes share with the circle at the same moment', async () => {
    const author = await signUp(first.app);
    const otherAuthor = await signUp(second.app);
    const told = await listener(first.app);
    const circleId = await circleOf('Neighbours', author, [otherAuthor, told.person]);

    await Promise.all([shareToday(author, [circleId]), shareToday(otherAuthor, [circleId])]);
    await noticesSettled();
    expect(attemptsAt(told.device)).toBe(1);
  });

  it('never crosses a block either way, and never goes to someone suspended', async () => {
    const author = await signUp(first.app);
    const blockedByAuthor = await listener(first.app);
    const blockingAuthor = await listener(first.app);
    const suspended = await listener(first.app);
    const told = await listener(first.app);
    const circleId = await circleOf('Class', author, [
      blockedByAuthor.person,
      blockingAuthor.person,
      suspended.person,
      told.person,
    ]);
    expect(
      (await author.api('POST /api/blocks', { body: { userId: blockedByAuthor.person.user.id } }))
        .status,
    ).toBe(201);
    expect(
      (await blockingAuthor.person.api('POST /api/blocks', { body: { userId: author.user.id } }))
        .status,
    ).toBe(201);
    await handle.db
      .updateTable('users')
      .set({ suspended_at: clock.clock().toISOString() })
      .where('id', '=', suspended.person.user.id)
      .execute();

    await shareToday(author, [circleId]);
    await noticesSettled();
    expect(attemptsAt(blockedByAuthor.device)).toBe(0);
    expect(attemptsAt(blockingAuthor.device)).toBe(0);
    expect(attemptsAt(suspended.device)).toBe(0);
    expect(deliveriesTo(told.device)).toHaveLength(1);
  });

  it('tells no one of a deleted account, and no one who deleted theirs', async () => {
    const author = await signUp(first.app);
    const leaving = await listener(first.app);
    const told = await listener(first.app);
    const circleId = await circleOf('Friends', author, [leaving.person, told.person]);
    const deleted = await leaving.person.call('DELETE', '/api/users/me', {
      password: 'correct horse battery',
    });
    expect(deleted.status).toBe(200);

    await shareToday(author, [circleId]);
    await noticesSettled();
    expect(attemptsAt(leaving.device)).toBe(0);
    expect(deliveriesTo(told.device)).toHaveLength(1);
  });

  it('never fails or loses the save when the push service fails', async () => {
    const author = await signUp(first.app);
    const failing = await listener(first.app);
    const gone = await listener(first.app);
    const circleId = await circleOf('Walkers', author, [failing.person, gone.person]);
    service.answerNext(failing.device, 500);
    service.answerNext(gone.device, 410);

    const saved = await shareToday(author, [circleId], 'Kept whatever the push service says');
    expect(saved.status).toBe(201);
    await noticesSettled();
    expect(attemptsAt(failing.device)).toBe(1);
    expect(attemptsAt(gone.device)).toBe(1);
    const journal = await author.api('GET /api/journal');
    expect(journal.body).toEqual([
      expect.objectContaining({
        entryText: expect.stringContaining('Kept whatever the push service says'),
        circleIds: [circleId],
      }),
    ]);
    // A device the push service no longer knows is forgotten.
    const devices = await handle.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', gone.person.user.id)
      .execute();
    expect(devices).toEqual([]);
  });
});
