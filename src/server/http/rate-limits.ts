import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { HttpError } from './http-errors.js';

export interface Allowance {
  /** How many hits the window allows. */
  limit: number;
  windowSeconds: number;
}

/** Where fixed-window counters live: the database, or Redis when REDIS_URL is set. */
export interface RateLimitStore {
  /** Adds one hit to `key` in the window holding `now`; returns the hits counted so far. */
  hit(key: string, allowance: Allowance, now: Date): Promise<number>;
  /** The hits counted in the window holding `now`, without adding one. */
  count(key: string, allowance: Allowance, now: Date): Promise<number>;
  /** Forgets the hits counted against `key` in the window holding `now`. */
  reset(key: string, allowance: Allowance, now: Date): Promise<void>;
  close(): Promise<void>;
}

export function windowOf(allowance: Allowance, now: Date): { start: number; endsAt: number } {
  const windowMs = allowance.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start, endsAt: start + windowMs };
}

/** The widest key the rate_limit_counters table holds. */
const STORED_KEY_CHARS = 200;

/**
 * A key as the database keeps it: one that would not fit (a long email in it) is cut and ends
 * with a hash of the whole, so it still names one thing.
 */
export function storedRateLimitKey(key: string): string {
  if (key.length <= STORED_KEY_CHARS) return key;
  return `${key.slice(0, 150)}#${createHash('sha256').update(key).digest('base64url')}`;
}

/** Counters in the rate_limit_counters table, shared by every process on the database. */
export function databaseRateLimitStore(db: Kysely<Database>): RateLimitStore {
  return {
    async hit(fullKey, allowance, now) {
      const key = storedRateLimitKey(fullKey);
      const windowStart = windowOf(allowance, now).start;
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, window_start: windowStart, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            hits: eb
              .case()
              .when('rate_limit_counters.window_start', '=', windowStart)
              .then(eb(eb.ref('rate_limit_counters.hits'), '+', 1))
              .else(1)
              .end(),
            window_start: windowStart,
          })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },
    async count(key, allowance, now) {
      const row = await db
        .selectFrom('rate_limit_counters')
        .select('hits')
        .where('key', '=', storedRateLimitKey(key))
        .where('window_start', '=', windowOf(allowance, now).start)
        .executeTakeFirst();
      return row ? Number(row.hits) : 0;
    },
    async reset(key) {
      await db
        .deleteFrom('rate_limit_counters')
        .where('key', '=', storedRateLimitKey(key))
        .execute();
    },
    close: async () => undefined,
  };
}

/**
 * Counters kept in this process alone, for the visitors' pages and images: counting there in the
 * database would add a write to every page view. Each process counts its own, so with several
 * processes an address may get that many times the allowance; the limit is there to keep one
 * address from taking a process's time. At most `maxKeys` counters are kept, those of past
 * windows dropped first.
 */
export function processRateLimitStore(maxKeys = 100_000): RateLimitStore {
  const counters = new Map<string, { endsAt: number; hits: number }>();
  const counterOf = (key: string, allowance: Allowance, now: Date) => {
    const id = `${allowance.windowSeconds}:${key}`;
    const { endsAt } = windowOf(allowance, now);
    let counter = counters.get(id);
    if (counter && counter.endsAt === endsAt) return counter;
    counters.delete(id);
    if (counters.size >= maxKeys) {
      for (const [other, { endsAt: otherEnds }] of counters)
        if (otherEnds <= now.getTime()) counters.delete(other);
      // Still full within one window: the oldest counter goes.
      const oldest = counters.keys().next().value;
      if (counters.size >= maxKeys && oldest !== undefined) counters.delete(oldest);
    }
    counter = { endsAt, hits: 0 };
    counters.set(id, counter);
    return counter;
  };
  return {
    async hit(key, allowance, now) {
      return ++counterOf(key, allowance, now).hits;
    },
    async count(key, allowance, now) {
      return counterOf(key, allowance, now).hits;
    },
    async reset(key, allowance) {
      counters.delete(`${allowance.windowSeconds}:${key}`);
    },
    close: async () => undefined,
  };
}

/**
 * Counts one hit against `key` in a fixed window kept where every app process sees the same
 * count. Returns the seconds to wait when the allowance is spent.
 */
export async function hitRateLimit(
  store: RateLimitStore,
  key: string,
  allowance: Allowance,
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const hits = await store.hit(key, allowance, now);
  return { allowed: hits <= allowance.limit, retryAfterSeconds: secondsLeftIn(allowance, now) };
}

/** Seconds until the window holding `now` ends: what a refusal's Retry-After says. */
export function secondsLeftIn(allowance: Allowance, now: Date): number {
  return Math.max(1, Math.ceil((windowOf(allowance, now).endsAt - now.getTime()) / 1000));
}

/** The number of hits counted so far in the current window, without adding one. */
export async function countRateLimit(
  store: RateLimitStore,
  key: string,
  allowance: Allowance,
  now: Date,
): Promise<number> {
  return store.count(key, allowance, now);
}

export async function enforceRateLimit(
  store: RateLimitStore,
  key: string,
  allowance: Allowance,
  now: Date,
): Promise<void> {
  const result = await hitRateLimit(store, key, allowance, now);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
}

export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    'Too many attempts. Please wait a little and try again.',
    {},
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Per-IP allowances are multiplied by RATE_LIMIT_IP_FACTOR; per-account ones never are. */
export function rateLimitRules(ipFactor: number) {
  const perIp = (limit: number, windowSeconds: number): Allowance => ({
    limit: Math.max(1, Math.floor(limit * ipFactor)),
    windowSeconds,
  });
  return {
    loginPerIp: perIp(30, 15 * 60),
    // Failed sign-ins (README, "Security"): per account from one IP, per account from
    // everywhere, and per device that signed in to the account before, which the other two
    // never refuse, so no one can keep the owner out.
    failedLoginsPerAccountAndIp: { limit: 10, windowSeconds: 15 * 60 } as Allowance,
    failedLoginsPerAccount: { limit: 50, windowSeconds: 15 * 60 } as Allowance,
    failedLoginsPerDevice: { limit: 10, windowSeconds: 15 * 60 } as Allowance,
    signupPerIp: perIp(10, 60 * 60),
    resetRequestPerIp: perIp(10, 60 * 60),
    resetRequestPerAccount: { limit: 5, windowSeconds: 60 * 60 } as Allowance,
    resetPerIp: perIp(20, 60 * 60),
    friendRequestsPerUser: { limit: 50, windowSeconds: 60 * 60 } as Allowance,
    emailChangesPerUser: { limit: 10, windowSeconds: 24 * 60 * 60 } as Allowance,
    // Visitors' pages and share images (docs/product.md#sharing-and-visitors): a reader turns a
    // page every few seconds at most, a search engine follows the sitemap's 241 days, and a
    // link preview fetches one page and its image; a school or office may share one address.
    readPagesPerIp: perIp(600, 60),
    shareImagesPerIp: perIp(240, 60),
  };
}
export type RateLimitRules = ReturnType<typeof rateLimitRules>;
