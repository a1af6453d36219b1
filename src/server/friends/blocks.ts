import type { Kysely } from 'kysely';
import type { BlockedPerson } from '#shared/social-types';
import { compileRead, type ReadableDatabase } from '../db/compiled-read.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { personNotFound, reachablePerson } from './reach.js';

/**
 * Blocks a person: any friendship and request between the two ends, both ways, in the same
 * transaction. Blocking someone already blocked changes nothing. A person the blocker cannot
 * reach (reach.ts), including one who blocked them, answers as an unknown one. Answers whether
 * the block is new.
 */
export async function blockPerson(
  db: Kysely<Database>,
  blockerId: number,
  named: { userId: number } | { username: string },
  now: Date,
): Promise<{ userId: number; added: boolean }> {
  if ('userId' in named && named.userId === blockerId) {
    throw new HttpError(400, 'You cannot block yourself');
  }
  const already = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select('users.id')
    .where('blocks.blocker_id', '=', blockerId)
    .$if('userId' in named, (qb) => qb.where('users.id', '=', (named as { userId: number }).userId))
    .$if('username' in named, (qb) =>
      qb.where('users.username_key', '=', (named as { username: string }).username.toLowerCase()),
    )
    .executeTakeFirst();
  if (already) return { userId: already.id, added: false };
  const blockedId = await reachablePerson(db, blockerId, named);
  if (blockedId === undefined) throw personNotFound();
  if (blockedId === blockerId) throw new HttpError(400, 'You cannot block yourself');
  const added = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('friendships')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', blockerId), eb('friend_id', '=', blockedId)]),
          eb.and([eb('user_id', '=', blockedId), eb('friend_id', '=', blockerId)]),
        ]),
      )
      .execute();
    await trx
      .deleteFrom('friend_requests')
      .where((eb) =>
        eb.or([
          eb.and([eb('sender_id', '=', blockerId), eb('receiver_id', '=', blockedId)]),
          eb.and([eb('sender_id', '=', blockedId), eb('receiver_id', '=', blockerId)]),
        ]),
      )
      .execute();
    const inserted = await trx
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  });
  return { userId: blockedId, added };
}

/** Lifts a block; the friendship it ended stays ended. Answers whether there was one. */
export async function unblockPerson(
  db: Kysely<Database>,
  blockerId: number,
  blockedId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The people this person has blocked, newest block first. Only people the blocker could reach
 * when blocking them are ever here (reach.ts), so the list names no one a stranger could not
 * already find; it carries nothing beyond the name and username search shows. Compiled once,
 * and on SQLite read straight on the connection (compileRead).
 */
export function blocksReader(database: ReadableDatabase) {
  const read = compileRead(database, (db, values: { blockerId: number }) =>
    db
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked_id')
      .select(['users.id', 'users.full_name', 'users.username', 'blocks.created_at'])
      .where('blocks.blocker_id', '=', values.blockerId)
      // A suspended account is invisible to others, in this list too.
      .where('users.suspended_at', 'is', null)
      .orderBy('blocks.created_at', 'desc')
      .orderBy('blocks.id', 'desc'),
  );
  return async (blockerId: number): Promise<BlockedPerson[]> =>
    (await read({ blockerId })).map((row) => ({
      userId: row.id,
      fullName: row.full_name,
      username: row.username,
      blockedAt: row.created_at,
    }));
}
