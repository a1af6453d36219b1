import type { Kysely } from 'kysely';
import { preparedRead } from '../db/prepared-query.js';
import type { Database } from '../db/tables.js';

// Each friend's stamp is looked up by its key, so the read stays the same size however many
// people there are (a join here could be planned as a scan of every stamp).
const feedStamps = preparedRead((db) =>
  db
    .selectFrom('friendships')
    .select((eb) => [
      eb
        .selectFrom('feed_stamps as own')
        .select('own.stamp')
        .where('own.user_id', '=', 0)
        .as('own'),
      eb.fn.countAll<number | string>().as('friends'),
      eb.fn
        .sum<number | string | null>(
          eb
            .selectFrom('feed_stamps')
            .select('feed_stamps.stamp')
            .whereRef('feed_stamps.user_id', '=', 'friendships.friend_id'),
        )
        .as('stamps'),
    ])
    .where('friendships.user_id', '=', 0),
);

/**
 * PostgreSQL: a value that changes whenever the reader's feed may have changed, read in one
 * indexed query: the reader's own count (moved by every friendship made or ended) and the
 * number and sum of the friends' counts (each moved by a change to that friend's shared
 * entries or name). Counts only grow, so the sum cannot come back to an earlier value.
 */
export async function friendsFeedStamp(db: Kysely<Database>, readerId: number): Promise<string> {
  const [row] = await feedStamps(db, readerId, readerId);
  return `${row?.own ?? 0}.${row?.friends ?? 0}.${row?.stamps ?? 0}`;
}
