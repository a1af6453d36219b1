import { describe, expect, it } from 'vitest';
import { shiftDateKey } from '#shared/date-keys';
import { JOURNEY_CALENDAR_DAYS } from '#shared/progress-sync';
import {
  calendarCellLabel,
  calendarDescription,
  dayCount,
  monthLabels,
  restDaysSentence,
} from './journey-calendar.js';

/** The server's calendar of the 84 dates up to `today`, oldest first; `reflected` dates marked. */
const calendarUpTo = (today: string, reflected: string[] = []) =>
  Array.from({ length: JOURNEY_CALENDAR_DAYS }, (_, index) => {
    const date = shiftDateKey(today, index - (JOURNEY_CALENDAR_DAYS - 1));
    return { date, reflected: reflected.includes(date), rest: false };
  });

describe('the journey calendar', () => {
  it('reads each date aloud with whether a reflection was saved', () => {
    expect(calendarCellLabel({ date: '2026-11-21', reflected: true, rest: false })).toBe(
      'Nov 21: reflection saved',
    );
    expect(calendarCellLabel({ date: '2026-01-02', reflected: false, rest: false })).toBe(
      'Jan 2: no reflection',
    );
  });

  it('reads a rest day as one, not as a gap', () => {
    expect(calendarCellLabel({ date: '2026-11-22', reflected: false, rest: true })).toBe(
      'Nov 22: rest day, the streak kept',
    );
  });

  it('reads the calendar date itself whatever the time zone of the browser', () => {
    // The first and last dates of a year are where a time-zone slip would show.
    expect(calendarCellLabel({ date: '2026-01-01', reflected: true, rest: false })).toMatch(
      /^Jan 1:/,
    );
    expect(calendarCellLabel({ date: '2025-12-31', reflected: true, rest: false })).toMatch(
      /^Dec 31:/,
    );
  });

  it('counts days in words', () => {
    expect(dayCount(0)).toBe('0 days');
    expect(dayCount(1)).toBe('1 day');
    expect(dayCount(12)).toBe('12 days');
  });

  it('names each month over the column in which it begins', () => {
    // 17 January to 10 April: 1 February is the 16th date, in the third column.
    expect(monthLabels(calendarUpTo('2026-04-10'))).toEqual([
      { column: 2, month: 'Feb' },
      { column: 6, month: 'Mar' },
      { column: 10, month: 'Apr' },
    ]);
    // Across the new year.
    expect(monthLabels(calendarUpTo('2026-02-20')).map((label) => label.month)).toEqual([
      'Dec',
      'Jan',
      'Feb',
    ]);
  });

  it('names the month of the first column too, when the next month begins far enough away', () => {
    // 2 January to 26 March: 1 February falls in the fifth column, room enough for "Jan".
    expect(monthLabels(calendarUpTo('2026-03-26'))).toEqual([
      { column: 0, month: 'Jan' },
      { column: 4, month: 'Feb' },
      { column: 8, month: 'Mar' },
    ]);
    // A month beginning on the first date, or later in the first column, names that column.
    expect(monthLabels(calendarUpTo('2026-04-25'))[0]).toEqual({ column: 0, month: 'Feb' });
    expect(monthLabels(calendarUpTo('2026-04-20'))[0]).toEqual({ column: 0, month: 'Feb' });
  });

  it('never puts two names closer than four columns', () => {
    for (let offset = 0; offset < 366; offset++) {
      const labels = monthLabels(calendarUpTo(shiftDateKey('2026-01-01', offset)));
      expect(labels.length).toBeGreaterThanOrEqual(2);
      labels.slice(1).forEach((label, index) => {
        expect(label.column - labels[index]!.column).toBeGreaterThanOrEqual(4);
      });
    }
  });

  it('describes its span and how many dates have a reflection', () => {
    const calendar = calendarUpTo('2026-04-10', ['2026-04-09', '2026-04-10']);
    expect(calendarDescription(calendar)).toBe(
      'Jan 17 to Apr 10, one column a week, oldest first: a reflection saved on 2 of 84 days.',
    );
  });

  it('counts the rest days in its description', () => {
    const calendar = calendarUpTo('2026-04-10', ['2026-04-08', '2026-04-10']).map((entry) =>
      entry.date === '2026-04-09' ? { ...entry, rest: true } : entry,
    );
    expect(calendarDescription(calendar)).toBe(
      'Jan 17 to Apr 10, one column a week, oldest first: a reflection saved on 2 of 84 days, and 1 rest day.',
    );
  });

  it('says how many rest days are left this week, or from when the next is free', () => {
    expect(restDaysSentence({ currentStreak: 0, restDaysLeft: 1, nextRestDate: null })).toBeNull();
    expect(restDaysSentence({ currentStreak: 3, restDaysLeft: 1, nextRestDate: null })).toBe(
      'Rest days left this week: 1. Your streak keeps through one day without a reflection.',
    );
    expect(
      restDaysSentence({ currentStreak: 3, restDaysLeft: 0, nextRestDate: '2026-11-30' }),
    ).toBe('Rest days left this week: 0. The next rest day is free from Mon, Nov 30.');
  });
});
