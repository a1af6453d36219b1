import { type Kysely, sql } from 'kysely';
import {
  compileRead,
  compileStatement,
  type ReadableDatabase,
  type RunAtOnce,
} from '../db/compiled-read.js';
import type { DataChangesTable, Database } from '../db/tables.js';
import { dialectOf } from '../db/dialect.js';

export type ChangeTopic = DataChangesTable['topic'];

/** One change committed by some process: what kind, and whose. */
export interface Change {
  topic: ChangeTopic;
  userId: number;
}

/** What a change source tells: each change, or that some were lost and nothing can be trusted. */
export interface ChangeListener {
  changed(change: Change): void;
  lost(): void;
}

/**
 * Where a process learns of the changes every process (itself included) commits. Before the
 * cache answers from what it holds, it calls `catchUp()`, which tells the listener of every
 * change committed before the call. Reading the database's change log is one such source; a
 * notifier that hears of changes as they commit could be another, making `catchUp()` free.
 */
export interface ChangeSource {
  catchUp(): Promise<void>;
  /**
   * SQLite: reads the news as `catchUp()` would, with `run`, inside a write transaction open on
   * the connection, which sees every change committed before it and its own. Answers what tells
   * the listener once that transaction has committed, or undefined when it cannot be read so
   * (before this process's first look), and `catchUp()` must be called instead.
   */
  readWithin?(run: RunAtOnce): (() => void) | undefined;
}

/** Entries the SQLite log keeps; a process that falls further behind starts afresh. */
export const CHANGES_KEPT = 100_000;
/**
 * A PostgreSQL process that has not looked for this long starts afresh: well within the day its
 * log keeps each entry (trimChangeLog).
 */
const idleLimitMs = 60 * 60 * 1000;

/**
 * The change log triggers write in the transaction that makes each change (migrations 0005,
 * 0006), read from where this process stopped.
 */
export function changeLog(
  database: ReadableDatabase & { dialect: 'sqlite' | 'postgres' },
  listener: ChangeListener,
  options: { idleLimitMs?: number } = {},
): ChangeSource {
  return database.dialect === 'postgres'
    ? postgresChangeLog(database, listener, options.idleLimitMs ?? idleLimitMs)
    : sqliteChangeLog(database, listener);
}

/**
 * SQLite lets one writer commit at a time, so the log's sequence follows commit order: the
 * entries past the last one read are all the news, with no gap unless entries were trimmed
 * before this process read them.
 */
function sqliteChangeLog(database: ReadableDatabase, listener: ChangeListener): ChangeSource {
  const newest = compileRead(database, (db) =>
    db.selectFrom('data_changes').select((eb) => eb.fn.max('seq').as('seq')),
  );
  const entriesAfterQuery = (db: ReadableDatabase['db'], values: { seen: number }) =>
    db
      .selectFrom('data_changes')
      .select(['seq', 'topic', 'user_id'])
      .where('seq', '>', values.seen)
      .orderBy('seq');
  const entriesAfter = compileRead(database, entriesAfterQuery);
  const entriesAfterWithin = compileStatement(database.db, entriesAfterQuery);
  let seen = 0;
  let looked = false;
  let started: Promise<void> | undefined;
  /** Tells the listener of the entries read past `from`, unless some were trimmed unread. */
  const tell = (
    entries: { seq: number | string; topic: ChangeTopic; user_id: number }[],
    from: number,
  ) => {
    const last = entries.at(-1);
    if (!last) return;
    if (Number(entries[0]!.seq) !== from + 1) listener.lost();
    else for (const entry of entries) listener.changed(changeOf(entry));
    seen = Math.max(seen, Number(last.seq));
  };
  return {
    async catchUp() {
      // Earlier changes concern nothing here: nothing is cached before this first look is done.
      started ??= onlyOnce(
        newest({}).then(([row]) => {
          seen = Number(row?.seq ?? 0);
          looked = true;
        }),
        () => (started = undefined),
      );
      await started;
      const from = seen;
      tell(await entriesAfter({ seen: from }), from);
    },
    readWithin(run) {
      if (!looked) return undefined;
      const from = seen;
      const entries = run(entriesAfterWithin({ seen: from }));
      // A catch-up that read meanwhile may have told some of them already: telling a change
      // twice only drops what it staled twice.
      return () => tell(entries, from);
    },
  };
}

/**
 * On PostgreSQL, transactions may commit out of sequence order, so the log is read by the
 * transaction that wrote each entry: every transaction older than the snapshot's `xmin` has
 * ended, so the entries of transactions from the last read's `xmin` on are all that can be new.
 * Those already read are skipped. A process idle longer than the log can be trusted to keep
 * what it has not read starts afresh.
 */
function postgresChangeLog(
  database: ReadableDatabase,
  listener: ChangeListener,
  idleLimit: number,
): ChangeSource {
  const snapshotXmin = sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`;
  const horizonNow = compileRead(database, (db) => db.selectNoFrom(snapshotXmin.as('horizon')));
  const entriesFrom = compileRead(database, (db, values: { horizon: string }) =>
    db
      .selectFrom(db.selectNoFrom(snapshotXmin.as('horizon')).as('now'))
      .leftJoin('data_changes', (join) => join.on('data_changes.xid', '>=', values.horizon))
      .select(['now.horizon', 'data_changes.seq', 'data_changes.xid'])
      .select(['data_changes.topic', 'data_changes.user_id']),
  );
  let horizon = 0n;
  let lastLook = 0;
  let started: Promise<void> | undefined;
  /** Entries already read whose transactions may still have company: seq → xid. */
  const read = new Map<string, bigint>();
  const readFrom = async (tell: boolean) => {
    const rows = await entriesFrom({ horizon: horizon.toString() });
    for (const row of rows) {
      if (row.seq === null || row.topic === null || row.user_id === null) continue;
      if (read.has(String(row.seq))) continue;
      read.set(String(row.seq), BigInt(row.xid!));
      if (tell) listener.changed(changeOf({ topic: row.topic, user_id: row.user_id }));
    }
    const next = BigInt(rows[0]!.horizon);
    if (next <= horizon) return;
    horizon = next;
    for (const [seq, xid] of read) if (xid < next) read.delete(seq);
  };
  const startFromNow = async () => {
    horizon = BigInt((await horizonNow({}))[0]!.horizon);
    read.clear();
  };
  return {
    async catchUp() {
      // Earlier changes concern nothing here: nothing is cached before this first look is done.
      started ??= onlyOnce(
        startFromNow().then(() => readFrom(false)),
        () => (started = undefined),
      );
      await started;
      const look = performance.now();
      const idle = lastLook > 0 && look - lastLook > idleLimit;
      lastLook = look;
      if (idle) {
        listener.lost();
        await startFromNow();
      }
      await readFrom(true);
    },
  };
}

/** A start every caller waits for; one that failed is tried again by the next caller. */
function onlyOnce(start: Promise<void>, forget: () => void): Promise<void> {
  return start.catch((error: unknown) => {
    forget();
    throw error;
  });
}

const changeOf = (entry: { topic: ChangeTopic; user_id: number }): Change => ({
  topic: entry.topic,
  userId: entry.user_id,
});

/** Trims the log (it holds only ids): SQLite's to its last entries, PostgreSQL's to a day. */
export async function trimChangeLog(db: Kysely<Database>): Promise<number> {
  const trim =
    dialectOf(db) === 'postgres'
      ? db
          .deleteFrom('data_changes')
          .where('changed_at', '<', sql<string>`now() - interval '1 day'`)
      : db
          .deleteFrom('data_changes')
          .where('seq', '<=', (eb) =>
            eb
              .selectFrom('data_changes')
              .select(sql<number>`max(seq) - ${CHANGES_KEPT}`.as('cutoff')),
          );
  const result = await trim.executeTakeFirst();
  return Number(result.numDeletedRows);
}
