import type { Kysely } from 'kysely';
import { accountCounterKeys } from '../auth/sign-in-limits.js';
import type { Database, UserRow } from '../db/tables.js';
import { storedRateLimitKey } from '../http/rate-limits.js';

/**
 * Deletes a person. Every row that refers to them (entries, friend requests both ways,
 * friendships both ways, progress, sessions, reset links, push subscriptions) goes with the
 * user row through ON DELETE CASCADE. Rate-limit counters are keyed by text rather than by a
 * foreign key, so the ones naming this person are removed here.
 */
export async function deleteAccount(db: Kysely<Database>, user: UserRow): Promise<void> {
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
              `friend-requests:user:${user.id}`,
            ].map(storedRateLimitKey),
          ),
          eb('key', 'like', `${signIns.prefix}%`),
        ]),
      )
      .execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
