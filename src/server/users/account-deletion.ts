import { SqliteAdapter, sql } from 'kysely';
import type { AppContext } from '../app-context.js';
import { accountCounterKeys } from '../auth/sign-in-limits.js';
import type { UserRow } from '../db/tables.js';
import { storedRateLimitKey } from '../http/rate-limits.js';

/**
 * Deletes a person. Every row that refers to them (entries, friend requests both ways,
 * friendships both ways, progress, saved stanzas and their notes, sessions, reset links, push
 * subscriptions) goes with the
 * user row through ON DELETE CASCADE. Rate-limit counters are keyed by text rather than by a
 * foreign key, so the ones naming this person are removed here, and so is the mail kept for
 * them in the outbox when there is no mail server. On SQLite the freed pages are overwritten
 * (secure_delete, see db/connection.ts), so the file keeps nothing of them either; the
 * write-ahead log still holds the pages as they were before, so it is checkpointed and emptied
 * (TRUNCATE) at once rather than minutes later.
 */
export async function deleteAccount(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  user: UserRow,
): Promise<void> {
  const { db } = ctx;
  const signIns = accountCounterKeys(user);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('rate_limit_counters')
      .where((eb) =>
        eb.or([
          eb(
            'key',
            'in',
            [
              signIns.exact,
              `reset-request:email:${user.email}`,
              `sign-in-link-request:email:${user.email}`,
              `friend-requests:user:${user.id}`,
              `blocks:user:${user.id}`,
              `email-change:user:${user.id}`,
            ].map(storedRateLimitKey),
          ),
          eb('key', 'like', `${signIns.prefix}%`),
        ]),
      )
      .execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
  await ctx.mailer.forget?.(user.email);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  }
}
