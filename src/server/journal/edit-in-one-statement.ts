import { type Kysely, type QueryCreator, sql } from 'kysely';
import type { Database, JournalEntryRow } from '../db/tables.js';
import { mergeReflectionSaved } from '../progress/progress-store.js';

/** An edit of a day's entry: its words and who may see them. */
export interface DayEdit {
  dayNumber: number;
  entryText: string;
  isPublic: boolean;
  sharedParts: string;
  /** Left out, the entry's circles stay. */
  circleIds?: readonly number[] | undefined;
  /** The version the edit began from; left out, it writes regardless. */
  baseUpdatedAt?: string | undefined;
}

/** A day's entry as a save writes it, in its columns' terms. */
export interface DayEntryWrite {
  userId: number;
  dayNumber: number;
  entryText: string;
  isPublic: 0 | 1;
  sharedParts: string;
  /** The time written as the entry's update (and, for a new one, its creation). */
  stamp: string;
}

/** The columns a save of `edit` by `userId` at `stamp` writes. */
export function dayEntryWrite(
  userId: number,
  edit: Omit<DayEdit, 'circleIds' | 'baseUpdatedAt'>,
  stamp: string,
): DayEntryWrite {
  return {
    userId,
    dayNumber: edit.dayNumber,
    entryText: edit.entryText,
    isPublic: edit.isPublic ? 1 : 0,
    sharedParts: edit.sharedParts,
    stamp,
  };
}

/**
 * The update of the reader's entry for a day, answering the row it wrote; with a base version,
 * only that version is changed. Every way of saving builds it here, so they write the same.
 */
export function updateDayEntry(
  qc: QueryCreator<Database>,
  write: DayEntryWrite,
  base: string | undefined,
) {
  return qc
    .updateTable('journal_entries')
    .set({
      entry_text: write.entryText,
      is_public: write.isPublic,
      shared_parts: write.sharedParts,
      updated_at: write.stamp,
    })
    .where('user_id', '=', write.userId)
    .where('day_number', '=', write.dayNumber)
    .$if(base !== undefined, (qb) => qb.where('updated_at', '=', base!))
    .returningAll();
}

/**
 * A new entry for the day, or nothing when the reader has one already (the unique index keeps
 * one per person and day, under races too), answering the row it wrote.
 */
export function insertDayEntry(qc: QueryCreator<Database>, write: DayEntryWrite) {
  return qc
    .insertInto('journal_entries')
    .values({
      user_id: write.userId,
      day_number: write.dayNumber,
      entry_text: write.entryText,
      is_public: write.isPublic,
      shared_parts: write.sharedParts,
      created_at: write.stamp,
      updated_at: write.stamp,
    })
    .onConflict((oc) => oc.columns(['user_id', 'day_number']).doNothing())
    .returningAll();
}

/**
 * PostgreSQL: the update of the reader's entry for a day (from `base` when given) and of its day's
 * progress, as the data-modifying parts `saved` and `progress` of one `with`, to select from.
 */
export function entryAndProgressEdit(
  db: Kysely<Database>,
  write: DayEntryWrite,
  base: string | undefined,
) {
  return (
    db
      .with('saved', (qc) => updateDayEntry(qc, write, base))
      // As markReflectionSaved: the day's reflection counts from when the entry was first made.
      .with('progress', (qc) =>
        qc
          .insertInto('user_progress')
          .columns([
            'user_id',
            'day_number',
            'reflection_saved',
            'reflection_saved_at',
            'completed_at',
          ])
          .expression(
            qc
              .selectFrom('saved')
              .select([
                'user_id',
                'day_number',
                sql<1>`1`.as('reflection_saved'),
                'created_at as reflection_saved_at',
                'created_at as completed_at',
              ]),
          )
          .onConflict(mergeReflectionSaved(write.stamp)),
      )
  );
}

/**
 * Edits the reader's entry for a day on PostgreSQL in one statement: the entry, its day's
 * progress and its circles, as data-modifying parts of one `with`. PostgreSQL applies a statement
 * whole or not at all, as the transaction on SQLite does, and the save pays one round trip
 * where the transaction paid five (begin, entry, progress, circles, commit). Undefined when no
 * entry matched (none yet, or another version): the caller then saves the longer way, which
 * tells those apart.
 */
export async function editEntryInOneStatement(
  db: Kysely<Database>,
  userId: number,
  edit: DayEdit,
  now: Date,
): Promise<{ row: JournalEntryRow; newlySharedWith: number[] } | undefined> {
  const entryAndProgress = entryAndProgressEdit(
    db,
    dayEntryWrite(userId, edit, now.toISOString()),
    edit.baseUpdatedAt,
  );
  if (edit.circleIds === undefined) {
    const row = await entryAndProgress.selectFrom('saved').selectAll().executeTakeFirst();
    return row && { row, newlySharedWith: [] };
  }
  // One array parameter, so the statement's text is the same whatever the circles.
  const wanted = sql<number[]>`${[...new Set(edit.circleIds)]}::integer[]`;
  const row = await entryAndProgress
    .with('unshared', (qc) =>
      qc
        .deleteFrom('journal_entry_circles')
        .where('entry_id', 'in', qc.selectFrom('saved').select('id'))
        .where(sql<boolean>`circle_id <> all(${wanted})`),
    )
    .with('shared', (qc) =>
      qc
        .insertInto('journal_entry_circles')
        .columns(['entry_id', 'circle_id', 'user_id', 'day_number'])
        .expression(
          qc
            .selectFrom('saved')
            .innerJoin(
              sql<{ circle_id: number }>`unnest(${wanted})`.as<'wanted'>(sql`wanted(circle_id)`),
              (join) => join.onTrue(),
            )
            .select(['saved.id', 'wanted.circle_id', 'saved.user_id', 'saved.day_number']),
        )
        .onConflict((oc) => oc.columns(['entry_id', 'circle_id']).doNothing())
        .returning('circle_id'),
    )
    .selectFrom('saved')
    .selectAll('saved')
    .select((eb) =>
      eb
        .selectFrom('shared')
        .select(sql<number[]>`coalesce(array_agg(circle_id), '{}')`.as('circles'))
        .as('newly_shared'),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const { newly_shared: newlyShared, ...entry } = row;
  return { row: entry, newlySharedWith: newlyShared ?? [] };
}
