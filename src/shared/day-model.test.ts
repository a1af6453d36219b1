import { describe, expect, it } from 'vitest';
import {
  currentReadingDay,
  dayAccess,
  dayOfYear,
  isValidTimeZone,
  readingDayForDate,
} from './day-model.js';

describe('the reading day of a date', () => {
  it('makes 1 January day 1 and counts on from there', () => {
    expect(readingDayForDate({ year: 2026, month: 1, day: 1 })).toBe(1);
    expect(readingDayForDate({ year: 2026, month: 2, day: 1 })).toBe(32);
    expect(readingDayForDate({ year: 2026, month: 3, day: 1 })).toBe(60);
  });

  it('wraps to day 1 after day 241 and cycles through the rest of the year', () => {
    // 29 August 2026 is day 241 of the year; 30 August starts again at 1.
    expect(dayOfYear({ year: 2026, month: 8, day: 29 })).toBe(241);
    expect(readingDayForDate({ year: 2026, month: 8, day: 29 })).toBe(241);
    expect(readingDayForDate({ year: 2026, month: 8, day: 30 })).toBe(1);
    expect(readingDayForDate({ year: 2026, month: 12, day: 31 })).toBe(365 - 241);
    expect(readingDayForDate({ year: 2028, month: 12, day: 31 })).toBe(366 - 241);
  });

  it('counts 29 February in a leap year', () => {
    expect(readingDayForDate({ year: 2028, month: 3, day: 1 })).toBe(61);
    expect(readingDayForDate({ year: 2027, month: 3, day: 1 })).toBe(60);
  });

  it('uses the calendar date of the given time zone', () => {
    const instant = new Date('2026-12-31T20:00:00Z');
    expect(currentReadingDay(instant, 'UTC')).toBe(365 - 241);
    // Already 1 January in Tokyo.
    expect(currentReadingDay(instant, 'Asia/Tokyo')).toBe(1);
    // Still 31 December in Los Angeles.
    expect(currentReadingDay(new Date('2027-01-01T05:00:00Z'), 'America/Los_Angeles')).toBe(
      365 - 241,
    );
    expect(currentReadingDay(new Date('2027-01-01T05:00:00Z'), 'UTC')).toBe(1);
  });

  it('knows real time zones from made-up ones', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('which days may be read', () => {
  it('opens days 1 to today, marks later days as future, and rejects the rest', () => {
    expect(dayAccess(1, 60)).toEqual({ kind: 'readable' });
    expect(dayAccess(60, 60)).toEqual({ kind: 'readable' });
    expect(dayAccess(61, 60)).toEqual({ kind: 'future', currentDay: 60 });
    expect(dayAccess(241, 60)).toEqual({ kind: 'future', currentDay: 60 });
    expect(dayAccess(242, 60)).toEqual({ kind: 'not_found' });
    expect(dayAccess(0, 60)).toEqual({ kind: 'not_found' });
    expect(dayAccess(2.5, 60)).toEqual({ kind: 'not_found' });
  });
});
