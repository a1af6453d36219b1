import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Database } from '../db/tables.js';

/**
 * Entries brought into the index per transaction: small, so no save waits long behind one (each
 * entry changed takes about 2 ms with secure-delete at 100,000 entries).
 */
export const INDEX_BATCH = 50;

const isPostgres = (db: Kysely<Database>) => dialectOf(db) === 'postgres';

interface QueuedEntry {
  entry_id: number;
  indexed_owner: string | null;
  indexed_body: string | null;
}

/**
 * SQLite: brings up to `limit` waiting entries (of one person, when given) into the journal's
 * search index, and answers how many it took (docs/decisions/024-saves-indexed-just-after.md).
 * The first statement takes them off the queue, so the transaction holds the write lock from
 * its start: two processes never index the same entry, and one that fails half-way leaves
 * them waiting. PostgreSQL's index is a generated column, always up to date: nothing waits.
 */
export async function indexWaitingEntries(
  db: Kysely<Database>,
  options: { userId?: number; limit?: number } = {},
): Promise<number> {
  if (isPostgres(db)) return 0;
  const limit = options.limit ?? INDEX_BATCH;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<QueuedEntry>`
      delete from journal_search_queue where entry_id in (
        select entry_id from journal_search_queue
        ${options.userId === undefined ? sql`` : sql`where user_id = ${options.userId}`}
        order by entry_id limit ${limit})
      returning entry_id, indexed_owner, indexed_body`.execute(trx);
    if (rows.length === 0) return 0;
    for (const row of rows) {
      if (row.indexed_owner === null) continue;
      // A contentless index forgets an entry's words only when told the words it holds.
      await sql`
        insert into journal_search (journal_search, rowid, owner, body)
        values ('delete', ${row.entry_id}, ${row.indexed_owner}, ${row.indexed_body})`.execute(trx);
    }
    const ids = rows.map((row) => row.entry_id);
    await sql`
      insert into journal_search (rowid, owner, body)
      select id, owner, body from journal_search_source
      where id in (${sql.join(ids)})`.execute(trx);
    return rows.length;
  });
}

/** Whether the person has entries the index does not hold yet. */
export async function hasWaitingEntries(db: Kysely<Database>, userId: number): Promise<boolean> {
  if (isPostgres(db)) return false;
  const { rows } = await sql<{ one: number }>`
    select 1 as one from journal_search_queue where user_id = ${userId} limit 1`.execute(db);
  return rows.length > 0;
}

/** Makes the person's own index whole before they search it: a save a moment ago is found. */
export async function indexOwnWaitingEntries(db: Kysely<Database>, userId: number): Promise<void> {
  while (await hasWaitingEntries(db, userId)) {
    await indexWaitingEntries(db, { userId });
  }
}

export interface JournalIndexer {
  /** Told after a save is answered: a batch runs a moment later. */
  saved(): void;
  /** Runs batches until nothing waits. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

/** One with nothing to do: PostgreSQL's, and any before the database is ready. */
export const idleJournalIndexer: JournalIndexer = {
  saved: () => undefined,
  catchUp: async () => undefined,
  close: async () => undefined,
};

/** How long after a save its batch starts: saves in that moment share one transaction. */
const BATCH_DELAY_MS = 25;
/** How often waiting entries are looked for, in case another process or a crash left some. */
const SWEEP_MS = 5_000;

/**
 * Keeps the journal's search index in step on SQLite: a batch shortly after saves, and a sweep
 * every few seconds and at start, which picks up what a process that stopped left waiting.
 */
export function journalIndexer(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
): JournalIndexer {
  if (isPostgres(db)) return idleJournalIndexer;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  /** Asked for again while a batch ran: what was saved meanwhile may not be in it. */
  let again = false;

  const catchUp = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          for (;;) {
            const began = performance.now();
            if (closed || (await indexWaitingEntries(db)) < INDEX_BATCH) break;
            // A backlog: rest as long as the batch took, so saves keep at least half the time.
            await new Promise((resolve) => setTimeout(resolve, performance.now() - began));
          }
        } while (again && !closed);
      } catch (error) {
        onError(error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const soon = (delayMs: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      // Saves that arrive while a batch runs are taken by the next one.
      void catchUp().then(() => undefined);
    }, delayMs);
    timer.unref();
  };
  const sweep = setInterval(() => void catchUp(), SWEEP_MS);
  sweep.unref();
  soon(0);

  return {
    saved: () => soon(BATCH_DELAY_MS),
    catchUp,
    async close() {
      closed = true;
      clearInterval(sweep);
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
