import { format } from 'date-fns';

/** A YYYY-MM-DD date as a local calendar date, untouched by the browser's time zone. */
export function calendarDate(key: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** A YYYY-MM-DD date in a date-fns pattern ("MMM d, yyyy" → "Jan 1, 2026"); unparsed, itself. */
export function formatCalendarDate(key: string, pattern = 'MMM d, yyyy'): string {
  const date = calendarDate(key);
  return date ? format(date, pattern) : key;
}
