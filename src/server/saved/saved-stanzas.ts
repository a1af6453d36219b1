import type { Kysely } from 'kysely';
import type { SavedStanza, SavedStanzaListItem } from '#shared/saved-stanzas';
import { firstLineOf, stanzaReference } from '#shared/stanza-heading';
import { compileRead, type ReadableDatabase } from '../db/compiled-read.js';
import type { Database } from '../db/tables.js';
import { gathaInfoFor } from '../readings/readings.js';

interface SavedRow {
  day_number: number;
  note: string;
  saved_at: string;
}

const toSavedStanza = (row: SavedRow): SavedStanza => ({
  dayNumber: row.day_number,
  note: row.note,
  savedAt: row.saved_at,
});

/**
 * Saves a day for the person, or, when it is saved already, keeps that one row and its first
 * save time and sets the note when one is sent: a save sent twice never makes a second row.
 */
export async function saveStanza(
  db: Kysely<Database>,
  userId: number,
  day: number,
  note: string | undefined,
  now: Date,
): Promise<SavedStanza> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto('saved_stanzas')
    .values({
      user_id: userId,
      day_number: day,
      note: note ?? '',
      saved_at: stamp,
      updated_at: stamp,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day_number'])
        .doUpdateSet(note === undefined ? { updated_at: stamp } : { note, updated_at: stamp }),
    )
    .returning(['day_number', 'note', 'saved_at'])
    .executeTakeFirstOrThrow();
  return toSavedStanza(row);
}

/** Removes one of the person's saved days; false when they had not saved it. */
export async function removeSavedStanza(
  db: Kysely<Database>,
  userId: number,
  day: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_stanzas')
    .where('user_id', '=', userId)
    .where('day_number', '=', day)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The day's reference as the pack gives it, else as the daily screen's heading names it. */
async function referenceOf(
  db: Kysely<Database>,
  day: number,
  packReference: string | null,
): Promise<string | null> {
  if (packReference) return packReference;
  const info = await gathaInfoFor(db, day);
  return info ? stanzaReference(day, info) : null;
}

/**
 * The person's saved stanzas, newest first, each with its reference and, for a day the reader
 * may open today (days 1..`currentDay`), the stanza's first line. The read is compiled once, and
 * on SQLite run straight on the connection (compileRead): the saved screen asks on every open.
 */
export function savedStanzasReader(database: ReadableDatabase) {
  const read = compileRead(database, (db, values: { userId: number }) =>
    db
      .selectFrom('saved_stanzas')
      .leftJoin('thoughts', 'thoughts.day_number', 'saved_stanzas.day_number')
      .select([
        'saved_stanzas.day_number',
        'saved_stanzas.note',
        'saved_stanzas.saved_at',
        'thoughts.thought',
        'thoughts.reference',
      ])
      .where('saved_stanzas.user_id', '=', values.userId)
      .orderBy('saved_stanzas.saved_at', 'desc')
      .orderBy('saved_stanzas.id', 'desc'),
  );
  return async (userId: number, currentDay: number): Promise<SavedStanzaListItem[]> => {
    const rows = await read({ userId });
    return Promise.all(
      rows.map(async (row) => ({
        ...toSavedStanza(row),
        reference: await referenceOf(database.db, row.day_number, row.reference),
        firstLine:
          row.thought !== null && row.day_number <= currentDay ? firstLineOf(row.thought) : null,
      })),
    );
  };
}

/** Every saved stanza of the person, by day, for the export. */
export async function savedStanzasByDay(
  db: Kysely<Database>,
  userId: number,
): Promise<SavedStanza[]> {
  const rows = await db
    .selectFrom('saved_stanzas')
    .select(['day_number', 'note', 'saved_at'])
    .where('user_id', '=', userId)
    .orderBy('day_number', 'asc')
    .execute();
  return rows.map(toSavedStanza);
}
