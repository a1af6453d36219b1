import type { Kysely, Transaction } from 'kysely';
import type { Friend } from '#shared/social-types';
import { compileRead, type ReadableDatabase } from '../db/compiled-read.js';
import type { Database } from '../db/tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function areFriends(db: Db, userId: number, otherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('friendships')
    .select('id')
    .where('user_id', '=', userId)
    .where('friend_id', '=', otherId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A friendship is stored in both directions so each side's queries use one index. */
export async function makeFriends(db: Db, a: number, b: number, now: Date): Promise<void> {
  const created_at = now.toISOString();
  await db
    .insertInto('friendships')
    .values([
      { user_id: a, friend_id: b, created_at },
      { user_id: b, friend_id: a, created_at },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
    .execute();
}

export async function removeFriendship(db: Db, a: number, b: number): Promise<boolean> {
  const result = await db
    .deleteFrom('friendships')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The person's friends, by name, as the friends screen asks on every open: compiled once, and on
 * SQLite read straight on the connection (compileRead).
 */
export function friendsReader(database: ReadableDatabase) {
  const read = compileRead(database, (db, values: { userId: number }) =>
    db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.friend_id')
      .select(['users.id', 'users.full_name', 'users.username', 'users.email', 'users.whatsapp'])
      .where('friendships.user_id', '=', values.userId)
      .where('users.suspended_at', 'is', null)
      .orderBy('users.full_name', 'asc')
      .orderBy('users.id', 'asc'),
  );
  return async (userId: number): Promise<Friend[]> =>
    (await read({ userId })).map((row) => ({
      id: row.id,
      fullName: row.full_name,
      username: row.username,
      email: row.email,
      whatsapp: row.whatsapp,
    }));
}
