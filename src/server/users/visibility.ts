import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * A condition on `users` rows: the person and the caller may see each other, which a block by
 * either of them ends. Every list of other people (search, discover) takes it, so a blocked
 * person finds the blocker nowhere and cannot tell why.
 */
export function visibleToEachOther(callerId: number) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([
      eb(
        'users.id',
        'not in',
        eb.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', callerId),
      ),
      eb(
        'users.id',
        'not in',
        eb.selectFrom('blocks').select('blocker_id').where('blocked_id', '=', callerId),
      ),
    ]);
}

/**
 * A condition on `users` rows for suggestions: the person is no friend of the caller, has no
 * pending request with them either way, and no block stands between them. Those people are
 * listed once per statement, each kind by its own index (a few rows), and each row a read meets
 * is looked up among them; the list's columns are all NOT NULL, so `not in` is exact. Checking
 * each row against the five relations by index instead cost twice as much on PostgreSQL, in
 * planning and in running.
 */
export function strangersToTheCaller(callerId: number) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb(
      'users.id',
      'not in',
      eb
        .selectFrom('blocks')
        .select('blocked_id as id')
        .where('blocker_id', '=', callerId)
        .unionAll(
          eb.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', callerId),
        )
        .unionAll(
          eb.selectFrom('friendships').select('friend_id as id').where('user_id', '=', callerId),
        )
        .unionAll(
          eb
            .selectFrom('friend_requests')
            .select('receiver_id as id')
            .where('sender_id', '=', callerId)
            .where('status', '=', 'pending'),
        )
        .unionAll(
          eb
            .selectFrom('friend_requests')
            .select('sender_id as id')
            .where('receiver_id', '=', callerId)
            .where('status', '=', 'pending'),
        ),
    );
}
