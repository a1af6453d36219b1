import type https from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type AppCache, createAppCache } from './cache/app-cache.js';
import { type Clock, systemClock } from './clock.js';
import type { AppConfig } from './config.js';
import { loadShippedPack } from './content/content-pack-files.js';
import type { SynchronousRead, WriteAtOnce } from './db/compiled-read.js';
import { migrateToLatest, openDatabase } from './db/connection.js';
import type { Database } from './db/tables.js';
import {
  databaseRateLimitStore,
  type RateLimitRules,
  type RateLimitStore,
  rateLimitRules,
} from './http/rate-limits.js';
import { redisRateLimitStore } from './http/redis-rate-limits.js';
import { type CircleNotices, idleCircleNotices } from './circles/circle-notices.js';
import { scheduleExpiredRecordSweep } from './jobs/expired-records.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { type AppMetrics, queryKindOf } from './operating/app-metrics.js';
import { setUpPushReminders } from './push/push-reminders.js';
import type { VapidKeys } from './push/vapid-keys.js';
import { clockSetByRequests } from './test-clock.js';

/** What route plugins need, passed in explicitly rather than hung on the Fastify instance. */
export interface AppContext {
  db: Kysely<Database>;
  /** SQLite only: a read run at once on the connection, for compiled reads (compileRead). */
  readSynchronously?: SynchronousRead | undefined;
  /** SQLite only: a transaction run at once on the connection (a day's save, daySaver). */
  writeAtOnce?: WriteAtOnce | undefined;
  /** This process's cache of sessions and friends' feeds. */
  cache: AppCache;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  rules: RateLimitRules;
  /** Where rate-limit counters live: the database, or Redis when REDIS_URL is set. */
  rateLimits: RateLimitStore;
  /** Tells circles' members, after a save is answered, that someone shared a reflection. */
  circleNotices: CircleNotices;
  /** What the app measures about itself (GET /metrics). */
  metrics: AppMetrics;
  /** Background work (mail) that shutdown waits for. */
  track(work: Promise<unknown>): void;
}

export interface OpenedContext {
  ctx: AppContext;
  vapid: VapidKeys;
}

/**
 * Opens what every route needs, on a migrated database with the readings loaded: the
 * database, the cache, the mailer, rate limits (in Redis when configured, else in the
 * database; both shared by every process), push keys and the record sweep. Closing the app
 * closes them all, after background work (mail) has finished.
 */
export async function openAppContext(
  app: FastifyInstance,
  config: AppConfig,
  options: { clock?: Clock; mailer?: Mailer; pushAgent?: https.Agent; metrics: AppMetrics },
): Promise<OpenedContext> {
  const { metrics } = options;
  const database = openDatabase(config.databaseUrl, {
    logger: app.log,
    slowQueryMs: config.slowQueryMs,
    onQuery: (kind, ms, failed) => metrics.queryRan(queryKindOf(kind), ms / 1000, failed),
  });
  // Migrated before anything reads it: the cache listens for changes as it is made, and the
  // change log it reads first is one of the tables a fresh database does not have yet.
  try {
    await migrateToLatest(database.db, database.schema);
  } catch (error) {
    await database.close();
    throw error;
  }
  const pending = new Set<Promise<unknown>>();
  const clock = options.clock ?? systemClock;
  const ctx: AppContext = {
    db: database.db,
    readSynchronously: database.readSynchronously,
    writeAtOnce: database.writeAtOnce,
    cache: createAppCache(database, {
      feedBytes: config.feedCacheMb * 1024 * 1024,
      listenUrl: config.databaseUrl,
      logger: app.log,
    }),
    config,
    clock: config.testClock ? clockSetByRequests(app, clock) : clock,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: config.mailOutboxDir,
        logger: app.log,
        logLinks: config.env !== 'production',
      }),
    rules: rateLimitRules(config.rateLimitIpFactor),
    rateLimits: databaseRateLimitStore(database.db),
    circleNotices: idleCircleNotices,
    metrics,
    track(work) {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
  };
  metrics.readCachesFrom(() => ctx.cache.figures());
  const stopSweep = scheduleExpiredRecordSweep(ctx.db, ctx.clock, app.log);
  app.addHook('onClose', async () => {
    await stopSweep();
    await Promise.allSettled([...pending]);
    await ctx.cache.close();
    await database.close();
  });

  let vapid: VapidKeys;
  try {
    const content = await loadShippedPack(ctx.db, config.contentDir, ctx.clock());
    app.log.info({ loaded: content.loaded, detail: content.reason }, 'content pack');
    vapid = await setUpPushReminders(app, ctx, options.pushAgent);
  } catch (error) {
    await stopSweep();
    await ctx.cache.close();
    await database.close();
    throw error;
  }
  if (config.redisUrl) {
    ctx.rateLimits = await redisRateLimitStore({
      url: config.redisUrl,
      keyPrefix: config.redisKeyPrefix,
      fallback: ctx.rateLimits,
      logger: app.log,
    });
  }
  app.addHook('onClose', () => ctx.rateLimits.close());
  return { ctx, vapid };
}
