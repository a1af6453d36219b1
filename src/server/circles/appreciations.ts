import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { eitherBlocked } from '../friends/reach.js';

type Db = Kysely<Database> | Transaction<Database>;

export const ENTRY_NOT_FOUND = 'Entry not found';

/**
 * The author of an entry the viewer can see and is not theirs: shared with friends and the two
 * are friends, or shared with a circle they are both in; never a suspended author's, and
 * never across a block. Undefined otherwise, so callers answer as for an entry that is not there.
 */
export async function authorOfEntryVisibleTo(
  db: Db,
  viewerId: number,
  entryId: number,
): Promise<number | undefined> {
  const entry = await db
    .selectFrom('journal_entries')
    .innerJoin('users', 'users.id', 'journal_entries.user_id')
    .select(['journal_entries.user_id', 'journal_entries.is_public'])
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('friendships')
            .select('friendships.id')
            .where('friendships.user_id', '=', viewerId)
            .whereRef('friendships.friend_id', '=', 'journal_entries.user_id'),
        )
        .as('friends'),
      eb
        .exists(
          eb
            .selectFrom('journal_entry_circles as shared')
            .innerJoin('circle_members as viewer', 'viewer.circle_id', 'shared.circle_id')
            .select('shared.circle_id')
            .whereRef('shared.entry_id', '=', 'journal_entries.id')
            .where('viewer.user_id', '=', viewerId),
        )
        .as('inCircle'),
    ])
    .where('journal_entries.id', '=', entryId)
    .where('users.suspended_at', 'is', null)
    .executeTakeFirst();
  if (!entry || entry.user_id === viewerId) return undefined;
  const seen =
    (Number(entry.is_public) === 1 && Boolean(Number(entry.friends))) ||
    Boolean(Number(entry.inCircle));
  if (!seen || (await eitherBlocked(db, viewerId, entry.user_id))) return undefined;
  return entry.user_id;
}

/** Appreciates an entry the person can see, or takes the appreciation back. */
export async function setAppreciation(
  db: Kysely<Database>,
  userId: number,
  entryId: number,
  appreciated: boolean,
  now: Date,
): Promise<void> {
  if ((await authorOfEntryVisibleTo(db, userId, entryId)) === undefined) {
    throw new HttpError(404, ENTRY_NOT_FOUND);
  }
  if (appreciated) {
    await db
      .insertInto('entry_appreciations')
      .values({ entry_id: entryId, user_id: userId, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['entry_id', 'user_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('entry_appreciations')
      .where('entry_id', '=', entryId)
      .where('user_id', '=', userId)
      .execute();
  }
}
