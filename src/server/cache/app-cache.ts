import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../db/connection.js';
import { compileRead, type RunAtOnce } from '../db/compiled-read.js';
import type { UserRow } from '../db/tables.js';
import type { CacheFigures } from '../operating/app-metrics.js';
import {
  changeLog,
  type ChangeListener,
  type ChangeSource,
  type ChangeTopic,
} from './change-log.js';
import { type ChangeNotifications, listenForChanges } from './change-notifications.js';
import { ContentCache } from './content-cache.js';
import { FeedCache } from './feed-cache.js';
import { KeptAnswers } from './kept-answers.js';
import { SessionCache } from './session-cache.js';

/**
 * Everything each process caches, so that most requests read nothing else: the sessions it has
 * looked up, each reader's friends' feed ready to send, and what it builds from the readings.
 * A change made through any process reaches the cache before its maker's next request, and
 * everyone else's within milliseconds (docs/decisions/004).
 */
export interface AppCache {
  /**
   * The session a token hash names, with its person. Every signed-in request starts here. The
   * cache is first brought up to date with every change committed so far when `fresh` asks
   * for it (the caller has just changed something), or when this process may not have heard of
   * them: on SQLite once it has started a write or SQLITE_LOOKS_EVERY_MS have passed since its
   * last read, on PostgreSQL while its notifications are down.
   */
  session(tokenHash: string, fresh?: boolean): Promise<CachedSession | undefined>;
  /**
   * The session `session()` would answer at once, when it is kept, needs no read of the change
   * log first and `usable` takes it: undefined otherwise.
   */
  keptSession(
    tokenHash: string,
    usable: (session: CachedSession) => boolean,
  ): CachedSession | undefined;
  /**
   * Brings the cache up to date with every change committed so far. A request that changed
   * something calls it before it is answered, so that everyone's next request to this process
   * sees the change.
   */
  catchUp(): Promise<void>;
  /**
   * SQLite: what `catchUp()` does, read with `run` inside a write transaction that changes
   * something (it sees every change committed before it, and its own), to call once that has
   * committed. Undefined when the log cannot be read so; then `catchUp()` is still due.
   */
  catchUpWithin(run: RunAtOnce): (() => void) | undefined;
  /**
   * The reader's friends' feed, serialized and gzipped: the cached one, or `read()` afresh. For
   * a reader this request signed in through `session()`, which brought the cache up to date.
   */
  friendsFeed(readerId: number, read: () => Promise<unknown>): Promise<Buffer>;
  /**
   * The reader's feed as `friendsFeed` would answer it at once, when kept: undefined otherwise.
   * Like `friendsFeed`, for a reader this request signed in, which brought the cache up to date.
   */
  keptFriendsFeed(readerId: number): Buffer | undefined;
  /**
   * A value built from the readings under `key`: the kept one while `holds` says it still
   * does, else `build()` afresh. Kept until any process loads a content pack.
   */
  fromContent<T>(key: string, build: () => Promise<T>, holds?: (value: T) => boolean): Promise<T>;
  /**
   * The value `fromContent` would answer at once, when it needs no read of the change log first
   * and holds: undefined otherwise. Lets the readings answer without waiting on anything.
   */
  keptContent<T>(key: string, holds?: (value: T) => boolean): T | undefined;
  /**
   * A member's view of a circle's reflections of a day, serialized and gzipped: the cached one,
   * or `read()` afresh. Kept fresh by the same change log as the feeds: topic 'circle' for the
   * circle, 'friends' for the reader. For a reader this request signed in through `session()`.
   */
  circleView(
    circleId: number,
    day: ReadersDay,
    readerId: number,
    read: () => Promise<unknown>,
  ): Promise<Buffer>;
  /**
   * The author's own entry of a day as they open it (with its circles and who appreciated it),
   * serialized and gzipped: the cached one, or `read()` afresh. Kept fresh by the change log:
   * topic 'journal' for the author, and 'friends' (a block between them and an appreciator).
   * For an author this request signed in through `session()`. Null: the author has no entry
   * that day, which is kept as well.
   */
  journalDay(
    authorId: number,
    day: ReadersDay,
    read: () => Promise<unknown>,
  ): Promise<Buffer | null>;
  /**
   * The author's day as `journalDay` would answer it at once, when kept: undefined otherwise.
   * Like `journalDay`, for an author this request signed in.
   */
  keptJournalDay(authorId: number, day: number): Buffer | null | undefined;
  /**
   * A secret every process shares (the device cookies' signing key): `read()` once per process,
   * and kept, as it never changes; a read that failed is tried again by the next call.
   */
  serverSecret(name: string, read: () => Promise<Buffer>): Promise<Buffer>;
  /** How full each cache is and how often it was found holding what was asked (GET /metrics). */
  figures(): CacheFigures;
  /** Stops listening for changes. */
  close(): Promise<void>;
}

/** A day an answer is about, and whether it is before the reader's today. */
export interface ReadersDay {
  day: number;
  past: boolean;
}

/** A session with its person, as looked up by token hash. */
export type SessionRow = UserRow & {
  session_id: number;
  last_seen_at: string;
  expires_at: string;
};

/**
 * A session as every request uses it, read apart once when it is cached: every request of the
 * session shares it, so its person is frozen.
 */
export interface CachedSession {
  sessionId: number;
  user: UserRow;
  expiresMs: number;
  lastSeenMs: number;
}

export interface Caches {
  feeds: FeedCache;
  sessions: SessionCache<{ id: number }>;
  content: ContentCache;
  /** Members' views of circles' days, each showing 'circle <id>' and 'reader <id>'. */
  circles?: KeptAnswers;
  /** Authors' own entries of a day, each showing 'author <id>'. */
  journalDays?: KeptAnswers;
}

/** Which change lets go of which cached thing: the one rule, whatever tells of the changes. */
export const invalidation: Record<ChangeTopic, (caches: Caches, userId: number) => void> = {
  // This person's shared entries or name changed: every feed that shows them.
  feed: ({ feeds }, authorId) => feeds.forgetReadersOf(authorId),
  // A friendship or a block of this person was made or ended, or they appreciated or stopped
  // appreciating a reflection: what they themselves see of others.
  // A block also changes whose appreciations their own entries show.
  friends: ({ feeds, circles, journalDays }, readerId) => {
    feeds.forgetReader(readerId);
    circles?.forget(`reader ${readerId}`);
    journalDays?.forget(`author ${readerId}`);
  },
  // This person's account, or one of their sessions, changed or went: all their sessions.
  account: ({ sessions }, userId) => sessions.forgetUser(userId),
  // A content pack was loaded: everything built from the readings.
  content: ({ content }) => content.clear(),
  // What a circle's pages show changed (the id is the circle's): every day of that circle.
  circle: ({ circles }, circleId) => circles?.forget(`circle ${circleId}`),
  // What this person's own entries show them changed: an entry, its circles, an appreciation
  // of it, or an appreciator's name or suspension.
  journal: ({ journalDays }, authorId) => journalDays?.forget(`author ${authorId}`),
};

const sessionsCached = 10_000;
/** Today's answers per zone and local date, and the vocabulary: a few hundred at most. */
const contentValuesCached = 1_000;

/**
 * On SQLite, a process that has started no write since it last read the log reads it again only
 * this long after: another process's change reaches it within this time, as notifications bring
 * one on PostgreSQL, and its own at once (docs/decisions/021).
 */
export const SQLITE_LOOKS_EVERY_MS = 20;

/** Tells the caches of each change, by the rule above. */
export function cacheListener(caches: Caches): ChangeListener {
  return {
    changed: ({ topic, userId }) => invalidation[topic](caches, userId),
    lost: () => {
      caches.feeds.clear();
      caches.sessions.clear();
      caches.content.clear();
      caches.circles?.clear();
      caches.journalDays?.clear();
    },
  };
}

export function createAppCache(
  database: Pick<AppDatabase, 'db' | 'dialect' | 'readSynchronously' | 'writeStatementCount'>,
  options: {
    feedBytes: number;
    /** The PostgreSQL URL to listen on for changes; without it, each request reads the log. */
    listenUrl?: string | undefined;
    logger?: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
  },
): AppCache {
  const feeds = new FeedCache(options.feedBytes);
  const sessions = new SessionCache<CachedSession & { id: number }>(sessionsCached);
  const content = new ContentCache(contentValuesCached);
  const circles = new KeptAnswers(options.feedBytes);
  // An author's own day is an entry or less: a quarter holds thousands of readers' today.
  const journalDays = new KeptAnswers(options.feedBytes / 4);
  const changes: ChangeSource = changeLog(
    database,
    cacheListener({ feeds, sessions, content, circles, journalDays }),
  );
  const lookups = {
    sessionHits: 0,
    sessionMisses: 0,
    feedHits: 0,
    feedMisses: 0,
    logReads: 0,
  };
  /** When the log was last read, and how many writes this process had started by then. */
  let lastRead = { at: -Infinity, writes: -1 };
  let reading: Promise<void> | undefined;
  /** The read after the one under way, shared by every caller that asked meanwhile. */
  let nextRead: Promise<void> | undefined;
  const startRead = () => {
    lookups.logReads += 1;
    const read = { at: performance.now(), writes: database.writeStatementCount?.() ?? -1 };
    lastRead = read;
    const done = changes.catchUp().then(
      () => {
        if (reading === done) reading = undefined;
      },
      (error: unknown) => {
        if (reading === done) reading = undefined;
        if (lastRead === read) lastRead = { at: -Infinity, writes: -1 };
        throw error;
      },
    );
    reading = done;
    return done;
  };
  /** The read after the one under way, or a read now: every caller who asks meanwhile shares it. */
  const readAfterAnyUnderWay = (): Promise<void> => {
    if (!reading) return startRead();
    nextRead ??= reading
      .catch(() => undefined)
      .then(() => {
        nextRead = undefined;
        return startRead();
      });
    return nextRead;
  };
  /** A read asked for in this turn of the event loop and not yet begun. */
  let asked: Promise<void> | undefined;
  /**
   * Reads the log, seeing every change committed before the call. The read begins when this
   * turn of the event loop is over, so the requests that arrived in it share one: saves sent
   * together by several readers cost one read before them, not one each, which on SQLite was a
   * third of a save's time. A read under way then may have begun before one of those changes,
   * so they wait for the next read instead, which everyone who asks meanwhile shares.
   */
  const readLog = (): Promise<void> => {
    asked ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      asked = undefined;
      return readAfterAnyUnderWay();
    });
    return asked;
  };
  /** A read asked for or under way: what the cache holds may be about to change. */
  const readPending = (): Promise<void> | undefined => asked ?? reading;
  const notifications: ChangeNotifications | undefined =
    database.dialect === 'postgres' && options.listenUrl
      ? listenForChanges({ databaseUrl: options.listenUrl, readLog, logger: options.logger })
      : undefined;
  /** Whether what the cache holds may answer without a read of the log first. */
  const cacheIsCurrent = (): boolean => {
    if (notifications) return notifications.live;
    const { writeStatementCount } = database;
    return (
      writeStatementCount !== undefined &&
      writeStatementCount() === lastRead.writes &&
      performance.now() - lastRead.at < SQLITE_LOOKS_EVERY_MS
    );
  };

  const sessionByTokenHash = compileRead(database, (db, values: { tokenHash: string }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.id as session_id', 'sessions.last_seen_at', 'sessions.expires_at'])
      .where('sessions.token_hash', '=', values.tokenHash),
  );
  const friendsOf = compileRead(database, (db, values: { readerId: number }) =>
    db.selectFrom('friendships').select('friend_id').where('user_id', '=', values.readerId),
  );

  /** Whether what the cache holds may answer now, as `hearChanges(false)` would let it. */
  const answersWithoutReading = (): boolean =>
    cacheIsCurrent() && (notifications !== undefined || !readPending());

  /** The value kept under `key` from the readings, while `holds` says it still does. */
  const contentHolding = <T>(key: string, holds?: (value: T) => boolean): T | undefined => {
    const cached = content.get(key) as T | undefined;
    return cached !== undefined && (!holds || holds(cached)) ? cached : undefined;
  };

  /** The reader's kept feed, counted as found. */
  const keptFeed = (readerId: number): Buffer | undefined => {
    const cached = feeds.maxBytes === 0 ? undefined : feeds.get(readerId);
    if (cached) lookups.feedHits += 1;
    return cached;
  };

  /** Brings the cache up to date when this process may not have heard of every change. */
  const hearChanges = async (fresh: boolean): Promise<void> => {
    if (fresh || !cacheIsCurrent()) await readLog();
    // On SQLite, a read already under way (held back by a write's transaction) is waited for.
    else if (!notifications) {
      const pending = readPending();
      if (pending) await pending;
    }
  };

  const secrets = new Map<string, Promise<Buffer>>();

  /** The answer kept under `key`, or `read()` afresh and kept unless what it shows changed. */
  const keptAnswer = async (
    answers: KeptAnswers,
    key: string,
    past: boolean,
    read: () => Promise<unknown>,
    shows: string[],
  ): Promise<Buffer> => {
    if (answers.maxBytes === 0) return serializedOrNone(await read());
    const kept = answers.get(key);
    if (kept) return kept;
    const reading = answers.startRead(key, shows);
    let body: Buffer | undefined;
    try {
      body = serializedOrNone(await read());
      return body;
    } finally {
      answers.finishRead(reading, past, body);
    }
  };

  return {
    async session(tokenHash, fresh = false) {
      await hearChanges(fresh);
      const cached = sessions.get(tokenHash);
      if (cached) {
        lookups.sessionHits += 1;
        return cached;
      }
      lookups.sessionMisses += 1;
      const generation = sessions.generation;
      const [row] = await sessionByTokenHash({ tokenHash });
      if (!row) return undefined;
      const session = sessionApart(row);
      sessions.keep(tokenHash, session, generation);
      return session;
    },

    keptSession(tokenHash, usable) {
      if (!answersWithoutReading()) return undefined;
      const cached = sessions.get(tokenHash);
      if (!cached || !usable(cached)) return undefined;
      lookups.sessionHits += 1;
      return cached;
    },

    serverSecret(name, read) {
      let secret = secrets.get(name);
      if (!secret) {
        secret = read();
        secret.catch(() => secrets.delete(name));
        secrets.set(name, secret);
      }
      return secret;
    },

    keptContent<T>(key: string, holds?: (value: T) => boolean) {
      return answersWithoutReading() ? contentHolding(key, holds) : undefined;
    },

    async fromContent<T>(key: string, build: () => Promise<T>, holds?: (value: T) => boolean) {
      await hearChanges(false);
      const cached = contentHolding(key, holds);
      if (cached !== undefined) return cached;
      const generation = content.generation;
      const value = await build();
      content.keep(key, value, generation);
      return value;
    },

    keptFriendsFeed: keptFeed,

    async friendsFeed(readerId, read) {
      if (feeds.maxBytes === 0) return serialized(await read());
      const cached = keptFeed(readerId);
      if (cached) return cached;
      lookups.feedMisses += 1;
      const reading = feeds.startRead(readerId);
      let found: { authors: number[]; body: Buffer } | undefined;
      try {
        const [friends, feed] = await Promise.all([friendsOf({ readerId }), read()]);
        found = { authors: friends.map((f) => f.friend_id), body: serialized(feed) };
        return found.body;
      } finally {
        feeds.finishRead(reading, found);
      }
    },

    circleView(circleId, { day, past }, readerId, read) {
      return keptAnswer(circles, `${circleId}:${day}:${readerId}`, past, read, [
        `circle ${circleId}`,
        `reader ${readerId}`,
      ]);
    },

    keptJournalDay(authorId, day) {
      const body =
        journalDays.maxBytes === 0 ? undefined : journalDays.get(`${authorId}:${day}`, false);
      return body && entryOrNone(body);
    },

    async journalDay(authorId, { day, past }, read) {
      return entryOrNone(
        await keptAnswer(journalDays, `${authorId}:${day}`, past, read, [`author ${authorId}`]),
      );
    },

    figures() {
      return {
        feeds: {
          entries: feeds.size,
          bytes: feeds.bytes,
          maxBytes: feeds.maxBytes,
          hits: lookups.feedHits,
          misses: lookups.feedMisses,
        },
        sessions: {
          entries: sessions.size,
          maxEntries: sessions.maxEntries,
          hits: lookups.sessionHits,
          misses: lookups.sessionMisses,
        },
        circles: {
          entries: circles.size,
          bytes: circles.bytes,
          hits: circles.hits,
          misses: circles.misses,
        },
        journalDays: {
          entries: journalDays.size,
          bytes: journalDays.bytes,
          hits: journalDays.hits,
          misses: journalDays.misses,
        },
        changes: { logReads: lookups.logReads, notificationsLive: notifications?.live ?? false },
      };
    },

    catchUp: readLog,

    catchUpWithin(run) {
      const tellOnceCommitted = changes.readWithin?.(run);
      if (!tellOnceCommitted) return undefined;
      return () => {
        tellOnceCommitted();
        lookups.logReads += 1;
        // As a read of the log would: it saw every change up to this process's last write.
        lastRead = { at: performance.now(), writes: database.writeStatementCount?.() ?? -1 };
      };
    },

    close: async () => notifications?.close(),
  };
}

function sessionApart(row: SessionRow): CachedSession & { id: number } {
  const { session_id, last_seen_at, expires_at, ...user } = row;
  return {
    id: user.id,
    sessionId: session_id,
    user: Object.freeze(user),
    expiresMs: Date.parse(expires_at),
    lastSeenMs: Date.parse(last_seen_at),
  };
}

/** What a read that found nothing is kept as: no gzipped answer is empty. */
const noAnswer = Buffer.alloc(0);

/** A kept day's answer: its entry, or null for the empty body that keeps "no entry". */
const entryOrNone = (body: Buffer): Buffer | null => (body.length > 0 ? body : null);

const serializedOrNone = (value: unknown): Buffer =>
  value === null ? noAnswer : serialized(value);

/**
 * A feed is kept gzipped: a tenth of its size or less, so the cache holds many more readers in
 * the same memory, and a browser (which always takes gzip) is sent those bytes as they are. The
 * fastest level: the saving over the default is small, its cost on each first read is not.
 * zlib answers with a view of its 16 KB output chunk; the copy, of exactly the feed's size, is
 * what the cache keeps and counts, so the chunk goes.
 */
function serialized(value: unknown): Buffer {
  const gzipped = zlib.gzipSync(JSON.stringify(value), { level: 1 });
  const exact = Buffer.allocUnsafeSlow(gzipped.length);
  gzipped.copy(exact);
  return exact;
}
