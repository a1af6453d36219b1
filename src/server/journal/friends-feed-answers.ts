import type { Kysely } from 'kysely';
import { changeTailOf } from '../db/change-tail.js';
import { readNow } from '../db/prepared-query.js';
import type { Database } from '../db/tables.js';
import { friendsFeedStamp } from './friends-feed-stamp.js';
import { KeptFeeds } from './kept-feeds.js';

/**
 * The reader's feed, ready to send. `caughtUp`: the change log was already read up to date
 * for this request (by the session lookup), so it need not be read again before answering.
 */
export type FeedAnswer = (
  readerId: number,
  read: () => Promise<unknown>,
  caughtUp?: boolean,
) => Promise<Buffer>;

const serialized = (feed: unknown) => Buffer.from(JSON.stringify(feed));

/**
 * Answers each reader's friends' feed from the one this process kept for them while it is
 * still current, and reads it afresh otherwise. What tells "still current" differs:
 * - SQLite: the change log (ChangeTail), caught up before each answer; a change to a
 *   person's shared entries or name lets go of their friends' kept feeds, a friendship made or
 *   ended lets go of both people's;
 * - PostgreSQL: the feed stamp, read before the feed (see friendsFeedStamp).
 */
export function friendsFeedAnswers(db: Kysely<Database>, maxBytes: number): FeedAnswer {
  const kept = new KeptFeeds(maxBytes);
  const tail = changeTailOf(db);
  if (!tail) {
    return async (readerId, read) => {
      // Read before the feed, so a kept answer is never older than its stamp.
      const stamp = await friendsFeedStamp(db, readerId);
      const body = kept.get(readerId, stamp);
      if (body) return body;
      const fresh = serialized(await read());
      kept.keep(readerId, stamp, fresh);
      return fresh;
    };
  }
  tail.on('friends', (userId) => kept.forget(userId));
  tail.on('feed', (authorId) => {
    if (kept.size === 0) return;
    const readers = readNow<{ user_id: number }>(
      db,
      'select user_id from friendships where friend_id = ?',
      [authorId],
    );
    if (!readers) return kept.forgetAll();
    for (const { user_id } of readers) kept.forget(user_id);
  });
  tail.onReset(() => kept.forgetAll());
  return async (readerId, read, caughtUp = false) => {
    if (!caughtUp && !tail.catchUp()) return serialized(await read());
    const body = kept.get(readerId, '');
    if (body) return body;
    const reading = kept.startRead(readerId);
    let fresh: Buffer | undefined;
    try {
      fresh = serialized(await read());
      // Changes committed while the feed was read are applied before it is kept.
      if (!tail.catchUp()) reading.stale = true;
      return fresh;
    } finally {
      kept.finishRead(reading, '', fresh);
    }
  };
}
