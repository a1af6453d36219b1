import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { CircleRole } from '#shared/circle-schemas';
import type { Database } from '../db/tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The caller's role in a circle, or undefined when they are not in it. */
export async function roleIn(
  db: Db,
  circleId: number,
  userId: number,
): Promise<CircleRole | undefined> {
  const row = await db
    .selectFrom('circle_members')
    .select('role')
    .where('circle_id', '=', circleId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

/**
 * Whether two people are fellow members of some reading circle: one of the ways one person can
 * reach another (docs/product.md#who-can-reach-whom). A block is judged apart.
 */
export async function shareACircle(db: Db, userA: number, userB: number): Promise<boolean> {
  if (userA === userB) return false;
  const row = await db
    .selectFrom('circle_members as mine')
    .innerJoin('circle_members as theirs', 'theirs.circle_id', 'mine.circle_id')
    .select('mine.circle_id')
    .where('mine.user_id', '=', userA)
    .where('theirs.user_id', '=', userB)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of `others`, those who share a circle with `userId`: the bulk form of shareACircle. */
export async function fellowMembersAmong(
  db: Db,
  userId: number,
  others: readonly number[],
): Promise<Set<number>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .selectFrom('circle_members as mine')
    .innerJoin('circle_members as theirs', 'theirs.circle_id', 'mine.circle_id')
    .select('theirs.user_id')
    .distinct()
    .where('mine.user_id', '=', userId)
    .where('theirs.user_id', 'in', [...others])
    .where('theirs.user_id', '!=', userId)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/**
 * A condition for a query's where: no block stands between `userId` and the person whose id is
 * in `column`, either way. The people a block stands between are left out in the same read.
 */
export function noBlockBetween(userId: number, column: string) {
  const other = sql.ref(column);
  return sql<SqlBool>`not exists (select 1 from blocks where
    (blocks.blocker_id = ${userId} and blocks.blocked_id = ${other}) or
    (blocks.blocker_id = ${other} and blocks.blocked_id = ${userId}))`;
}

/** The people who stand blocked either way from `userId`. */
export async function blockedEitherWay(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) => eb.or([eb('blocker_id', '=', userId), eb('blocked_id', '=', userId)]))
    .execute();
  return new Set(rows.map((row) => (row.blocker_id === userId ? row.blocked_id : row.blocker_id)));
}
