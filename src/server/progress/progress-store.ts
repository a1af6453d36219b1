import {
  type ExpressionBuilder,
  type InferResult,
  type Kysely,
  type OnConflictBuilder,
  type QueryCreator,
  sql,
} from 'kysely';
import type { ProgressRecord } from '#shared/progress';
import {
  type ProgressDay,
  type ProgressDayUpdate,
  progressDaysFromRecord,
} from '#shared/progress-sync';
import { compileRead, type ReadableDatabase } from '../db/compiled-read.js';
import type { Database } from '../db/tables.js';

export interface StoredProgressDay extends ProgressDay {
  reflectionSavedAt: string | null;
  /** When the day first became complete; null when that was before it was kept. */
  completedAt: string | null;
}

function progressDaysQuery(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('user_progress')
    .select([
      'day_number',
      'is_read',
      'gatha_viewed',
      'explanation_viewed',
      'reflection_saved',
      'reflection_saved_at',
      'completed_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('day_number', 'asc');
}

type ProgressDayRow = InferResult<ReturnType<typeof progressDaysQuery>>[number];

function progressDaysOf(rows: readonly ProgressDayRow[]): StoredProgressDay[] {
  return rows
    .map((row) => ({
      dayNumber: row.day_number,
      read: Number(row.is_read) === 1,
      gathaViewed: Number(row.gatha_viewed) === 1,
      explanationViewed: Number(row.explanation_viewed) === 1,
      reflectionSaved: Number(row.reflection_saved) === 1,
      reflectionSavedAt: row.reflection_saved_at,
      completedAt: row.completed_at,
    }))
    .filter((day) => day.read || day.gathaViewed || day.explanationViewed || day.reflectionSaved);
}

/** Every day with some progress for one person, ordered by day. */
export async function listProgressDays(
  db: Kysely<Database>,
  userId: number,
): Promise<StoredProgressDay[]> {
  return progressDaysOf(await progressDaysQuery(db, userId).execute());
}

/**
 * listProgressDays as the progress screen and the dashboard ask for it on every open: compiled
 * once, and on SQLite read straight on the connection (compileRead).
 */
export function progressDaysReader(database: ReadableDatabase) {
  const read = compileRead(database, (db, values: { userId: number }) =>
    progressDaysQuery(db, values.userId),
  );
  return async (userId: number) => progressDaysOf(await read({ userId }));
}

export const withoutSaveTime = ({
  reflectionSavedAt: _at,
  completedAt: _completed,
  ...day
}: StoredProgressDay) => day;

/** Whether one row's flags, once merged with the stored ones, make its day complete. */
const mergedFlag = (column: string) =>
  sql`(${sql.ref(`user_progress.${column}`)} = 1 OR ${sql.ref(`excluded.${column}`)} = 1)`;
const completeOnceMerged = sql`(${mergedFlag('reflection_saved')} OR ${mergedFlag('is_read')} OR (${mergedFlag('gatha_viewed')} AND ${mergedFlag('explanation_viewed')}))`;

/**
 * Merges a day's new flags into the stored ones (the upsert's conflict clause): a flag already
 * set stays set, and the first read, save and completion times are kept.
 */
export const mergeWithStoredFlags =
  (nowIso: string) => (oc: OnConflictBuilder<Database, 'user_progress'>) =>
    oc.columns(['user_id', 'day_number']).doUpdateSet((eb) => {
      const keep = (
        column: 'is_read' | 'gatha_viewed' | 'explanation_viewed' | 'reflection_saved',
      ) =>
        eb
          .case()
          .when(eb.ref(`excluded.${column}`), '=', 1)
          .then(1)
          .else(eb.ref(`user_progress.${column}`))
          .end();
      return {
        is_read: keep('is_read'),
        gatha_viewed: keep('gatha_viewed'),
        explanation_viewed: keep('explanation_viewed'),
        reflection_saved: keep('reflection_saved'),
        read_at: eb.fn.coalesce('user_progress.read_at', 'excluded.read_at'),
        reflection_saved_at: eb.fn.coalesce(
          'user_progress.reflection_saved_at',
          'excluded.reflection_saved_at',
        ),
        // Kept from the first time; else dated now if the merged flags complete the day.
        completed_at: sql<
          string | null
        >`COALESCE(user_progress.completed_at, CASE WHEN ${completeOnceMerged} THEN COALESCE(excluded.completed_at, ${nowIso}) END)`,
      };
    });

/**
 * Sets the given flags on each day, creating rows as needed. A flag already set stays set and
 * the first known read and save times are kept, so applying the same days twice, or in any
 * order, gives the same result.
 */
async function setFlags(
  db: Kysely<Database>,
  userId: number,
  days: ReadonlyArray<ProgressDay & { reflectionSavedAt: string | null }>,
  now: Date,
): Promise<void> {
  if (days.length === 0) return;
  const flag = (value: boolean) => (value ? 1 : 0);
  const nowIso = now.toISOString();
  // A day complete by its own flags is dated now, or by its reflection's first save.
  const completedAt = (day: ProgressDay & { reflectionSavedAt: string | null }) =>
    day.reflectionSaved
      ? (day.reflectionSavedAt ?? nowIso)
      : day.read || (day.gathaViewed && day.explanationViewed)
        ? nowIso
        : null;
  await db
    .insertInto('user_progress')
    .values(
      days.map((day) => ({
        user_id: userId,
        day_number: day.dayNumber,
        is_read: flag(day.read),
        read_at: day.read ? now.getTime() : null,
        gatha_viewed: flag(day.gathaViewed),
        explanation_viewed: flag(day.explanationViewed),
        reflection_saved: flag(day.reflectionSaved),
        reflection_saved_at: day.reflectionSaved ? day.reflectionSavedAt : null,
        completed_at: completedAt(day),
      })),
    )
    .onConflict(mergeWithStoredFlags(nowIso))
    .execute();
}

/**
 * A day's reflection without a known save time takes the time its journal entry was created,
 * when there is one; this dates reflections reported by a device that saved them offline.
 */
async function dateReflectionsFromEntries(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('user_progress')
    .set((eb) => ({
      reflection_saved_at: eb
        .selectFrom('journal_entries')
        .select('journal_entries.created_at')
        .whereRef('journal_entries.user_id', '=', 'user_progress.user_id')
        .whereRef('journal_entries.day_number', '=', 'user_progress.day_number'),
    }))
    .where('user_id', '=', userId)
    .where('reflection_saved', '=', 1)
    .where('reflection_saved_at', 'is', null)
    .execute();
}

/** Stores the union of a device's local record with what the server already has. */
export async function mergeLocalProgress(
  db: Kysely<Database>,
  userId: number,
  local: ProgressRecord,
  now: Date,
): Promise<StoredProgressDay[]> {
  return db.transaction().execute(async (trx) => {
    const days = progressDaysFromRecord(local).map((day) => ({ ...day, reflectionSavedAt: null }));
    // Bounded by the 241 days, in slices that stay well under PostgreSQL's parameter limit.
    for (let start = 0; start < days.length; start += 100) {
      await setFlags(trx, userId, days.slice(start, start + 100), now);
    }
    await dateReflectionsFromEntries(trx, userId);
    return listProgressDays(trx, userId);
  });
}

/** Sets some flags of one day; a reflection is dated by its entry, or by now. */
export async function setProgressDay(
  db: Kysely<Database>,
  userId: number,
  dayNumber: number,
  update: ProgressDayUpdate,
  now: Date,
): Promise<ProgressDay> {
  const entry = update.reflectionSaved
    ? await db
        .selectFrom('journal_entries')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('day_number', '=', dayNumber)
        .executeTakeFirst()
    : undefined;
  await setFlags(
    db,
    userId,
    [
      {
        dayNumber,
        read: update.read === true,
        gathaViewed: update.gathaViewed === true,
        explanationViewed: update.explanationViewed === true,
        reflectionSaved: update.reflectionSaved === true,
        reflectionSavedAt: entry?.created_at ?? now.toISOString(),
      },
    ],
    now,
  );
  const days = await listProgressDays(db, userId);
  const day = days.find((d) => d.dayNumber === dayNumber);
  if (!day) throw new Error('The progress day was not stored');
  return withoutSaveTime(day);
}

/** A day whose reflection was saved, first at `firstSavedAt`, as of `nowIso`. */
export interface ReflectionSaved {
  userId: number;
  dayNumber: number;
  firstSavedAt: string;
  nowIso: string;
}

/**
 * Marks the day's reflection saved, as setFlags would with that one flag: the statement every
 * save runs, built here for the saves that compile it once (daySaver) and those that do not.
 */
export function reflectionSavedUpsert(qc: QueryCreator<Database>, saved: ReflectionSaved) {
  return qc
    .insertInto('user_progress')
    .values({
      user_id: saved.userId,
      day_number: saved.dayNumber,
      is_read: 0,
      read_at: null,
      gatha_viewed: 0,
      explanation_viewed: 0,
      reflection_saved: 1,
      reflection_saved_at: saved.firstSavedAt,
      completed_at: saved.firstSavedAt,
    })
    .onConflict(mergeReflectionSaved(saved.nowIso));
}

/**
 * Whether a day's row already says all that reflectionSavedUpsert would write: its reflection
 * saved, when first, and the day complete. The one test of it, for the upsert that leaves such a
 * row alone and for the read that spares a save the upsert.
 */
function reflectionMarkedSaved(eb: ExpressionBuilder<Database, 'user_progress'>) {
  return eb.and([
    eb('user_progress.reflection_saved', '=', 1),
    eb('user_progress.reflection_saved_at', 'is not', null),
    eb('user_progress.completed_at', 'is not', null),
  ]);
}

/**
 * mergeWithStoredFlags for a day's saved reflection, leaving alone a row that already says so:
 * nearly every save edits an entry whose day is marked, and an update that changes nothing
 * would still write the row's page (SQLite) or a new row version (PostgreSQL).
 */
export const mergeReflectionSaved =
  (nowIso: string) => (oc: OnConflictBuilder<Database, 'user_progress'>) =>
    mergeWithStoredFlags(nowIso)(oc).where((eb) => eb.not(reflectionMarkedSaved(eb)));

/**
 * The day's row when it already says what reflectionSavedUpsert would: a save that finds it need
 * not write at all. On SQLite even an upsert that changes nothing moves the table's AUTOINCREMENT
 * mark, a page of its own written on every save.
 */
export function reflectionAlreadySaved(
  qc: QueryCreator<Database>,
  day: { userId: number; dayNumber: number },
) {
  return qc
    .selectFrom('user_progress')
    .select('id')
    .where('user_id', '=', day.userId)
    .where('day_number', '=', day.dayNumber)
    .where(reflectionMarkedSaved);
}

/** Called whenever a journal entry is saved: the day's reflection counts from its first save. */
export async function markReflectionSaved(
  db: Kysely<Database>,
  userId: number,
  dayNumber: number,
  firstSavedAt: string,
  now: Date,
): Promise<void> {
  await reflectionSavedUpsert(db, {
    userId,
    dayNumber,
    firstSavedAt,
    nowIso: now.toISOString(),
  }).execute();
}

/** The spec's 'Reset progress': the server forgets it too, so no later merge restores it. */
export async function clearProgress(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('user_progress').where('user_id', '=', userId).execute();
}
