import { describe, expect, it } from 'vitest';
import {
  currentReadingDay,
  dayAccess,
  dayOpenEverywhere,
  dayOfYear,
  isValidTimeZone,
  localDateIn,
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

  it('turns to the next date on the minute it begins, asked again and again', () => {
    // Kathmandu keeps UTC+05:45: its midnight falls at 18:15 UTC.
    const zone = 'Asia/Kathmandu';
    expect(localDateIn(new Date('2026-03-01T18:14:00Z'), zone)).toEqual({
      year: 2026,
      month: 3,
      day: 1,
    });
    expect(localDateIn(new Date('2026-03-01T18:14:59.999Z'), zone).day).toBe(1);
    expect(localDateIn(new Date('2026-03-01T18:15:00Z'), zone).day).toBe(2);
    expect(localDateIn(new Date('2026-03-01T18:14:30Z'), zone).day).toBe(1);
    // What one caller does with its answer is not what the next is told.
    const answer = localDateIn(new Date('2026-03-01T18:15:00Z'), zone);
    answer.day = 31;
    expect(localDateIn(new Date('2026-03-01T18:15:00Z'), zone).day).toBe(2);
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

describe('a day open in every time zone', () => {
  it('is one the earliest zone (UTC-12) has reached, whatever the later zones show', () => {
    // Noon UTC on 1 March: UTC-12 has just begun 1 March (day 60); UTC+14 is on 2 March.
    const noon = new Date('2026-03-01T12:00:00Z');
    expect(currentReadingDay(noon, 'Pacific/Kiritimati')).toBe(61);
    expect(dayOpenEverywhere(59, noon)).toBe(true);
    expect(dayOpenEverywhere(60, noon)).toBe(true);
    expect(dayOpenEverywhere(61, noon)).toBe(false);
    // An hour earlier UTC-12 is still on 28 February: day 60 is open in London, not there.
    const eleven = new Date('2026-03-01T11:00:00Z');
    expect(currentReadingDay(eleven, 'UTC')).toBe(60);
    expect(dayOpenEverywhere(60, eleven)).toBe(false);
    expect(dayOpenEverywhere(59, eleven)).toBe(true);
  });

  it('follows the zones already on day 1 when the cycle begins again', () => {
    // 1 January 00:30 UTC: UTC+1 and later are on day 1; UTC-12 is on 31 December (day 124).
    const newYear = new Date('2027-01-01T00:30:00Z');
    expect(currentReadingDay(newYear, 'Etc/GMT+12')).toBe(124);
    expect(dayOpenEverywhere(1, newYear)).toBe(true);
    expect(dayOpenEverywhere(2, newYear)).toBe(false);
    expect(dayOpenEverywhere(124, newYear)).toBe(false);
  });

  it('never holds for a day outside 1..241', () => {
    const noon = new Date('2026-03-01T12:00:00Z');
    expect(dayOpenEverywhere(0, noon)).toBe(false);
    expect(dayOpenEverywhere(242, noon)).toBe(false);
  });
});
