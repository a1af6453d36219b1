import { type Kysely, sql } from 'kysely';
import { ENTRY_PARTS } from '#shared/shared-parts';
import {
  compileStatement,
  type ReadableDatabase,
  type RunAtOnce,
  type WriteAtOnce,
} from '../db/compiled-read.js';
import type { AppCache } from '../cache/app-cache.js';
import type { Database, JournalEntryRow } from '../db/tables.js';
import {
  type AppreciationRow,
  dayAppreciations,
  entryAppreciations,
  type EntryExtras,
  entryExtras,
  entryShares,
} from '../circles/entry-circles.js';
import { reflectionAlreadySaved, reflectionSavedUpsert } from '../progress/progress-store.js';
import { dialectOf } from '../db/dialect.js';
import {
  dayEntryWrite,
  type DayEntryWrite,
  entryAndProgressEdit,
  insertDayEntry,
  updateDayEntry,
} from './edit-in-one-statement.js';
import {
  type DaySave,
  dayEditOf,
  holdsChanges,
  type SaveResult,
  saveEntryForDay,
  saveEntryInTransaction,
  toJournalEntry,
} from './journal-entries.js';

/**
 * Saves a reader's reflection for a day (saveEntryForDay says what a save does). A save made at
 * once answers the entry's circles and appreciations too, read with the save.
 */
export type DaySaver = (
  userId: number,
  input: DaySave,
  now: Date,
) => Promise<SaveResult & { extras?: EntryExtras; changesTakenIn?: boolean }>;

/**
 * How the journal saves a day, made at once where it can be (`atOnce: false` always takes the
 * longer way, saveEntryForDay, which writes the same rows).
 *
 * On SQLite, a save that names no circles to share with runs the statements saveEntryForDay
 * would, compiled once and run as one immediate transaction straight on the connection, which
 * spares building, compiling and queueing each of them on every save. The reads its answer needs
 * run in the same transaction, which spares them a lock of their own, and so does the cache's
 * read of the change log (`cache.catchUpWithin`), so the answer need not wait for another. Any
 * other save, or one while a transaction is open on the connection, goes the longer way.
 *
 * On PostgreSQL, an edit begun from an entry that names no circles is the one-statement edit
 * (editEntryInOneStatement), compiled once, which answers the entry's circles and appreciations
 * too: one round trip where building it cost more than running it and the answer's reads took
 * two more.
 */
export function daySaver(
  database: ReadableDatabase & {
    writeAtOnce?: WriteAtOnce | undefined;
    cache?: Pick<AppCache, 'catchUpWithin'>;
  },
  { atOnce = true }: { atOnce?: boolean } = {},
): DaySaver {
  const { db, writeAtOnce, cache } = database;
  const longerWay: DaySaver = async (userId, input, now) => saveEntryForDay(db, userId, input, now);
  if (!atOnce) return longerWay;
  if (dialectOf(db) === 'postgres') return postgresDaySaver(db, longerWay);
  if (!writeAtOnce) return longerWay;
  const statements = compiledSaveStatements(db);
  return async (userId, input, now) => {
    // Circles to share with have no fixed number of values, so no statement compiled once.
    if (input.circleIds?.length) return longerWay(userId, input, now);
    const made = writeAtOnce((run) => {
      const result = saveDayAtOnce(run, statements, userId, input, now);
      const entry = { authorId: userId, entryId: result.entry.id };
      const extras = entryExtras(
        run(statements.shares(entry)),
        run(statements.appreciations(entry)),
      );
      return { result: { ...result, extras }, tellOnceCommitted: cache?.catchUpWithin(run) };
    });
    if (!made) return longerWay(userId, input, now);
    const { result, tellOnceCommitted } = made.value;
    tellOnceCommitted?.();
    return { ...result, changesTakenIn: tellOnceCommitted !== undefined };
  };
}

/** The columns a save writes. */
function dayWrite(userId: number, input: DaySave, stamp: string): DayEntryWrite {
  return dayEntryWrite(userId, dayEditOf(input), stamp);
}

function postgresDaySaver(db: Kysely<Database>, longerWay: DaySaver): DaySaver {
  const edit = (fromBase: boolean) =>
    compileStatement(db, (qc, write: DayEntryWrite & { base?: string }) =>
      entryAndProgressEdit(qc, write, fromBase ? write.base : undefined)
        .selectFrom('saved')
        .selectAll('saved')
        // Read as of the statement's start: the edit changes neither the circles nor who
        // appreciated the entry.
        .select((eb) => [
          eb
            .selectFrom('journal_entry_circles')
            .select(
              sql<number[]>`coalesce(array_agg(circle_id order by circle_id), '{}')`.as('ids'),
            )
            .whereRef('journal_entry_circles.entry_id', '=', 'saved.id')
            .as('circle_ids'),
          eb
            .selectFrom(
              dayAppreciations(qc, { authorId: write.userId, dayNumber: write.dayNumber }).as(
                'appreciated',
              ),
            )
            // In the order dayAppreciations gives them.
            .select(
              sql<
                AppreciationRow[]
              >`coalesce(json_agg(appreciated order by appreciated.created_at, appreciated.user_id), '[]')`.as(
                'rows',
              ),
            )
            .as('appreciated'),
        ]),
    );
  const edits = { regardless: edit(false), fromBase: edit(true) };
  return async (userId, input, now) => {
    const base = input.baseUpdatedAt;
    if (input.circleIds !== undefined || base === null) return longerWay(userId, input, now);
    const write = dayWrite(userId, input, now.toISOString());
    const query = base === undefined ? edits.regardless(write) : edits.fromBase({ ...write, base });
    const [row] = (await db.executeQuery(query)).rows;
    if (!row) return saveEntryInTransaction(db, userId, input, now, { updateMissed: true });
    const { circle_ids: circleIds, appreciated, ...saved } = row;
    return {
      outcome: 'saved',
      entry: toJournalEntry(saved),
      created: false,
      newlySharedWith: [],
      extras: entryExtras(
        (circleIds ?? []).map((id) => ({ circle_id: id })),
        appreciated ?? [],
      ),
    };
  };
}

type SaveStatements = ReturnType<typeof compiledSaveStatements>;

function compiledSaveStatements(db: Kysely<Database>) {
  return {
    updateRegardless: compileStatement(db, (qc, write: DayEntryWrite) =>
      updateDayEntry(qc, write, undefined),
    ),
    updateFrom: compileStatement(db, (qc, write: DayEntryWrite & { base: string }) =>
      updateDayEntry(qc, write, write.base),
    ),
    insert: compileStatement(db, (qc, write: DayEntryWrite) => insertDayEntry(qc, write)),
    current: compileStatement(db, (qc, values: { userId: number; dayNumber: number }) =>
      qc
        .selectFrom('journal_entries')
        .selectAll()
        .where('user_id', '=', values.userId)
        .where('day_number', '=', values.dayNumber),
    ),
    offEveryCircle: compileStatement(db, (qc, values: { entryId: number }) =>
      qc.deleteFrom('journal_entry_circles').where('entry_id', '=', values.entryId),
    ),
    reflectionSaved: compileStatement(db, reflectionSavedUpsert),
    reflectionAlreadySaved: compileStatement(db, reflectionAlreadySaved),
    shares: compileStatement(db, entryShares),
    appreciations: compileStatement(db, entryAppreciations),
  };
}

/**
 * saveEntryForDay's writes, in one transaction that holds the write lock from its start: no
 * other process can write between its statements, so an entry the update missed and the insert
 * found is the one there still.
 */
function saveDayAtOnce(
  run: RunAtOnce,
  statements: SaveStatements,
  userId: number,
  input: DaySave,
  now: Date,
): SaveResult {
  const stamp = now.toISOString();
  const sharedParts = input.sharedParts ?? ENTRY_PARTS;
  const write = dayWrite(userId, input, stamp);
  const base = input.baseUpdatedAt;
  const first = (rows: JournalEntryRow[]) => rows[0];
  let saved: { row: JournalEntryRow; created: boolean } | undefined;
  // Begun from an entry, or written regardless, a save nearly always finds one to update.
  const updated =
    base === null
      ? undefined
      : first(
          run(
            base === undefined
              ? statements.updateRegardless(write)
              : statements.updateFrom({ ...write, base }),
          ),
        );
  if (updated) saved = { row: updated, created: false };
  const inserted = saved ? undefined : first(run(statements.insert(write)));
  if (inserted) saved = { row: inserted, created: true };
  if (!saved) {
    // Begun from no entry, or from another version: the entry there wins unless it already
    // holds this save (sent again after its answer was lost), which is answered as saved.
    const current = first(run(statements.current({ userId, dayNumber: input.dayNumber })));
    if (!current) throw new Error('Could not save the journal entry');
    const entry = toJournalEntry(current);
    if (!holdsChanges(entry, { ...input, sharedParts })) return { outcome: 'changed', entry };
    saved = { row: current, created: base === null };
  }
  const entry = toJournalEntry(saved.row);
  if (input.circleIds) run(statements.offEveryCircle({ entryId: entry.id }));
  // Nearly every save edits an entry whose day is marked already: then nothing is written.
  const day = { userId, dayNumber: entry.dayNumber };
  if (run(statements.reflectionAlreadySaved(day)).length === 0) {
    // A save synced later from an offline device counts from when the entry was first made.
    run(statements.reflectionSaved({ ...day, firstSavedAt: entry.createdAt, nowIso: stamp }));
  }
  return { outcome: 'saved', entry, created: saved.created, newlySharedWith: [] };
}
