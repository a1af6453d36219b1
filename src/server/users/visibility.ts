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
 * pending request with them either way, and no block stands between them. Each is asked of the
 * row at hand by its own index, rather than by listing the caller's friends first, so a read that
 * meets a page of people (discover) costs a few index probes each and stops.
 */
export function strangersToTheCaller(callerId: number) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks')
            .select(eb.lit(1).as('one'))
            .whereRef('blocks.blocked_id', '=', 'users.id')
            .where('blocks.blocker_id', '=', callerId),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks')
            .select(eb.lit(1).as('one'))
            .whereRef('blocks.blocker_id', '=', 'users.id')
            .where('blocks.blocked_id', '=', callerId),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('friendships')
            .select(eb.lit(1).as('one'))
            .whereRef('friendships.friend_id', '=', 'users.id')
            .where('friendships.user_id', '=', callerId),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('friend_requests')
            .select(eb.lit(1).as('one'))
            .whereRef('friend_requests.receiver_id', '=', 'users.id')
            .where('friend_requests.sender_id', '=', callerId)
            .where('friend_requests.status', '=', 'pending'),
        ),
      ),
      eb.not(
        eb.exists(
          eb
            .selectFrom('friend_requests')
            .select(eb.lit(1).as('one'))
            .whereRef('friend_requests.sender_id', '=', 'users.id')
            .where('friend_requests.receiver_id', '=', callerId)
            .where('friend_requests.status', '=', 'pending'),
        ),
      ),
    ]);
}
