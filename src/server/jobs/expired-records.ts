import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { trimChangeLog } from '../cache/change-log.js';
import type { Database } from '../db/tables.js';

/** Rate-limit windows last an hour at most; a day's margin keeps any window still counting. */
const rateLimitRowsKeptMs = 24 * 60 * 60 * 1000;
/** Used or expired reset links are kept a day, so a support question about one can be answered. */
const resetTokensKeptMs = 24 * 60 * 60 * 1000;

export interface SweepResult {
  sessions: number;
  endedSessions: number;
  resetTokens: number;
  signInLinks: number;
  rateLimitWindows: number;
  changeLogEntries: number;
}

/**
 * Deletes what can never be used again: expired sessions (and the reasons kept for sessions
 * ended early, once they would have expired), spent or expired reset and sign-in links and finished
 * rate-limit windows. Each is otherwise removed only when someone presents it. The
 * change log is trimmed too.
 */
export async function sweepExpiredRecords(db: Kysely<Database>, now: Date): Promise<SweepResult> {
  const nowIso = now.toISOString();
  const tokenCutoff = new Date(now.getTime() - resetTokensKeptMs).toISOString();
  const sessions = await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', nowIso)
    .executeTakeFirst();
  const endedSessions = await db
    .deleteFrom('ended_sessions')
    .where('expires_at', '<=', nowIso)
    .executeTakeFirst();
  const resetTokens = await db
    .deleteFrom('password_reset_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', tokenCutoff), eb('used_at', '<=', tokenCutoff)]))
    .executeTakeFirst();
  const signInLinks = await db
    .deleteFrom('sign_in_links')
    .where((eb) => eb.or([eb('expires_at', '<=', tokenCutoff), eb('used_at', '<=', tokenCutoff)]))
    .executeTakeFirst();
  const rateLimitWindows = await db
    .deleteFrom('rate_limit_counters')
    .where('window_start', '<', now.getTime() - rateLimitRowsKeptMs)
    .executeTakeFirst();
  const changeLogEntries = await trimChangeLog(db);
  return {
    changeLogEntries,
    sessions: Number(sessions.numDeletedRows),
    endedSessions: Number(endedSessions.numDeletedRows),
    resetTokens: Number(resetTokens.numDeletedRows),
    signInLinks: Number(signInLinks.numDeletedRows),
    rateLimitWindows: Number(rateLimitWindows.numDeletedRows),
  };
}

/** Runs the sweep once an hour; the returned function stops it and waits for a running sweep. */
export function scheduleExpiredRecordSweep(
  db: Kysely<Database>,
  clock: Clock,
  logger: FastifyBaseLogger,
  everyMs = 60 * 60 * 1000,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepExpiredRecords(db, clock())
      .then((result) => logger.debug(result, 'expired records swept'))
      .catch((err: unknown) => logger.warn({ err }, 'sweeping expired records failed'));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
