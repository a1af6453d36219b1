import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type DueReminder, dueReminder } from './push-reminder-due.js';
import { ownPathDay } from '#shared/reading-pace';
import type { Clock } from '../clock.js';
import type { Database } from '../db/tables.js';
import {
  type ReminderCandidate,
  claimReminder,
  forgetGoneSubscription,
  reminderCandidates,
} from '../push/push-subscriptions.js';
import { type PushOutcome, type PushTransport, sendPush } from '../push/reminder-push.js';
import type { VapidKeys } from '../push/vapid-keys.js';

const TICK_INTERVAL_MS = 60_000;
const PAGE_SIZE = 500;

export interface SchedulerOptions {
  db: Kysely<Database>;
  vapid: VapidKeys;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The HTTPS agent toward push services; tests pass one that trusts their own service. */
  agent?: https.Agent;
  /** Pushes in flight at once. */
  concurrency?: number;
  timeoutMs?: number;
  /** Wait before the one retry of a failed push. */
  retryDelayMs?: number;
  /** Told of each tick as it ends: how late it started, how long it took, what it sent. */
  onTick?: (tick: TickReport & { lateMs: number; durationMs: number }) => void;
}

export interface TickReport {
  sent: number;
  gone: number;
  failed: number;
}

export interface ReminderScheduler {
  /** Sends every reminder due at `now` (the app's clock by default) and not yet sent. */
  tick(now?: Date): Promise<TickReport>;
  /** Ticks every minute until stop(). */
  start(): void;
  /** Stops ticking and waits for a tick under way. */
  stop(): Promise<void>;
}

export function createReminderScheduler(options: SchedulerOptions): ReminderScheduler {
  const { db, clock, logger } = options;
  const concurrency = options.concurrency ?? 8;
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  const agent = options.agent ?? new https.Agent({ keepAlive: true, maxSockets: concurrency });
  const transport: PushTransport = {
    vapid: options.vapid,
    agent,
    timeoutMs: options.timeoutMs ?? 10_000,
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<TickReport> | null = null;
  let stopping = false;
  let lastStartedAt: number | undefined;

  async function deliver(candidate: ReminderCandidate, due: DueReminder): Promise<PushOutcome> {
    let outcome = await sendPush(transport, candidate, { day: due.day });
    if (outcome.kind === 'failed' && !stopping) {
      logger.warn(
        { err: outcome.error, subscriptionId: candidate.id },
        'reminder push failed; retrying once',
      );
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      outcome = await sendPush(transport, candidate, { day: due.day });
    }
    if (outcome.kind === 'gone') {
      await forgetGoneSubscription(db, candidate.id, candidate.endpoint);
      logger.info(
        { subscriptionId: candidate.id, status: outcome.status },
        'push subscription gone; removed',
      );
    } else if (outcome.kind === 'failed') {
      logger.error({ err: outcome.error, subscriptionId: candidate.id }, 'reminder push failed');
    }
    return outcome;
  }

  async function sendDue(now: Date): Promise<TickReport> {
    const report: TickReport = { sent: 0, gone: 0, failed: 0 };
    let afterId = 0;
    for (;;) {
      const page = await reminderCandidates(db, afterId, PAGE_SIZE);
      if (page.length === 0) break;
      afterId = page[page.length - 1]!.id;
      const due = page.flatMap((candidate) => {
        const reminder = dueReminder(now, {
          time: candidate.reminder_time,
          timeZone: candidate.time_zone,
          lastSentOn: candidate.last_sent_on,
        });
        return reminder ? [{ candidate, reminder: onReadersPath(reminder, candidate) }] : [];
      });
      await forEachLimited(due, concurrency, async ({ candidate, reminder }) => {
        try {
          // Another process may have taken it since the read; only the claimant sends.
          if (!(await claimReminder(db, candidate.id, reminder.localDate))) return;
          const outcome = await deliver(candidate, reminder);
          report[outcome.kind] += 1;
        } catch (error) {
          logger.error({ err: error, subscriptionId: candidate.id }, 'reminder push failed');
          report.failed += 1;
        }
      });
      if (page.length < PAGE_SIZE) break;
    }
    if (report.sent + report.gone + report.failed > 0) logger.info(report, 'reminder pushes');
    return report;
  }

  /** A reader on their own path is reminded of their own day, not the calendar's. */
  function onReadersPath(due: DueReminder, candidate: ReminderCandidate): DueReminder {
    if (candidate.pace !== 'own' || !candidate.pace_started_on) return due;
    return { ...due, day: ownPathDay(candidate.pace_started_on, due.localDate) };
  }

  const scheduler: ReminderScheduler = {
    tick(now = clock()) {
      // One tick at a time per process; a slow one makes the next minute's wait for it.
      if (running) return running;
      const startedAt = performance.now();
      // Due a minute after the last one started; later when the event loop was busy, or the
      // last tick ran past the minute.
      const lateMs =
        lastStartedAt === undefined ? 0 : Math.max(0, startedAt - lastStartedAt - TICK_INTERVAL_MS);
      lastStartedAt = startedAt;
      running = sendDue(now)
        .catch((error: unknown) => {
          logger.error({ err: error }, 'reminder tick failed');
          return { sent: 0, gone: 0, failed: 0 };
        })
        .then((report) => {
          options.onTick?.({ ...report, lateMs, durationMs: performance.now() - startedAt });
          return report;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    start() {
      if (timer) return;
      stopping = false;
      void scheduler.tick();
      timer = setInterval(() => void scheduler.tick(), TICK_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      timer = undefined;
      await running;
      // Idle kept-alive sockets would hold the process open after the app closes.
      if (!options.agent) agent.destroy();
    },
  };
  return scheduler;
}

/** Runs `work` over `items` with at most `limit` running at once. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
