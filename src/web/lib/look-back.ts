import { parseEntryText } from '#shared/journal-entry';
import { localDateKey } from '#shared/date-keys';

/** What the look back needs of an entry: its day, its words and when they were written. */
export interface WrittenEntry {
  id: number;
  dayNumber: number;
  entryText: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The date (YYYY-MM-DD, in `timeZone`) the reader last wrote `entry`, when that was before
 * `today`: a stanza met again (in a later cycle, or an earlier day read again) shows what they
 * wrote then. Null for an entry written today, which the form already holds.
 */
export function writtenBefore(
  entry: Pick<WrittenEntry, 'updatedAt'>,
  today: string,
  timeZone: string,
): string | null {
  const written = new Date(entry.updatedAt);
  if (Number.isNaN(written.getTime())) return null;
  const date = localDateKey(written, timeZone);
  return date < today ? date : null;
}

export interface WeekDeed {
  dayNumber: number;
  /** The local date the reflection was first written. */
  date: string;
  deeds: string;
}

export interface WeekLookBack {
  first: string;
  last: string;
  /** The days completed in the week, in the order they were read, each once. */
  daysRead: { dayNumber: number; date: string }[];
  /** Reflections first written in the week, oldest first. */
  reflections: { id: number; dayNumber: number; date: string }[];
  /** The Good Deeds of those reflections that have one, oldest first. */
  deeds: WeekDeed[];
}

/**
 * The dashboard's look back on the seven dates of `week` (oldest first): the days read on them,
 * and the reflections first written on them with their deeds. Linear in the entries.
 */
export function weekLookBack(
  week: ReadonlyArray<{ date: string; daysRead: readonly number[] }>,
  entries: readonly WrittenEntry[],
  timeZone: string,
): WeekLookBack {
  const first = week[0]?.date ?? '';
  const last = week.at(-1)?.date ?? '';
  const seen = new Set<number>();
  const daysRead = week.flatMap(({ date, daysRead: days }) =>
    days.flatMap((dayNumber) => {
      if (seen.has(dayNumber)) return [];
      seen.add(dayNumber);
      return [{ dayNumber, date }];
    }),
  );
  const written = entries
    .map((entry) => ({ entry, date: localDateKey(new Date(entry.createdAt), timeZone) }))
    .filter(({ date }) => date >= first && date <= last)
    .sort((a, b) => a.entry.createdAt.localeCompare(b.entry.createdAt));
  return {
    first,
    last,
    daysRead,
    reflections: written.map(({ entry, date }) => ({
      id: entry.id,
      dayNumber: entry.dayNumber,
      date,
    })),
    deeds: written.flatMap(({ entry, date }) => {
      const deeds = parseEntryText(entry.entryText).deeds.trim();
      return deeds ? [{ dayNumber: entry.dayNumber, date, deeds }] : [];
    }),
  };
}
