import { TOTAL_DAYS } from './constants.js';
import { currentReadingDay, localDateIn } from './day-model.js';

/**
 * How a reader moves through the cycle: with everyone, on the calendar's shared stanza (the
 * default), or on their own path, from day 1 on the local date they chose it, one day per local
 * day (docs/decisions/017-your-pace.md).
 */
export const PACES = ['together', 'own'] as const;
export type Pace = (typeof PACES)[number];

/** What decides a reader's day: their pace, and the local date their own path began. */
export interface ReadingPace {
  pace: Pace;
  /** YYYY-MM-DD in the reader's zone when they chose their own path; null reading together. */
  paceStartedOn: string | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a YYYY-MM-DD date; calendar arithmetic, so no DST can shift it. */
function epochDay(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
}

/** The local date of `instant` in `timeZone`, as YYYY-MM-DD. */
export function localDateString(instant: Date, timeZone: string): string {
  const { year, month, day } = localDateIn(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The day of an own path begun on `startedOn`, on the local date `today`: day 1 on the first
 * date, one more each date after, and day 1 again after day 241.
 */
export function ownPathDay(startedOn: string, today: string): number {
  const elapsed = Math.max(0, epochDay(today) - epochDay(startedOn));
  return (elapsed % TOTAL_DAYS) + 1;
}

/** The reader's current day at `instant` in `timeZone`: their own path's, or the calendar's. */
export function readerCurrentDay(
  reader: ReadingPace | null | undefined,
  instant: Date,
  timeZone: string,
): number {
  if (reader?.pace === 'own' && reader.paceStartedOn) {
    return ownPathDay(reader.paceStartedOn, localDateString(instant, timeZone));
  }
  return currentReadingDay(instant, timeZone);
}
