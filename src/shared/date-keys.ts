import { localDateIn } from './day-model.js';

/**
 * Local calendar dates as YYYY-MM-DD keys: they sort as the dates do and compare as strings.
 * Kept apart from the API schemas so a screen can use them without loading the validation.
 */

type CalendarDate = { year: number; month: number; day: number };

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const dateKey = (date: CalendarDate) =>
  `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateKey(instant: Date, timeZone: string): string {
  return dateKey(localDateIn(instant, timeZone));
}

/** The date `offset` calendar days after (or before, when negative) a YYYY-MM-DD date. */
export function shiftDateKey(key: string, offset: number): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, day + offset));
  return dateKey({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

/** Days since 1970-01-01 of a YYYY-MM-DD date, for counting the dates between two. */
export function dayIndex(key: string): number {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}
