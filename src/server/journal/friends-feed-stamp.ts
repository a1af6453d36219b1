import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/tables.js';
import { preparedRead } from '../db/prepared-query.js';

const friendsStamps = preparedRead((db) =>
  db
    .selectFrom('friendships')
    .innerJoin('users', 'users.id', 'friendships.friend_id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('friends'),
      eb.fn.sum<number | string | null>('users.feed_stamp').as('stamps'),
    ])
    .where('friendships.user_id', '=', 0),
);

/**
 * A value that changes whenever the reader's feed may have changed, read in one indexed
 * query: the reader's own stamp (moved by every friendship made or ended) and the number and
 * sum of the friends' stamps (each moved by a change to that friend's shared entries or name).
 * Stamps only grow, so the sum cannot come back to an earlier value.
 */
export async function friendsFeedStamp(db: Kysely<Database>, reader: UserRow): Promise<string> {
  const [row] = await friendsStamps(db, reader.id);
  return `${reader.feed_stamp}.${row?.friends ?? 0}.${row?.stamps ?? 0}`;
}
