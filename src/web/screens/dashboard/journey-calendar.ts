import { format } from 'date-fns';
import type { JourneyCalendarDate } from '#shared/progress-sync';
import { calendarDate } from '../../lib/calendar-dates.js';

/**
 * How a calendar cell reads aloud: "Nov 21: reflection saved", "Nov 21: rest day, the streak
 * kept" or "Nov 21: no reflection".
 */
export function calendarCellLabel(entry: JourneyCalendarDate): string {
  const date = calendarDate(entry.date);
  const day = date ? format(date, 'MMM d') : entry.date;
  const what = entry.reflected
    ? 'reflection saved'
    : entry.rest
      ? 'rest day, the streak kept'
      : 'no reflection';
  return `${day}: ${what}`;
}

/**
 * What the journey card says of rest days: how many the streak may still take this week, or
 * from when it may rest again. Nothing while there is no streak to keep.
 */
export function restDaysSentence(journey: {
  currentStreak: number;
  restDaysLeft: number;
  nextRestDate: string | null;
}): string | null {
  if (journey.currentStreak === 0) return null;
  if (journey.restDaysLeft > 0) {
    return 'Rest days left this week: 1. Your streak keeps through one day without a reflection.';
  }
  const date = journey.nextRestDate ? calendarDate(journey.nextRestDate) : null;
  return date
    ? `Rest days left this week: 0. The next rest day is free from ${format(date, 'EEE, MMM d')}.`
    : 'Rest days left this week: 0.';
}

/** Dates per column of the calendar: each column is a week, oldest first, today last. */
export const DAYS_PER_COLUMN = 7;

/**
 * Columns a month name needs to itself before the next one: a month starts at least 4 columns
 * after the one before, so a name never runs into the next even when text is set large.
 */
const COLUMNS_PER_NAME = 4;

/** A short month name over the calendar column (counted from 0) it names. */
export interface MonthLabel {
  column: number;
  month: string;
}

/**
 * The month names over the calendar's columns: "Mar" over the column in which 1 March falls,
 * and so on. The first column also names the month it opens in, so the oldest weeks have a
 * name too, unless the next month begins too close to leave room for both.
 */
export function monthLabels(calendar: readonly JourneyCalendarDate[]): MonthLabel[] {
  const labels: MonthLabel[] = [];
  calendar.forEach((entry, index) => {
    const date = calendarDate(entry.date);
    const column = Math.floor(index / DAYS_PER_COLUMN);
    if (!date || (index > 0 && date.getDate() !== 1)) return;
    if (labels.at(-1)?.column === column) labels.pop();
    labels.push({ column, month: format(date, 'MMM') });
  });
  const [first, next] = labels;
  if (first && next && first.column === 0 && next.column < COLUMNS_PER_NAME) labels.shift();
  return labels;
}

/**
 * What the calendar shows, read as its description: its span and how many of its dates
 * have a reflection ("Jan 17 to Apr 10, one column a week, oldest first: ...").
 */
export function calendarDescription(calendar: readonly JourneyCalendarDate[]): string {
  const dayOf = (entry: JourneyCalendarDate | undefined) => {
    const date = entry && calendarDate(entry.date);
    return date ? format(date, 'MMM d') : '';
  };
  const reflected = calendar.filter((entry) => entry.reflected).length;
  const rests = calendar.filter((entry) => entry.rest).length;
  return (
    `${dayOf(calendar[0])} to ${dayOf(calendar.at(-1))}, one column a week, oldest first: ` +
    `a reflection saved on ${reflected} of ${calendar.length} days` +
    (rests > 0 ? `, and ${rests} ${rests === 1 ? 'rest day' : 'rest days'}.` : '.')
  );
}

/** "1 day" or "N days". */
export function dayCount(count: number): string {
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}
