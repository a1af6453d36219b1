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
