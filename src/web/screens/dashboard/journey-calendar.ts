import { format } from 'date-fns';
import type { JourneyCalendarDate } from '#shared/progress-sync';

/** A YYYY-MM-DD date as a local calendar date, untouched by the browser's time zone. */
function calendarDate(key: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** How a calendar cell reads aloud: "Nov 21: reflection saved" or "Nov 21: no reflection". */
export function calendarCellLabel(entry: JourneyCalendarDate): string {
  const date = calendarDate(entry.date);
  const day = date ? format(date, 'MMM d') : entry.date;
  return `${day}: ${entry.reflected ? 'reflection saved' : 'no reflection'}`;
}

/** "1 day" or "N days". */
export function dayCount(count: number): string {
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}
