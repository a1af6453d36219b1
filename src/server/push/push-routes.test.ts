import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { openDatabase } from '../db/connection.js';
import { ApiClient, signUp } from '../test-support/api-client.js';
import {
  type TestApp,
  createTestApp,
  createTestDatabase,
  testClock,
} from '../test-support/test-app.js';
import { buildPushTestApp } from './test-support/push-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_SCHEDULER: 'false' } });
});
afterAll(() => t.close());

let deviceCounter = 0;
/** A browser subscription as PushSubscription.toJSON() gives it, with real-shaped keys. */
function browserSubscription() {
  deviceCounter += 1;
  const keys = webPush.generateVAPIDKeys();
  return {
    endpoint: `https://push.example.test/send/device-${deviceCounter}-${Date.now()}`,
    expirationTime: null,
    keys: {
      p256dh: keys.publicKey,
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

async function signInAgain(app: TestApp['app'], username: string): Promise<ApiClient> {
  const client = new ApiClient(app);
  const response = await client.post('/api/auth/login', {
    username,
    password: 'correct horse battery',
  });
  expect(response.status).toBe(200);
  return client;
}

describe('the VAPID public key', () => {
  it('is a P-256 key in base64url that anyone may read', async () => {
    const response = await new ApiClient(t.app).get('/api/push/public-key');
    expect(response.status).toBe(200);
    expect(response.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(response.body.publicKey, 'base64url')[0]).toBe(4);
  });

  it('is generated once and shared by every process on the database', async () => {
    const database = await createTestDatabase();
    const clock = testClock();
    const first = await buildPushTestApp({ databaseUrl: database.url, clock });
    const second = await buildPushTestApp({ databaseUrl: database.url, clock });
    try {
      const a = await new ApiClient(first.app).get('/api/push/public-key');
      const b = await new ApiClient(second.app).get('/api/push/public-key');
      expect(a.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(b.body.publicKey).toBe(a.body.publicKey);
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  });

  it('comes from the configuration when VAPID keys are set', async () => {
    const configured = webPush.generateVAPIDKeys();
    const database = await createTestDatabase();
    const built = await buildPushTestApp({
      databaseUrl: database.url,
      clock: testClock(),
      env: { VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey },
    });
    try {
      const response = await new ApiClient(built.app).get('/api/push/public-key');
      expect(response.body).toEqual({ publicKey: configured.publicKey });
    } finally {
      await built.close();
      await database.drop();
    }
  });
});

describe('a device subscribing to the daily reminder', () => {
  it('needs a signed-in person', async () => {
    const response = await new ApiClient(t.app).post('/api/push/subscriptions', {});
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('You must be signed in');
  });

  it('names each invalid field', async () => {
    const person = await signUp(t.app);
    const subscription = browserSubscription();
    const response = await person.post('/api/push/subscriptions', {
      subscription: { ...subscription, endpoint: 'http://push.example.test/x' },
      time: '25:00',
      timeZone: 'Atlantis/Capital',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        {
          path: 'subscription.endpoint',
          message: 'Endpoint must be an https:// address of a push service',
        },
        { path: 'time', message: 'Time must be a 24-hour time such as 08:30' },
        {
          path: 'timeZone',
          message: 'Time zone must be an IANA time zone such as Europe/London',
        },
      ]),
    );
  });

  it('accepts only the known push services by default, never an arbitrary address', async () => {
    const strict = await createTestApp({
      env: { PUSH_SCHEDULER: 'false', PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,push.apple.com' },
    });
    try {
      const person = await signUp(strict.app);
      const subscribe = (endpoint: string) =>
        person.post('/api/push/subscriptions', {
          subscription: { ...browserSubscription(), endpoint },
          time: '08:30',
          timeZone: 'Europe/London',
        });
      const elsewhere = await subscribe('https://internal.example.test/admin');
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.errors).toEqual([
        { path: 'subscription.endpoint', message: "This browser's push service is not supported" },
      ]);
      const lookalike = await subscribe('https://fcm.googleapis.com.example.test/send/x');
      expect(lookalike.status).toBe(400);
      expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc')).status).toBe(201);
      expect((await subscribe('https://web.push.apple.com/QabcDEF')).status).toBe(201);
    } finally {
      await strict.close();
    }
  });

  it('stores the time and zone, changes the time, and removes it', async () => {
    const person = await signUp(t.app);
    const subscription = browserSubscription();
    const created = await person.post('/api/push/subscriptions', {
      subscription,
      time: '07:15',
      timeZone: 'Asia/Kolkata',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ reminder: { time: '07:15', timeZone: 'Asia/Kolkata' } });

    const changed = await person.call('PATCH', '/api/push/subscriptions', {
      endpoint: subscription.endpoint,
      time: '21:40',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ reminder: { time: '21:40', timeZone: 'Asia/Kolkata' } });

    const removed = await person.call('DELETE', '/api/push/subscriptions', {
      endpoint: subscription.endpoint,
    });
    expect(removed.status).toBe(200);
    const afterRemoval = await person.call('PATCH', '/api/push/subscriptions', {
      endpoint: subscription.endpoint,
      time: '06:00',
    });
    expect(afterRemoval.status).toBe(404);
    expect(afterRemoval.body.message).toBe('No daily reminder is set up on this device');
  });

  it("never changes another person's device", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const subscription = browserSubscription();
    await owner.post('/api/push/subscriptions', {
      subscription,
      time: '08:30',
      timeZone: 'UTC',
    });
    const patch = await other.call('PATCH', '/api/push/subscriptions', {
      endpoint: subscription.endpoint,
      time: '09:00',
    });
    expect(patch.status).toBe(404);
    await other.call('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    const stillThere = await owner.call('PATCH', '/api/push/subscriptions', {
      endpoint: subscription.endpoint,
      time: '08:45',
    });
    expect(stillThere.status).toBe(200);
  });

  it('keeps several devices, and signing out of one removes only its reminder', async () => {
    const phone = await signUp(t.app);
    const laptop = await signInAgain(t.app, phone.user.username);
    const phoneDevice = browserSubscription();
    const laptopDevice = browserSubscription();
    for (const [client, device] of [
      [phone, phoneDevice],
      [laptop, laptopDevice],
    ] as const) {
      const response = await client.post('/api/push/subscriptions', {
        subscription: device,
        time: '08:30',
        timeZone: 'Europe/London',
      });
      expect(response.status).toBe(201);
    }

    expect((await phone.post('/api/auth/logout')).status).toBe(200);

    const phoneGone = await laptop.call('PATCH', '/api/push/subscriptions', {
      endpoint: phoneDevice.endpoint,
      time: '09:00',
    });
    expect(phoneGone.status).toBe(404);
    const laptopKept = await laptop.call('PATCH', '/api/push/subscriptions', {
      endpoint: laptopDevice.endpoint,
      time: '09:00',
    });
    expect(laptopKept.status).toBe(200);
  });

  it("goes when the person's account is deleted", async () => {
    const person = await signUp(t.app);
    await person.post('/api/push/subscriptions', {
      subscription: browserSubscription(),
      time: '08:30',
      timeZone: 'UTC',
    });
    const database = openDatabase(t.databaseUrl);
    try {
      const count = async () =>
        (
          await database.db
            .selectFrom('push_subscriptions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', person.user.id)
            .executeTakeFirstOrThrow()
        ).n;
      expect(Number(await count())).toBe(1);
      await database.db.deleteFrom('users').where('id', '=', person.user.id).execute();
      expect(Number(await count())).toBe(0);
    } finally {
      await database.close();
    }
  });
});
