import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { shareACircle } from '../circles/circle-membership.js';
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

/** The person acted on, as the reach rule reads them. */
interface Target {
  id: number;
  discoverable: 'everyone' | 'username' | 'nobody';
}

/** One way a caller may come to know a person (docs/decisions/022-who-can-reach-whom.md). */
type ReachCheck = (db: Db, callerId: number, target: Target) => Promise<boolean>;

/**
 * Appears to the caller in search or discover under their own "Who can find me" choice: only
 * "everyone" does for an action by id; "username" is reached through its exact username
 * (reachableByUsername), "nobody" never.
 */
const findableByAnyone: ReachCheck = async (_db, _callerId, target) =>
  target.discoverable === 'everyone';

/**
 * A friend. The entries a caller can see besides their own are the ones friends share with them
 * and the ones shared in circles they are in, so "the author of an entry the caller can see" is
 * this check and the circle check below.
 */
const friendOfCaller: ReachCheck = async (db, callerId, target) =>
  (await db
    .selectFrom('friendships')
    .select('id')
    .where('user_id', '=', callerId)
    .where('friend_id', '=', target.id)
    .executeTakeFirst()) !== undefined;

/** A pending request, sent by either of the two. */
const pendingRequestEitherWay: ReachCheck = async (db, callerId, target) =>
  (await db
    .selectFrom('friend_requests')
    .select('id')
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', callerId), eb('receiver_id', '=', target.id)]),
        eb.and([eb('sender_id', '=', target.id), eb('receiver_id', '=', callerId)]),
      ]),
    )
    .executeTakeFirst()) !== undefined;

/** A fellow member of a reading circle. */
const fellowCircleMember: ReachCheck = async (db, callerId, target) =>
  shareACircle(db, callerId, target.id);

/** Every way of reaching a person; any one is enough. Cheapest first. */
const reachChecks: ReachCheck[] = [
  findableByAnyone,
  friendOfCaller,
  pendingRequestEitherWay,
  fellowCircleMember,
];

async function standingAccount(
  db: Db,
  where: { id: number } | { usernameKey: string },
): Promise<Target | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'discoverable'])
    .$if('id' in where, (qb) => qb.where('id', '=', (where as { id: number }).id))
    .$if('usernameKey' in where, (qb) =>
      qb.where('username_key', '=', (where as { usernameKey: string }).usernameKey),
    )
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
}

async function reachable(db: Db, callerId: number, target: Target): Promise<boolean> {
  // A block stands between two people as if neither existed for the other.
  if (await eitherBlocked(db, callerId, target.id)) return false;
  for (const check of reachChecks) {
    if (await check(db, callerId, target)) return true;
  }
  return false;
}

/**
 * Whether the caller may act on this person by id (a friend request, a block, a report). An
 * unknown id, a suspended account, a block either way and a person the caller cannot otherwise
 * reach all answer false alike, so the answer tells a stranger nothing. Never true for oneself.
 */
export async function canReach(db: Db, callerId: number, targetId: number): Promise<boolean> {
  if (callerId === targetId) return false;
  const target = await standingAccount(db, { id: targetId });
  return target !== undefined && (await reachable(db, callerId, target));
}

/**
 * The person with exactly this username (ignoring case) when the caller may reach them through
 * it: those who chose "everyone" or "username" appear for their exact username, and anyone the
 * caller reaches by id is reached by their username too. Undefined otherwise, as for no one.
 */
export async function reachableByUsername(
  db: Db,
  callerId: number,
  username: string,
): Promise<number | undefined> {
  const target = await standingAccount(db, { usernameKey: username.trim().toLowerCase() });
  if (!target || target.id === callerId) return target?.id;
  if (await eitherBlocked(db, callerId, target.id)) return undefined;
  if (target.discoverable === 'username') return target.id;
  return (await reachable(db, callerId, target)) ? target.id : undefined;
}

/**
 * The person an action names, by id or by exact username, when the caller may reach them that
 * way; the caller themselves when they named themselves (each action has its own answer to
 * that). Undefined for everyone else, exactly as for no one.
 */
export async function reachablePerson(
  db: Db,
  callerId: number,
  named: { userId: number } | { username: string },
): Promise<number | undefined> {
  if ('username' in named) return reachableByUsername(db, callerId, named.username);
  if (named.userId === callerId) return callerId;
  return (await canReach(db, callerId, named.userId)) ? named.userId : undefined;
}

export const personNotFound = () => new HttpError(404, 'User not found');
