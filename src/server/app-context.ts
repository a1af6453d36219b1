import type { Kysely } from 'kysely';
import type { AppCache } from './cache/app-cache.js';
import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/tables.js';
import type { Mailer } from './mail/mailer.js';
import type { RateLimitRules, RateLimitStore } from './http/rate-limits.js';
import type { AppMetrics } from './operating/app-metrics.js';
import type { JournalIndexer } from './search/journal-index.js';

/** What route plugins need, passed in explicitly rather than hung on the Fastify instance. */
export interface AppContext {
  db: Kysely<Database>;
  /** This process's cache of sessions and friends' feeds. */
  cache: AppCache;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  rules: RateLimitRules;
  /** Where rate-limit counters live: the database, or Redis when REDIS_URL is set. */
  rateLimits: RateLimitStore;
  /** Brings saved entries into the journal's search index just after each save (SQLite). */
  journalIndex: JournalIndexer;
  /** What the app measures about itself (GET /metrics). */
  metrics: AppMetrics;
  /** Background work (mail) that shutdown waits for. */
  track(work: Promise<unknown>): void;
}
