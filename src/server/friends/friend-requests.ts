import type { Kysely } from 'kysely';
import type { FriendRequest, FriendRequestList } from '#shared/social-types';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { areFriends, makeFriends } from './friendships.js';
import { personNotFound, reachablePerson } from './reach.js';

function requestQuery(db: Kysely<Database>) {
  return db
    .selectFrom('friend_requests')
    .innerJoin('users as sender', 'sender.id', 'friend_requests.sender_id')
    .innerJoin('users as receiver', 'receiver.id', 'friend_requests.receiver_id')
    .selectAll('friend_requests')
    .select([
      'sender.full_name as sender_full_name',
      'sender.username as sender_username',
      'receiver.full_name as receiver_full_name',
      'receiver.username as receiver_username',
    ]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['executeTakeFirstOrThrow']>>;

function toFriendRequest(row: RequestRow): FriendRequest {
  return {
    id: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    sender: { id: row.sender_id, fullName: row.sender_full_name, username: row.sender_username },
    receiver: {
      id: row.receiver_id,
      fullName: row.receiver_full_name,
      username: row.receiver_username,
    },
  };
}

export async function listPendingRequests(
  db: Kysely<Database>,
  userId: number,
): Promise<FriendRequestList> {
  const rows = await requestQuery(db)
    .where('friend_requests.status', '=', 'pending')
    // A suspended account's requests wait unseen; its own are never listed either way.
    .where('sender.suspended_at', 'is', null)
    .where('receiver.suspended_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('friend_requests.sender_id', '=', userId),
        eb('friend_requests.receiver_id', '=', userId),
      ]),
    )
    .orderBy('friend_requests.created_at', 'desc')
    .orderBy('friend_requests.id', 'desc')
    .execute();
  return {
    sent: rows.filter((row) => row.sender_id === userId).map(toFriendRequest),
    received: rows.filter((row) => row.receiver_id === userId).map(toFriendRequest),
  };
}

/**
 * Sends a friend request. When the other person already asked, this accepts their request
 * instead. A rejected or stale request is reopened. A person the sender cannot reach (a block
 * either way, or no way of knowing them: reach.ts) answers as an unknown one.
 */
export async function sendFriendRequest(
  db: Kysely<Database>,
  senderId: number,
  named: { userId: number } | { username: string },
  now: Date,
): Promise<{ request: FriendRequest; accepted: boolean }> {
  // Unknown, suspended, blocked either way or out of reach: one answer, so nothing is revealed.
  const receiverId = await reachablePerson(db, senderId, named);
  if (receiverId === undefined) throw personNotFound();
  if (senderId === receiverId)
    throw new HttpError(400, 'You cannot send a friend request to yourself');
  const stamp = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    if (await areFriends(trx, senderId, receiverId))
      throw new HttpError(409, 'You are already friends');
    const theirs = await trx
      .selectFrom('friend_requests')
      .select(['id', 'status'])
      .where('sender_id', '=', receiverId)
      .where('receiver_id', '=', senderId)
      .executeTakeFirst();
    if (theirs?.status === 'pending') {
      await trx
        .updateTable('friend_requests')
        .set({ status: 'accepted', updated_at: stamp })
        .where('id', '=', theirs.id)
        .execute();
      await makeFriends(trx, senderId, receiverId, now);
      return { id: theirs.id, accepted: true };
    }
    const mine = await trx
      .selectFrom('friend_requests')
      .select(['id', 'status'])
      .where('sender_id', '=', senderId)
      .where('receiver_id', '=', receiverId)
      .executeTakeFirst();
    if (mine?.status === 'pending') throw new HttpError(409, 'Friend request already sent');
    if (mine) {
      // Rejected, or accepted before a removal: asking again reopens the same row.
      await trx
        .updateTable('friend_requests')
        .set({ status: 'pending', created_at: stamp, updated_at: stamp })
        .where('id', '=', mine.id)
        .execute();
      return { id: mine.id, accepted: false };
    }
    const row = await trx
      .insertInto('friend_requests')
      .values({
        sender_id: senderId,
        receiver_id: receiverId,
        status: 'pending',
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, accepted: false };
  });
  const request = await requestQuery(db)
    .where('friend_requests.id', '=', id.id)
    .executeTakeFirstOrThrow();
  return { request: toFriendRequest(request), accepted: id.accepted };
}

/** Only the receiver may answer a pending request; anyone else is told it does not exist. */
export async function answerFriendRequest(
  db: Kysely<Database>,
  userId: number,
  requestId: number,
  answer: 'accepted' | 'rejected',
  now: Date,
): Promise<FriendRequest> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('friend_requests')
      .set({ status: answer, updated_at: now.toISOString() })
      .where('id', '=', requestId)
      .where('receiver_id', '=', userId)
      .where('status', '=', 'pending')
      .where('sender_id', 'not in', (eb) =>
        eb.selectFrom('users').select('id').where('suspended_at', 'is not', null),
      )
      .returning(['sender_id', 'receiver_id'])
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'Friend request not found');
    if (answer === 'accepted') await makeFriends(trx, row.sender_id, row.receiver_id, now);
  });
  return toFriendRequest(
    await requestQuery(db).where('friend_requests.id', '=', requestId).executeTakeFirstOrThrow(),
  );
}
