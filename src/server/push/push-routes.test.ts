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
  const response = await client.api('POST /api/auth/login', {
    body: {
      username,
      password: 'correct horse battery',
    },
  });
  expect(response.status).toBe(200);
  return client;
}

describe('the VAPID public key', () => {
  it('is a P-256 key in base64url that anyone may read', async () => {
    const response = await new ApiClient(t.app).api('GET /api/push/public-key');
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
      const a = await new ApiClient(first.app).api('GET /api/push/public-key');
      const b = await new ApiClient(second.app).api('GET /api/push/public-key');
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
      const response = await new ApiClient(built.app).api('GET /api/push/public-key');
      expect(response.body).toEqual({ publicKey: configured.publicKey });
    } finally {
      await built.close();
      await database.drop();
    }
  });
});

describe('a device subscribing to the daily reminder', () => {
  it('needs a signed-in person', async () => {
    const response = await new ApiClient(t.app).call('POST', '/api/push/subscriptions', {});
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('You must be signed in');
  });

  it('names each invalid field', async () => {
    const person = await signUp(t.app);
    const subscription = browserSubscription();
    const response = await person.api('POST /api/push/subscriptions', {
      body: {
        subscription: { ...subscription, endpoint: 'http://push.example.test/x' },
        time: '25:00',
        timeZone: 'Atlantis/Capital',
      },
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

  it('refuses keys no browser could have made: a point off P-256, a secret not of 16 bytes', async () => {
    const person = await signUp(t.app);
    const subscribe = (keys: { p256dh?: string; auth?: string }) => {
      const subscription = browserSubscription();
      return person.api('POST /api/push/subscriptions', {
        body: {
          subscription: { ...subscription, keys: { ...subscription.keys, ...keys } },
          time: '08:30',
          timeZone: 'UTC',
        },
      });
    };
    const point = Buffer.from(browserSubscription().keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 1;
    const compressedMarker = Buffer.from(point);
    compressedMarker[0] = 0x02;
    for (const p256dh of [offCurve, compressedMarker, Buffer.alloc(65, 0)]) {
      const refused = await subscribe({ p256dh: p256dh.toString('base64url') });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        {
          path: 'subscription.keys.p256dh',
          message: 'keys.p256dh must be a P-256 public key in base64url',
        },
      ]);
    }
    // 22 characters whose last one carries bits beyond the 16 bytes: not what a browser sends.
    const notSixteen = await subscribe({ auth: `${'A'.repeat(21)}B` });
    expect(notSixteen.status).toBe(400);
    expect(notSixteen.body.errors).toEqual([
      { path: 'subscription.keys.auth', message: 'keys.auth must be 16 bytes in base64url' },
    ]);
    expect((await subscribe({})).status).toBe(201);
  });

  it('refuses an endpoint on another port than 443, even where every host is accepted', async () => {
    const person = await signUp(t.app);
    const subscribe = (endpoint: string) =>
      person.api('POST /api/push/subscriptions', {
        body: {
          subscription: { ...browserSubscription(), endpoint },
          time: '08:30',
          timeZone: 'UTC',
        },
      });
    for (const endpoint of [
      'https://push.example.test:8443/send/a',
      'https://push.example.test:22/send/b',
      'https://127.0.0.1:6379/send/c',
    ]) {
      const refused = await subscribe(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.errors).toEqual([
        { path: 'subscription.endpoint', message: "This browser's push service is not supported" },
      ]);
    }
    expect((await subscribe('https://push.example.test:443/send/d')).status).toBe(201);
  });

  it('refuses an endpoint with a user part before its host', async () => {
    const person = await signUp(t.app);
    const refused = await person.api('POST /api/push/subscriptions', {
      body: {
        subscription: {
          ...browserSubscription(),
          endpoint: 'https://user@push.example.test/send/u',
        },
        time: '08:30',
        timeZone: 'UTC',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: 'subscription.endpoint',
        message: 'Endpoint must not contain a user name or password',
      },
    ]);
  });

  it("refuses an endpoint another account holds, and leaves that person's reminder alone", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const device = browserSubscription();
    const subscribe = (client: ApiClient, time: string) =>
      client.api('POST /api/push/subscriptions', {
        body: { subscription: device, time, timeZone: 'UTC' },
      });
    expect((await subscribe(owner, '07:00')).status).toBe(201);
    const taken = await subscribe(other, '23:00');
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      message: 'This device already has reminders for another account',
    });
    const stillMine = await owner.call('PATCH', '/api/push/subscriptions', {
      endpoint: device.endpoint,
      time: '07:05',
    });
    expect(stillMine.body).toEqual({ reminder: { time: '07:05', timeZone: 'UTC' } });
    // The owner subscribing again from the same device is an update.
    expect((await subscribe(owner, '07:10')).status).toBe(201);
    // Once the owner signs out of that browser, whoever signs in next may subscribe it.
    expect((await owner.api('POST /api/auth/logout')).status).toBe(200);
    expect((await subscribe(other, '23:00')).status).toBe(201);
  });

  it('accepts only the known push services by default, never an arbitrary address', async () => {
    const strict = await createTestApp({
      env: { PUSH_SCHEDULER: 'false', PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,push.apple.com' },
    });
    try {
      const person = await signUp(strict.app);
      const subscribe = (endpoint: string) =>
        person.api('POST /api/push/subscriptions', {
          body: {
            subscription: { ...browserSubscription(), endpoint },
            time: '08:30',
            timeZone: 'Europe/London',
          },
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
      const otherPort = await subscribe('https://fcm.googleapis.com:8443/fcm/send/abc');
      expect(otherPort.status).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it('stores the time and zone, changes the time, and removes it', async () => {
    const person = await signUp(t.app);
    const subscription = browserSubscription();
    const created = await person.api('POST /api/push/subscriptions', {
      body: {
        subscription,
        time: '07:15',
        timeZone: 'Asia/Kolkata',
      },
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
    await owner.api('POST /api/push/subscriptions', {
      body: {
        subscription,
        time: '08:30',
        timeZone: 'UTC',
      },
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
      const response = await client.api('POST /api/push/subscriptions', {
        body: {
          subscription: device,
          time: '08:30',
          timeZone: 'Europe/London',
        },
      });
      expect(response.status).toBe(201);
    }

    expect((await phone.api('POST /api/auth/logout')).status).toBe(200);

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
    await person.api('POST /api/push/subscriptions', {
      body: {
        subscription: browserSubscription(),
        time: '08:30',
        timeZone: 'UTC',
      },
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
