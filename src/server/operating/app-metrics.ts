import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CountedHistogram } from './counted-histogram.js';

/** How many entries each cache holds, its bytes, and its lookups since the process started. */
export interface CacheFigures {
  feeds: { entries: number; bytes: number; maxBytes: number; hits: number; misses: number };
  sessions: { entries: number; maxEntries: number; hits: number; misses: number };
  /** Members' views of a circle's day, bounded in bytes as the feeds are (FEED_CACHE_MB). */
  circles: { entries: number; bytes: number; hits: number; misses: number };
  /** Authors' own entries of a day, bounded in bytes the same way. */
  journalDays: { entries: number; bytes: number; hits: number; misses: number };
  /** Reads of the change log so far, and whether changes are heard as they commit. */
  changes: { logReads: number; notificationsLive: boolean };
}

/** One tick of the daily reminder scheduler, as the metrics record it. */
export interface ReminderTickFigures {
  /** How much later than due the tick started (a slow event loop, or a tick still running). */
  lateMs: number;
  durationMs: number;
  sent: number;
  gone: number;
  failed: number;
}

/** What the app measures about itself, served as Prometheus text on GET /metrics. */
export interface AppMetrics {
  /** A request answered: its route pattern (never the raw address), status and duration. */
  requestAnswered(method: string, route: string, status: number, seconds: number): void;
  /** A query ran: its kind (select, insert, update, delete, raw) and whether it failed. */
  queryRan(kind: string, seconds: number, failed: boolean): void;
  reminderTick(figures: ReminderTickFigures): void;
  /** Where the cache figures are read from when the metrics are asked for. */
  readCachesFrom(read: () => CacheFigures): void;
  /** The Prometheus text of every metric, this app's and the process's. */
  text(): Promise<string>;
  contentType: string;
}

let processRegistry: Registry | undefined;

/**
 * Node's own figures (memory, event loop delay, garbage collection, open handles) are the
 * process's, so they are collected once per process however many apps a test builds.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

const millisecondBuckets = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5,
];

/** Kysely's node kinds (SelectQueryNode, ...) as short labels; anything else is "other". */
const queryKinds: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  RawNode: 'raw',
};

export function queryKindOf(nodeKind: string | undefined): string {
  return (nodeKind && queryKinds[nodeKind]) ?? 'other';
}

export function createAppMetrics(): AppMetrics {
  // Started with the app, so the event loop delay covers its whole life, not from the first scrape.
  processMetrics();
  const registry = new Registry();
  const answerKeys = new Map<string, Map<string, Map<number, string>>>();
  /**
   * A series' key, the same string each time: one built afresh for every answer is hashed
   * afresh to find its series, where these, like the method and route they are found by, keep
   * theirs.
   */
  const answerKey = (method: string, route: string, status: number): string => {
    let routes = answerKeys.get(method);
    if (!routes) answerKeys.set(method, (routes = new Map()));
    let statuses = routes.get(route);
    if (!statuses) routes.set(route, (statuses = new Map()));
    let key = statuses.get(status);
    if (key === undefined) statuses.set(status, (key = `${method} ${route} ${status}`));
    return key;
  };
  const requests = new CountedHistogram<'method' | 'route' | 'status_code'>(
    'threefold_http_request_duration_seconds',
    'Time to answer a request, by route pattern and status code',
    millisecondBuckets,
  );
  registry.registerMetric(requests.asMetric());
  const queries = new CountedHistogram<'kind' | 'outcome'>(
    'threefold_db_query_duration_seconds',
    'Time a database query took, by kind and outcome',
    millisecondBuckets,
  );
  registry.registerMetric(queries.asMetric());
  const reminderLate = new Gauge({
    name: 'threefold_reminder_tick_lag_seconds',
    help: 'How much later than due the last reminder tick started',
    registers: [registry],
  });
  const reminderLastTick = new Gauge({
    name: 'threefold_reminder_last_tick_timestamp_seconds',
    help: 'When the last reminder tick finished (Unix time); 0 before the first',
    registers: [registry],
  });
  const reminderDuration = new Histogram({
    name: 'threefold_reminder_tick_duration_seconds',
    help: 'Time one reminder tick took to send every reminder due',
    buckets: [0.01, 0.05, 0.25, 1, 5, 15, 30, 60],
    registers: [registry],
  });
  const reminderPushes = new Counter({
    name: 'threefold_reminder_pushes_total',
    help: 'Reminder pushes by outcome: sent, gone (subscription removed) or failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['sent', 'gone', 'failed']) reminderPushes.inc({ outcome }, 0);

  let readCaches: (() => CacheFigures) | undefined;
  // The caches count their own lookups; each collection adds what they counted since the last.
  const counted = new Map<string, number>();
  const cacheLookups = new Counter({
    name: 'threefold_cache_lookups_total',
    help: 'Lookups in each cache, found (hit) or not (miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [],
  });
  const cacheBytes = new Gauge({
    name: 'threefold_feed_cache_bytes',
    help: "Bytes the cached friends' feeds take, and the most they may take (FEED_CACHE_MB)",
    labelNames: ['of'] as const,
    registers: [],
  });
  const changeLogReads = new Counter({
    name: 'threefold_change_log_reads_total',
    help: 'Reads of the change log: on PostgreSQL after each notification, and on each request while notifications are down; on SQLite after a write of this process, or 20 ms after the last read; and for a request whose caller just changed something',
    registers: [],
  });
  const changesHeard = new Gauge({
    name: 'threefold_change_notifications_live',
    help: '1 while this process hears of every change as it commits (PostgreSQL LISTEN), else 0',
    registers: [],
  });
  const cacheHitRatio = new Gauge({
    name: 'threefold_cache_hit_ratio',
    help: 'Share of lookups found in each cache since the process started (0 before any)',
    labelNames: ['cache'] as const,
    registers: [],
  });
  // Registered first of the cache figures, so that reading the caches here fills the others
  // before they are written out in the same collection.
  new Gauge({
    name: 'threefold_cache_entries',
    help: 'Entries each cache of this process holds: feeds (one per reader), sessions, circle views (one per member and day) and journal days (one per author and day)',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      if (!readCaches) return;
      const { feeds, sessions, circles, journalDays, changes } = readCaches();
      changeLogReads.inc(Math.max(0, changes.logReads - (counted.get('log reads') ?? 0)));
      counted.set('log reads', changes.logReads);
      changesHeard.set(changes.notificationsLive ? 1 : 0);
      this.set({ cache: 'feeds' }, feeds.entries);
      this.set({ cache: 'sessions' }, sessions.entries);
      this.set({ cache: 'circles' }, circles.entries);
      this.set({ cache: 'journal days' }, journalDays.entries);
      cacheBytes.set({ of: 'used' }, feeds.bytes);
      cacheBytes.set({ of: 'max' }, feeds.maxBytes);
      for (const [cache, figures] of [
        ['feeds', feeds],
        ['sessions', sessions],
        ['circles', circles],
        ['journal days', journalDays],
      ] as const) {
        for (const [result, total] of [
          ['hit', figures.hits],
          ['miss', figures.misses],
        ] as const) {
          const key = `${cache} ${result}`;
          cacheLookups.inc({ cache, result }, Math.max(0, total - (counted.get(key) ?? 0)));
          counted.set(key, total);
        }
        const lookups = figures.hits + figures.misses;
        cacheHitRatio.set({ cache }, lookups === 0 ? 0 : figures.hits / lookups);
      }
    },
  });
  registry.registerMetric(cacheBytes);
  registry.registerMetric(cacheLookups);
  registry.registerMetric(cacheHitRatio);
  registry.registerMetric(changeLogReads);
  registry.registerMetric(changesHeard);

  return {
    requestAnswered(method, route, status, seconds) {
      const key = answerKey(method, route, status);
      if (!requests.observe(key, seconds)) {
        requests.observeFirst(key, { method, route, status_code: status }, seconds);
      }
    },
    queryRan(kind, seconds, failed) {
      const key = failed ? `${kind} error` : `${kind} ok`;
      if (!queries.observe(key, seconds)) {
        queries.observeFirst(key, { kind, outcome: failed ? 'error' : 'ok' }, seconds);
      }
    },
    reminderTick(figures) {
      reminderLate.set(figures.lateMs / 1000);
      reminderDuration.observe(figures.durationMs / 1000);
      reminderLastTick.set(Date.now() / 1000);
      reminderPushes.inc({ outcome: 'sent' }, figures.sent);
      reminderPushes.inc({ outcome: 'gone' }, figures.gone);
      reminderPushes.inc({ outcome: 'failed' }, figures.failed);
    },
    readCachesFrom(read) {
      readCaches = read;
    },
    text: () => Registry.merge([processMetrics(), registry]).metrics(),
    contentType: registry.contentType,
  };
}
