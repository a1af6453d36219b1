import { type Kysely, sql } from 'kysely';
import { readNow } from './prepared-query.js';
import type { DataChangesTable, Database } from './tables.js';

type Topic = DataChangesTable['topic'];
type Listener = (userId: number) => void;

/** Entries kept in the log; a process that falls further behind starts afresh. */
export const CHANGES_KEPT = 100_000;

/**
 * This process's reading of the SQLite change log (migration 0005): before answering from
 * anything it keeps, a request calls `catchUp()`, which reads the entries other processes (and
 * this one) committed since the last call and tells the listeners which people they concern.
 * Writers are serialised on SQLite, so entries are read in commit order and none is skipped;
 * if entries were trimmed before this process read them, every listener starts afresh.
 */
export class ChangeTail {
  readonly #db: Kysely<Database>;
  readonly #listeners = new Map<Topic, Listener[]>();
  readonly #resets: (() => void)[] = [];
  #seen: number | undefined;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  on(topic: Topic, listener: Listener): void {
    this.#listeners.set(topic, [...(this.#listeners.get(topic) ?? []), listener]);
  }

  /** Called when the log cannot tell what changed: everything kept must be let go. */
  onReset(listener: () => void): void {
    this.#resets.push(listener);
  }

  /**
   * Brings this process up to date with the log, synchronously. False when it cannot read now
   * (a transaction is open on the connection): nothing kept may be trusted for this answer.
   */
  catchUp(): boolean {
    const top = readNow<{ seq: number }>(
      this.#db,
      "select seq from sqlite_sequence where name = 'data_changes'",
    );
    if (!top) return false;
    const last = top[0]?.seq ?? 0;
    if (this.#seen === undefined) {
      // Nothing is kept before the first look, so earlier changes concern nothing here.
      this.#seen = last;
      return true;
    }
    if (last === this.#seen) return true;
    const entries = readNow<{ seq: number; topic: Topic; user_id: number }>(
      this.#db,
      'select seq, topic, user_id from data_changes where seq > ? and seq <= ? order by seq',
      [this.#seen, last],
    );
    if (!entries) return false;
    if (entries.length !== last - this.#seen) {
      for (const reset of this.#resets) reset();
    } else {
      for (const entry of entries) {
        for (const listener of this.#listeners.get(entry.topic) ?? []) listener(entry.user_id);
      }
    }
    this.#seen = last;
    return true;
  }
}

const tails = new WeakMap<Kysely<Database>, ChangeTail>();

/** The change tail of a SQLite database handle; null on PostgreSQL. */
export function changeTailOf(db: Kysely<Database>): ChangeTail | null {
  return tails.get(db) ?? null;
}

export function trackChanges(db: Kysely<Database>): ChangeTail {
  const tail = new ChangeTail(db);
  tails.set(db, tail);
  return tail;
}

/** Trims the log to its last CHANGES_KEPT entries (they hold only ids). */
export async function trimChangeLog(db: Kysely<Database>): Promise<number> {
  if (!changeTailOf(db)) return 0;
  const result = await sql`delete from data_changes
    where seq <= (select max(seq) from data_changes) - ${CHANGES_KEPT}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
