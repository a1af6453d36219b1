import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp } from '../test-support/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true });
const prefixes: string[] = [];

function uniquePrefix(): string {
  const prefix = `threefold-test:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
}

afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

async function signUpUntilRefused(app: Parameters<typeof signUp>[0]): Promise<number> {
  for (let attempt = 1; attempt <= 20; attempt++) {
    try {
      await signUp(app);
    } catch (error) {
      expect(String(error)).toContain('429');
      return attempt;
    }
  }
  throw new Error('sign-up was never limited');
}

async function databaseCounterKeys(databaseUrl: string): Promise<string[]> {
  const database = openDatabase(databaseUrl);
  try {
    const rows = await database.db.selectFrom('rate_limit_counters').select('key').execute();
    return rows.map((row) => row.key);
  } finally {
    await database.close();
  }
}

describe('rate limits with REDIS_URL set', () => {
  it('counts in Redis under the configured prefix, not in the database', async () => {
    const prefix = uniquePrefix();
    const t = await createTestApp({
      env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_IP_FACTOR: '1' },
    });
    try {
      expect(await signUpUntilRefused(t.app)).toBe(11);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${prefix}signup:ip:127\\.0\\.0\\.1:\\d+$`));
      expect(await redis.get(keys[0]!)).toBe('11');
      // The key lives no longer than the one-hour window.
      const ttl = await redis.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
      expect(await databaseCounterKeys(t.databaseUrl)).not.toContain('signup:ip:127.0.0.1');
    } finally {
      await t.close();
    }
  });

  it('starts, and counts in the database, when Redis cannot be reached', async () => {
    const t = await createTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_IP_FACTOR: '1' },
    });
    try {
      expect(await signUpUntilRefused(t.app)).toBe(11);
      expect(await databaseCounterKeys(t.databaseUrl)).toContain('signup:ip:127.0.0.1');
    } finally {
      await t.close();
    }
  });

  it("forgets a device's failed sign-ins counted in Redis when it signs in", async () => {
    const prefix = uniquePrefix();
    const t = await createTestApp({ env: { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } });
    try {
      const phone = await signUp(t.app, { password: 'the right password' });
      // Spend the account's allowance from everywhere, so the phone counts on its own.
      for (let i = 0; i < 50; i++) {
        const attacker = new ApiClient(t.app, `203.0.113.${(i % 10) + 1}`);
        await attacker.api('POST /api/auth/login', {
          body: { username: phone.user.username, password: 'x' },
        });
      }
      const signIn = (secret: string) =>
        phone.api('POST /api/auth/login', {
          body: { username: phone.user.username, password: secret },
        });
      for (let i = 0; i < 9; i++) expect((await signIn('wrong')).status).toBe(401);
      expect((await signIn('the right password')).status).toBe(200);
      for (let i = 0; i < 10; i++) expect((await signIn('wrong')).status).toBe(401);
      expect((await signIn('the right password')).status).toBe(429);
      expect(await redis.keys(`${prefix}login-failed:user:${phone.user.id}:device:*`)).toHaveLength(
        1,
      );
      expect(await databaseCounterKeys(t.databaseUrl)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
