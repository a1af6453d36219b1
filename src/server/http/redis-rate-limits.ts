import type { FastifyBaseLogger } from 'fastify';
import { createRequire } from 'node:module';
import type * as ioredis from 'ioredis';
import { type RateLimitStore, windowOf } from './rate-limits.js';

// The Redis client loads only when REDIS_URL is set.
const require = createRequire(import.meta.url);

/**
 * Counters in Redis: one key per rate-limit key and window, counted with INCR and given the
 * rest of the window as its lifetime in the same MULTI, so Redis forgets spent windows. When
 * Redis cannot answer, the count goes to `fallback` (the database) rather than failing the
 * request. Resolves once Redis answers, or has failed once, so the first requests already
 * count in the right place.
 */
export async function redisRateLimitStore(options: {
  url: string;
  keyPrefix: string;
  fallback: RateLimitStore;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<RateLimitStore> {
  const { Redis } = require('ioredis') as typeof ioredis;
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    options.logger.warn({ err: error }, 'Redis unavailable; counting rate limits in the database');
  });
  redis.on('ready', () => {
    warned = false;
  });
  await new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
  });

  const keyFor = (key: string, start: number) => `${key}:${start}`;
  const withFallback = async <T>(work: () => Promise<T>, fallback: () => Promise<T>) => {
    if (redis.status !== 'ready') return fallback();
    try {
      return await work();
    } catch (error) {
      options.logger.warn({ err: error }, 'Redis rate-limit call failed; used the database');
      return fallback();
    }
  };

  return {
    hit: (key, allowance, now) =>
      withFallback(
        async () => {
          const window = windowOf(allowance, now);
          const lifetimeMs = Math.max(1_000, window.endsAt - now.getTime());
          const results = await redis
            .multi()
            .incr(keyFor(key, window.start))
            .pexpire(keyFor(key, window.start), lifetimeMs)
            .exec();
          const [incrError, hits] = results?.[0] ?? [new Error('empty MULTI reply'), null];
          if (incrError) throw incrError;
          return Number(hits);
        },
        () => options.fallback.hit(key, allowance, now),
      ),
    count: (key, allowance, now) =>
      withFallback(
        async () => Number((await redis.get(keyFor(key, windowOf(allowance, now).start))) ?? 0),
        () => options.fallback.count(key, allowance, now),
      ),
    reset: (key, allowance, now) =>
      withFallback(
        async () => {
          await redis.del(keyFor(key, windowOf(allowance, now).start));
        },
        () => options.fallback.reset(key, allowance, now),
      ),
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      redis.disconnect();
    },
  };
}
