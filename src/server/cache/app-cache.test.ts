import { describe, expect, it } from 'vitest';
import { twoHandles } from '../test-support/database-handles.js';
import { insertUser } from '../test-support/user-rows.js';
import {
  type AppCache,
  cacheListener,
  createAppCache,
  SQLITE_LOOKS_EVERY_MS,
} from './app-cache.js';
import { FeedCache } from './feed-cache.js';
import { ContentCache } from './content-cache.js';
import { SessionCache } from './session-cache.js';

describe('the invalidation rule', () => {
  it('lets go of exactly what each kind of change concerns', () => {
    const feeds = new FeedCache(10_000);
    const sessions = new SessionCache<{ id: number }>(10);
    const content = new ContentCache(10);
    const fill = () => {
      content.keep('vocabulary', 'words', content.generation);
      feeds.keep(1, [2, 3], Buffer.from('feed of 1'));
      feeds.keep(2, [1], Buffer.from('feed of 2'));
      sessions.keep('token of 1', { id: 1 }, sessions.generation);
      sessions.keep('token of 2', { id: 2 }, sessions.generation);
    };
    const cached = () =>
      [
        feeds.get(1) && 'feed 1',
        feeds.get(2) && 'feed 2',
        sessions.get('token of 1') && 'session 1',
        sessions.get('token of 2') && 'session 2',
        content.get('vocabulary') && 'readings',
      ].filter(Boolean);
    const listener = cacheListener({ feeds, sessions, content });

    fill();
    listener.changed({ topic: 'feed', userId: 3 });
    expect(cached()).toEqual(['feed 2', 'session 1', 'session 2', 'readings']);
    fill();
    listener.changed({ topic: 'friends', userId: 2 });
    expect(cached()).toEqual(['feed 1', 'session 1', 'session 2', 'readings']);
    fill();
    listener.changed({ topic: 'account', userId: 1 });
    expect(cached()).toEqual(['feed 1', 'feed 2', 'session 2', 'readings']);
    fill();
    listener.changed({ topic: 'content', userId: 0 });
    expect(cached()).toEqual(['feed 1', 'feed 2', 'session 1', 'session 2']);
    fill();
    listener.lost();
    expect(cached()).toEqual([]);
  });
});

// The cache of one process, on one handle; the changes come through another, as from another
// process. Each change must reach the cache by the time another process may take to hear of it,
// and a change that concerns nothing cached must leave the cache alone.
const handles = twoHandles();

/** Another process's change, and the moment the process under test may take to hear of it. */
async function elsewhere<T>(change: Promise<T>): Promise<T> {
  const done = await change;
  await new Promise((resolve) => setTimeout(resolve, SQLITE_LOOKS_EVERY_MS + 5));
  return done;
}

let counter = 0;
async function person() {
  counter += 1;
  const name = `cached${counter}`;
  const id = await elsewhere(insertUser(handles.writer.db, name));
  const tokenHash = `hash-${name}`;
  const at = new Date().toISOString();
  await elsewhere(
    handles.writer.db
      .insertInto('sessions')
      .values({
        user_id: id,
        token_hash: tokenHash,
        user_agent: null,
        created_at: at,
        last_seen_at: at,
        expires_at: at,
      })
      .execute(),
  );
  return { id, tokenHash };
}

async function befriend(a: number, b: number) {
  const created_at = new Date().toISOString();
  await elsewhere(
    handles.writer.db
      .insertInto('friendships')
      .values([
        { user_id: a, friend_id: b, created_at },
        { user_id: b, friend_id: a, created_at },
      ])
      .execute(),
  );
}

let day = 0;
async function share(userId: number) {
  day += 1;
  const at = new Date().toISOString();
  await elsewhere(
    handles.writer.db
      .insertInto('journal_entries')
      .values({
        user_id: userId,
        day_number: day,
        entry_text: 'x',
        is_public: 1,
        created_at: at,
        updated_at: at,
      })
      .execute(),
  );
}

/** A request for the reader's feed: the session lookup first, as every signed-in request. */
function feedRequests(cache: AppCache, reader: { id: number; tokenHash: string }) {
  let reads = 0;
  return async (during?: () => Promise<void>) => {
    await cache.session(reader.tokenHash);
    const before = reads;
    await cache.friendsFeed(reader.id, async () => {
      reads += 1;
      await during?.();
      return { read: reads };
    });
    return reads > before ? 'read' : 'cached';
  };
}

describe("a process's cache", () => {
  it('keeps a shared secret once read, and reads it again after a read that failed', async () => {
    const cache = createAppCache(handles.reader, { feedBytes: 0 });
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) throw new Error('the database is away');
      return Buffer.from(`secret of read ${reads}`);
    };
    await expect(cache.serverSecret('signing key', read)).rejects.toThrow('the database is away');
    expect(await cache.serverSecret('signing key', read)).toEqual(Buffer.from('secret of read 2'));
    expect(await cache.serverSecret('signing key', read)).toEqual(Buffer.from('secret of read 2'));
    expect(reads).toBe(2);
  });

  it('shares its reads of the log between changes at once, each seeing what committed before it asked', async () => {
    const cache = createAppCache(handles.reader, { feedBytes: 1024 * 1024 });
    const [me, friend] = [await person(), await person()];
    await befriend(me.id, friend.id);
    const feed = feedRequests(cache, me);
    expect(await feed()).toBe('read');
    const before = cache.figures().changes.logReads;
    // Ten saves answered at once share one read.
    await Promise.all(Array.from({ length: 10 }, () => cache.catchUp()));
    expect(cache.figures().changes.logReads - before).toBe(1);
    // A read under way began before this change: asking after it waits for a read that sees it.
    const under = cache.catchUp();
    await handles.writer.db
      .insertInto('journal_entries')
      .values({
        user_id: friend.id,
        day_number: 200,
        entry_text: 'x',
        is_public: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await Promise.all([under, cache.catchUp()]);
    expect(await feed()).toBe('read');
  });

  it('answers a feed from the cache until something it shows changes', async () => {
    const cache = createAppCache(handles.reader, { feedBytes: 1024 * 1024 });
    const [me, friend, stranger] = [await person(), await person(), await person()];
    await befriend(me.id, friend.id);
    const feed = feedRequests(cache, me);
    expect(await feed()).toBe('read');
    expect(await feed()).toBe('cached');

    await share(stranger.id);
    await elsewhere(
      handles.writer.db
        .updateTable('users')
        .set({ city: 'Yazd' })
        .where('id', '=', friend.id)
        .execute(),
    );
    expect(await feed()).toBe('cached');

    await share(friend.id);
    expect(await feed()).toBe('read');
    await elsewhere(
      handles.writer.db
        .updateTable('users')
        .set({ full_name: 'Another Name' })
        .where('id', '=', friend.id)
        .execute(),
    );
    expect(await feed()).toBe('read');
    await befriend(me.id, stranger.id);
    expect(await feed()).toBe('read');
    await share(stranger.id);
    expect(await feed()).toBe('read');
    expect(await feed()).toBe('cached');
  });

  it('does not cache a feed that a change overtook while it was read', async () => {
    const cache = createAppCache(handles.reader, { feedBytes: 1024 * 1024 });
    const [me, friend] = [await person(), await person()];
    await befriend(me.id, friend.id);
    const feed = feedRequests(cache, me);
    // Another request, looking up its session, hears of the change while the feed is read.
    const overtaken = async () => {
      await share(friend.id);
      await cache.session(friend.tokenHash);
    };
    expect(await feed(overtaken)).toBe('read');
    expect(await feed()).toBe('read');
    expect(await feed()).toBe('cached');
  });

  it("answers a session from the cache until that person's account or sessions change", async () => {
    const cache = createAppCache(handles.reader, { feedBytes: 0 });
    const [me, other] = [await person(), await person()];
    const first = await cache.session(me.tokenHash);
    expect(first?.user).toMatchObject({ id: me.id });
    expect(await cache.session(me.tokenHash)).toBe(first);

    await elsewhere(
      handles.writer.db.deleteFrom('sessions').where('user_id', '=', other.id).execute(),
    );
    expect(await cache.session(me.tokenHash)).toBe(first);

    await elsewhere(
      handles.writer.db.updateTable('users').set({ city: 'Tus' }).where('id', '=', me.id).execute(),
    );
    const changed = await cache.session(me.tokenHash);
    expect(changed).not.toBe(first);
    expect(changed?.user).toMatchObject({ id: me.id, city: 'Tus' });

    await elsewhere(
      handles.writer.db.deleteFrom('sessions').where('user_id', '=', me.id).execute(),
    );
    expect(await cache.session(me.tokenHash)).toBeUndefined();
  });

  it('answers a kept session or reading at once only while it has heard of every change', async () => {
    const cache = createAppCache(handles.reader, { feedBytes: 0 });
    const me = await person();
    const anyone = () => true;
    expect(cache.keptSession(me.tokenHash, anyone)).toBeUndefined();
    const first = await cache.session(me.tokenHash);
    const reading = await cache.fromContent('reading', async () => ({ day: 1 }));
    if (process.env.TEST_DB !== 'postgres') {
      // On SQLite, until the next look at the log (a few milliseconds on), what is kept answers.
      let kept;
      for (let i = 0; i < 5 && !kept; i++) {
        await cache.session(me.tokenHash);
        kept = cache.keptSession(me.tokenHash, anyone);
      }
      expect(kept).toBe(first);
      expect(cache.keptSession(me.tokenHash, () => false)).toBeUndefined();
      let keptReading;
      for (let i = 0; i < 5 && !keptReading; i++) {
        await cache.catchUp();
        keptReading = cache.keptContent('reading');
      }
      expect(keptReading).toBe(reading);
      expect(cache.keptContent('reading', () => false)).toBeUndefined();
    }
    // Ended in another process: nothing answers at once until the log is read, which ends it.
    await elsewhere(
      handles.writer.db.deleteFrom('sessions').where('user_id', '=', me.id).execute(),
    );
    expect(cache.keptSession(me.tokenHash, anyone)).toBeUndefined();
    expect(cache.keptContent('reading')).toBeUndefined();
    expect(await cache.session(me.tokenHash)).toBeUndefined();
  });

  it.skipIf(process.env.TEST_DB === 'postgres')(
    'on SQLite, reads the log after its own write at once, and otherwise at most every few milliseconds',
    async () => {
      const cache = createAppCache(handles.reader, { feedBytes: 0 });
      const me = await person();
      const logReads = () => cache.figures().changes.logReads;
      const first = await cache.session(me.tokenHash);
      const before = logReads();
      for (let i = 0; i < 5; i++) expect(await cache.session(me.tokenHash)).toBe(first);
      expect(logReads()).toBe(before);

      // A change this process makes is seen by its very next request.
      await handles.reader.db
        .updateTable('users')
        .set({ city: 'Merv' })
        .where('id', '=', me.id)
        .execute();
      expect((await cache.session(me.tokenHash))?.user).toMatchObject({ city: 'Merv' });

      // Another process's change, once it may have been heard; and asked for at once when the
      // caller has just made it (fresh).
      await elsewhere(
        handles.writer.db
          .updateTable('users')
          .set({ city: 'Balkh' })
          .where('id', '=', me.id)
          .execute(),
      );
      expect((await cache.session(me.tokenHash))?.user).toMatchObject({ city: 'Balkh' });
      await handles.writer.db
        .updateTable('users')
        .set({ city: 'Herat' })
        .where('id', '=', me.id)
        .execute();
      expect((await cache.session(me.tokenHash, true))?.user).toMatchObject({ city: 'Herat' });
    },
  );
});
