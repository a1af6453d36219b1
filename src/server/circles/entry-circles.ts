import type { Kysely, Transaction } from 'kysely';
import { CIRCLE_NOT_FOUND } from '#shared/circle-messages';
import type { Appreciation } from '#shared/circle-schemas';
import { compileRead, type ReadableDatabase } from '../db/compiled-read.js';
import { noBlockBetween } from './circle-membership.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Refuses circles the author is not in, before anything is written: 404 "Circle not found",
 * as for a circle that does not exist, so a save reveals nothing of others' circles.
 */
export async function checkAuthorsCircles(
  db: Db,
  authorId: number,
  circleIds: readonly number[] | undefined,
): Promise<void> {
  if (!circleIds || circleIds.length === 0) return;
  const rows = await db
    .selectFrom('circle_members')
    .select('circle_id')
    .where('user_id', '=', authorId)
    .where('circle_id', 'in', [...circleIds])
    .execute();
  if (rows.length !== new Set(circleIds).size) throw new HttpError(404, CIRCLE_NOT_FOUND);
}

/**
 * Shares the entry with exactly these circles (each one the author is in; checkAuthorsCircles
 * has said so), taking it off any others. Answers the circles it was not shared with before.
 */
export async function setEntryCircles(
  db: Db,
  entry: { id: number; userId: number; dayNumber: number },
  circleIds: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set(circleIds)];
  await db
    .deleteFrom('journal_entry_circles')
    .where('entry_id', '=', entry.id)
    .$if(wanted.length > 0, (qb) => qb.where('circle_id', 'not in', wanted))
    .execute();
  if (wanted.length === 0) return [];
  const added = await db
    .insertInto('journal_entry_circles')
    .values(
      wanted.map((circleId) => ({
        entry_id: entry.id,
        circle_id: circleId,
        user_id: entry.userId,
        day_number: entry.dayNumber,
      })),
    )
    .onConflict((oc) => oc.columns(['entry_id', 'circle_id']).doNothing())
    .returning('circle_id')
    .execute();
  return added.map((row) => row.circle_id);
}

/** What the author's own entry shows besides itself. */
export interface EntryExtras {
  circleIds: number[];
  appreciations: Appreciation[];
}

export interface AppreciationRow {
  entry_id: number;
  user_id: number;
  created_at: string;
  full_name: string;
}

/**
 * Who appreciated the author's entries, oldest first: never someone suspended, or someone a
 * block stands between (docs/product.md#appreciation), left out in the same read.
 */
function appreciationsOf(db: Db, authorId: number) {
  return (
    db
      .selectFrom('journal_entries')
      .innerJoin('entry_appreciations', 'entry_appreciations.entry_id', 'journal_entries.id')
      .innerJoin('users', 'users.id', 'entry_appreciations.user_id')
      .select([
        'entry_appreciations.entry_id',
        'entry_appreciations.user_id',
        'entry_appreciations.created_at',
        'users.full_name',
      ])
      .where('journal_entries.user_id', '=', authorId)
      .where('users.suspended_at', 'is', null)
      .where(noBlockBetween(authorId, 'entry_appreciations.user_id'))
      // Appreciations of the same moment in a steady order on every database.
      .orderBy('entry_appreciations.created_at')
      .orderBy('entry_appreciations.user_id')
  );
}

const appreciation = (row: AppreciationRow): Appreciation => ({
  userId: row.user_id,
  fullName: row.full_name,
  at: row.created_at,
});

/** Which one of the author's entries to read the extras of. */
export interface OwnEntry {
  authorId: number;
  entryId: number;
}

/** The circles one of the author's entries is shared with. */
export const entryShares = (db: Kysely<Database>, values: OwnEntry) =>
  db
    .selectFrom('journal_entry_circles')
    .select('circle_id')
    .where('user_id', '=', values.authorId)
    .where('entry_id', '=', values.entryId)
    .orderBy('circle_id');

/** Who appreciated the author's entry of a day (one entry a day: the same as by its id). */
export const dayAppreciations = (
  db: Kysely<Database>,
  values: { authorId: number; dayNumber: number },
) =>
  appreciationsOf(db, values.authorId).where('journal_entries.day_number', '=', values.dayNumber);

/** Who appreciated one of the author's entries. */
export const entryAppreciations = (db: Kysely<Database>, values: OwnEntry) =>
  appreciationsOf(db, values.authorId).where('journal_entries.id', '=', values.entryId);

/** The extras of an entry from what entryShares and entryAppreciations read. */
export const entryExtras = (
  circles: { circle_id: number }[],
  appreciated: AppreciationRow[],
): EntryExtras => ({
  circleIds: circles.map((row) => row.circle_id),
  appreciations: appreciated.map(appreciation),
});

/**
 * One of the author's entries with its circles and appreciations added, as every open of a day
 * and every save answers it: both reads compiled once (compileRead), so a request pays for the
 * reads and little else.
 */
export function ownEntryExtrasReader(database: ReadableDatabase) {
  const shares = compileRead(database, entryShares);
  const appreciations = compileRead(database, entryAppreciations);
  return async <T extends { id: number; userId: number }>(entry: T): Promise<T & EntryExtras> => {
    const values = { authorId: entry.userId, entryId: entry.id };
    const [circles, appreciated] = await Promise.all([shares(values), appreciations(values)]);
    return { ...entry, ...entryExtras(circles, appreciated) };
  };
}

/** The author's entries, each with the circles it is shared with and who appreciated it. */
export async function withCirclesAndAppreciations<T extends { id: number; userId: number }>(
  db: Db,
  entries: T[],
): Promise<(T & EntryExtras)[]> {
  const authorId = entries[0]?.userId;
  if (authorId === undefined) return [];
  const [shares, appreciations] = await Promise.all([
    db
      .selectFrom('journal_entry_circles')
      .select(['entry_id', 'circle_id'])
      .where('user_id', '=', authorId)
      .orderBy('circle_id')
      .execute(),
    appreciationsOf(db, authorId).execute(),
  ]);
  const found = new Map<number, EntryExtras>(
    entries.map((entry) => [entry.id, { circleIds: [], appreciations: [] }]),
  );
  for (const share of shares) found.get(share.entry_id)?.circleIds.push(share.circle_id);
  for (const row of appreciations) found.get(row.entry_id)?.appreciations.push(appreciation(row));
  return entries.map((entry) => ({ ...entry, ...found.get(entry.id)! }));
}
