import type { Kysely, Transaction } from 'kysely';
import { FRIENDS_FEED_LIMIT } from '#shared/constants';
import type { FriendJournalEntry, JournalEntry } from '#shared/journal-schemas';
import { ENTRY_PARTS, type EntryPart, orderedParts, sharedEntryText } from '#shared/shared-parts';
import { compileRead, type ReadableDatabase } from '../db/compiled-read.js';
import { dialectOf } from '../db/dialect.js';
import { setEntryCircles } from '../circles/entry-circles.js';
import type { Database, JournalEntryRow } from '../db/tables.js';
import { markReflectionSaved } from '../progress/progress-store.js';
import {
  type DayEdit,
  dayEntryWrite,
  editEntryInOneStatement,
  insertDayEntry,
  updateDayEntry,
} from './edit-in-one-statement.js';

/** The parts as stored: null (entries older than the choice) means all three. */
export function storedSharedParts(value: string | null): EntryPart[] {
  if (value === null) return [...ENTRY_PARTS];
  return orderedParts(value.split(',') as EntryPart[]);
}

export function sharedPartsColumn(parts: readonly EntryPart[]): string {
  return orderedParts(parts).join(',');
}

/** An entry as its author sees it: every part, whatever is shared. */
export function toJournalEntry(row: JournalEntryRow): JournalEntry {
  return {
    id: row.id,
    userId: row.user_id,
    dayNumber: row.day_number,
    entryText: row.entry_text,
    isPublic: Number(row.is_public) === 1,
    sharedParts: storedSharedParts(row.shared_parts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** An entry as a friend sees it: the shared parts only; the rest never leaves the server. */
function asSharedWithFriends(row: JournalEntryRow): JournalEntry {
  const entry = toJournalEntry(row);
  return { ...entry, entryText: sharedEntryText(entry.entryText, entry.sharedParts) };
}

export async function listOwnEntries(
  db: Kysely<Database>,
  userId: number,
): Promise<JournalEntry[]> {
  const rows = await db
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toJournalEntry);
}

export async function findOwnEntryForDay(db: Kysely<Database>, userId: number, day: number) {
  const row = await ownEntryRow(db, userId, day);
  return row ? toJournalEntry(row) : null;
}

/** What a save did: wrote the entry, or found it changed since the version the save began from. */
export type SaveResult =
  | {
      outcome: 'saved';
      entry: JournalEntry;
      created: boolean;
      /** Circles the save shared the entry with that it was not shared with before. */
      newlySharedWith?: number[];
    }
  | { outcome: 'changed'; entry: JournalEntry };

export interface DaySave {
  dayNumber: number;
  entryText: string;
  isPublic: boolean;
  /** Left out, friends see every part while the entry is shared. */
  sharedParts?: EntryPart[] | undefined;
  /** Circles the author is in (checked before); left out, the entry's circles stay. */
  circleIds?: number[] | undefined;
  /** See createJournalEntrySchema: undefined writes regardless. */
  baseUpdatedAt?: string | null | undefined;
}

/**
 * Saves the user's reflection for a day and marks the day's reflection saved in their
 * progress, both or neither: a save that fails half-way leaves no entry the progress does not
 * know of, and the client's retry starts from where it began. The entry is created, or the one
 * already there updated, so a retried save never makes a duplicate, and one already applied is
 * answered as saved rather than as changed since its version.
 */
export async function saveEntryForDay(
  db: Kysely<Database>,
  userId: number,
  input: DaySave,
  now: Date,
): Promise<SaveResult> {
  // Nearly every save edits an entry already there; PostgreSQL can do that in one statement.
  const editInOneStatement = input.baseUpdatedAt !== null && dialectOf(db) === 'postgres';
  if (editInOneStatement) {
    const edited = await editEntryInOneStatement(db, userId, dayEditOf(input), now);
    if (edited) {
      const { row, newlySharedWith } = edited;
      return { outcome: 'saved', entry: toJournalEntry(row), created: false, newlySharedWith };
    }
  }
  return saveEntryInTransaction(db, userId, input, now, { updateMissed: editInOneStatement });
}

/** The edit a save makes, with its shared parts as stored. */
export function dayEditOf(input: DaySave): DayEdit {
  return {
    ...input,
    sharedParts: sharedPartsColumn(input.sharedParts ?? ENTRY_PARTS),
    baseUpdatedAt: input.baseUpdatedAt ?? undefined,
  };
}

/**
 * saveEntryForDay's save as one transaction; `updateMissed` when an update of the same save, as
 * the one-statement edit makes it, has just found no entry of its version to change.
 */
export function saveEntryInTransaction(
  db: Kysely<Database>,
  userId: number,
  input: DaySave,
  now: Date,
  { updateMissed }: { updateMissed: boolean },
): Promise<SaveResult> {
  const edit = dayEditOf(input);
  return db.transaction().execute(async (trx) => {
    const saved = await writeEntryForDay(trx, userId, input, edit, now, { updateMissed });
    if (saved.outcome === 'changed') return saved;
    const newlySharedWith = input.circleIds
      ? await setEntryCircles(trx, saved.entry, input.circleIds)
      : [];
    // A save synced later from an offline device counts from when the entry was first made.
    await markReflectionSaved(trx, userId, saved.entry.dayNumber, saved.entry.createdAt, now);
    return { ...saved, newlySharedWith };
  });
}

/**
 * One's own entry for a day, as the journal's day view asks for it on every open: compiled once,
 * and on SQLite read straight on the connection (compileRead), so a request pays for the read
 * and little else. The same rows as findOwnEntryForDay.
 */
export function ownEntryForDayReader(database: ReadableDatabase) {
  const read = compileRead(database, (db, values: { userId: number; day: number }) =>
    db
      .selectFrom('journal_entries')
      .selectAll()
      .where('user_id', '=', values.userId)
      .where('day_number', '=', values.day),
  );
  return async (userId: number, day: number): Promise<JournalEntry | null> => {
    const [row] = await read({ userId, day });
    return row ? toJournalEntry(row) : null;
  };
}

function ownEntryRow(db: Kysely<Database> | Transaction<Database>, userId: number, day: number) {
  return db
    .selectFrom('journal_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('day_number', '=', day)
    .executeTakeFirst();
}

async function writeEntryForDay(
  trx: Transaction<Database>,
  userId: number,
  input: DaySave,
  edit: DayEdit,
  now: Date,
  { updateMissed }: { updateMissed: boolean },
): Promise<SaveResult> {
  const stamp = now.toISOString();
  // Null (begun from no entry) is told apart from undefined (written regardless) here only.
  const base = input.baseUpdatedAt;
  const write = dayEntryWrite(userId, edit, stamp);
  const insert = () => insertDayEntry(trx, write).executeTakeFirst();
  const update = () => updateDayEntry(trx, write, edit.baseUpdatedAt).executeTakeFirst();
  // Insert-or-nothing and update, each answering the row it wrote: tells a new entry (201) from
  // a changed one (200) on both databases, and the unique index keeps one entry per person and
  // day under races. With no entry there is nothing a save could overwrite, whatever version it
  // began from.
  for (let attempt = 0; attempt < 3; attempt++) {
    // A save begun from an entry tries the update first: it nearly always finds one.
    const updateFirst = base !== null && attempt === 0;
    // An update the one-statement edit just made and missed would miss again.
    if (updateFirst && !updateMissed) {
      const updated = await update();
      if (updated) return { outcome: 'saved', entry: toJournalEntry(updated), created: false };
    }
    const inserted = await insert();
    if (inserted) return { outcome: 'saved', entry: toJournalEntry(inserted), created: true };
    // Begun from no entry, yet one is there: someone else's version wins until the reader
    // chooses. Begun from a version the update just missed: it would miss it again.
    const updated =
      base === null || (updateFirst && base !== undefined) ? undefined : await update();
    if (updated) return { outcome: 'saved', entry: toJournalEntry(updated), created: false };
    const current = await ownEntryRow(trx, userId, input.dayNumber);
    if (current) {
      const entry = toJournalEntry(current);
      // The same save applied already (sent again after its answer was lost, or retried by a
      // proxy on another process) is answered as the success it was, never as a conflict.
      if (holdsChanges(entry, { ...input, sharedParts: input.sharedParts ?? ENTRY_PARTS })) {
        return { outcome: 'saved', entry, created: base === null };
      }
      return { outcome: 'changed', entry };
    }
    // Deleted by another request between the statements: try again.
  }
  throw new Error('Could not save the journal entry');
}

/** Changes one of the user's entries; null when it is not theirs (or not there at all). */
export async function updateOwnEntry(
  db: Kysely<Database>,
  userId: number,
  id: number,
  changes: {
    entryText?: string | undefined;
    isPublic?: boolean | undefined;
    sharedParts?: EntryPart[] | undefined;
    circleIds?: number[] | undefined;
    baseUpdatedAt?: string | undefined;
  },
  now: Date,
): Promise<SaveResult | null> {
  return db.transaction().execute(async (trx) => {
    const result = await updateEntryRow(trx, userId, id, changes, now);
    if (result?.outcome === 'saved' && changes.circleIds) {
      return {
        ...result,
        newlySharedWith: await setEntryCircles(trx, result.entry, changes.circleIds),
      };
    }
    return result;
  });
}

async function updateEntryRow(
  db: Transaction<Database>,
  userId: number,
  id: number,
  changes: {
    entryText?: string | undefined;
    isPublic?: boolean | undefined;
    sharedParts?: EntryPart[] | undefined;
    baseUpdatedAt?: string | undefined;
  },
  now: Date,
): Promise<SaveResult | null> {
  const base = changes.baseUpdatedAt;
  const row = await db
    .updateTable('journal_entries')
    .set({
      ...(changes.entryText !== undefined ? { entry_text: changes.entryText } : {}),
      ...(changes.isPublic !== undefined ? { is_public: changes.isPublic ? 1 : 0 } : {}),
      ...(changes.sharedParts !== undefined
        ? { shared_parts: sharedPartsColumn(changes.sharedParts) }
        : {}),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(base !== undefined, (qb) => qb.where('updated_at', '=', base!))
    .returningAll()
    .executeTakeFirst();
  if (row) return { outcome: 'saved', entry: toJournalEntry(row), created: false };
  if (base === undefined) return null;
  const current = await db
    .selectFrom('journal_entries')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!current) return null;
  const entry = toJournalEntry(current);
  // As for a save of the day: the same change applied already is the success it was.
  if (holdsChanges(entry, changes)) return { outcome: 'saved', entry, created: false };
  return { outcome: 'changed', entry };
}

/** Whether the entry already holds every given change. */
export function holdsChanges(
  entry: JournalEntry,
  changes: {
    entryText?: string | undefined;
    isPublic?: boolean | undefined;
    sharedParts?: readonly EntryPart[] | undefined;
  },
): boolean {
  return (
    (changes.entryText === undefined || changes.entryText === entry.entryText) &&
    (changes.isPublic === undefined || changes.isPublic === entry.isPublic) &&
    (changes.sharedParts === undefined ||
      sharedPartsColumn(changes.sharedParts) === sharedPartsColumn(entry.sharedParts))
  );
}

export async function deleteOwnEntry(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('journal_entries')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Most feeds fill from the friends' last two weeks; only a quiet circle needs the rest. */
const recentFeedMs = 14 * 86_400_000;

/**
 * The ids of the newest public entries of the user's friends, read from the covering feed
 * index alone (no entry text), optionally only those updated since a moment.
 */
function newestFriendEntryIds(db: Kysely<Database>, userId: number, since: string | null) {
  return db
    .selectFrom('friendships')
    .innerJoin('journal_entries as feed', 'feed.user_id', 'friendships.friend_id')
    .select('feed.id')
    .innerJoin('users as author', 'author.id', 'feed.user_id')
    .where('friendships.user_id', '=', userId)
    .where('feed.is_public', '=', 1)
    .where('author.suspended_at', 'is', null)
    .$if(since !== null, (qb) => qb.where('feed.updated_at', '>=', since!))
    .orderBy('feed.updated_at', 'desc')
    .orderBy('feed.id', 'desc')
    .limit(FRIENDS_FEED_LIMIT);
}

async function feedRows(db: Kysely<Database>, userId: number, since: string | null) {
  return db
    .selectFrom('journal_entries')
    .innerJoin('users', 'users.id', 'journal_entries.user_id')
    .leftJoin('thoughts', 'thoughts.day_number', 'journal_entries.day_number')
    .selectAll('journal_entries')
    .select(['users.full_name', 'users.username', 'thoughts.reference'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('entry_appreciations as mine')
            .select('mine.entry_id')
            .whereRef('mine.entry_id', '=', 'journal_entries.id')
            .where('mine.user_id', '=', userId),
        )
        .as('appreciated'),
    )
    .where('journal_entries.id', 'in', newestFriendEntryIds(db, userId, since))
    .orderBy('journal_entries.updated_at', 'desc')
    .orderBy('journal_entries.id', 'desc')
    .execute();
}

/**
 * Public entries of the user's friends, newest first, each with only its shared parts.
 * Private entries and suspended accounts never appear.
 * The friends' last two weeks are read first: when they already give a full page, nothing
 * older can belong on it, so the cost follows recent activity, not the size of the table.
 */
export async function friendsFeed(
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<FriendJournalEntry[]> {
  let rows = await feedRows(db, userId, new Date(now.getTime() - recentFeedMs).toISOString());
  if (rows.length < FRIENDS_FEED_LIMIT) rows = await feedRows(db, userId, null);
  return rows.map(({ full_name, username, reference, appreciated, ...row }) => ({
    ...asSharedWithFriends(row),
    user: { id: row.user_id, fullName: full_name, username },
    reference: reference ?? null,
    appreciatedByMe: Boolean(Number(appreciated)),
  }));
}
