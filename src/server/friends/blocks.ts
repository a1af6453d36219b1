import type { Kysely, Transaction } from 'kysely';
import type { BlockedPerson } from '#shared/social-types';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether either person has blocked the other. */
export async function eitherBlocked(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Blocks a person: any friendship and request between the two ends, both ways, in the same
 * transaction. Blocking someone already blocked changes nothing. Answers whether the block is new.
 */
export async function blockPerson(
  db: Kysely<Database>,
  blockerId: number,
  blockedId: number,
  now: Date,
): Promise<boolean> {
  if (blockerId === blockedId) throw new HttpError(400, 'You cannot block yourself');
  const person = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', blockedId)
    .executeTakeFirst();
  if (!person) throw new HttpError(404, 'User not found');
  return db.transaction().execute(async (trx) => {
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

/** The people this person has blocked, newest block first. */
export async function listBlocks(
  db: Kysely<Database>,
  blockerId: number,
): Promise<BlockedPerson[]> {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .select(['users.id', 'users.full_name', 'users.username', 'blocks.created_at'])
    .where('blocks.blocker_id', '=', blockerId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('blocks.id', 'desc')
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    fullName: row.full_name,
    username: row.username,
    blockedAt: row.created_at,
  }));
}
