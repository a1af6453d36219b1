import { describe, expect, it } from 'vitest';
import { calendarCellLabel, dayCount } from './journey-calendar.js';

describe('the journey calendar', () => {
  it('reads each date aloud with whether a reflection was saved', () => {
    expect(calendarCellLabel({ date: '2026-11-21', reflected: true })).toBe(
      'Nov 21: reflection saved',
    );
    expect(calendarCellLabel({ date: '2026-01-02', reflected: false })).toBe(
      'Jan 2: no reflection',
    );
  });

  it('reads the calendar date itself whatever the time zone of the browser', () => {
    // The first and last dates of a year are where a time-zone slip would show.
    expect(calendarCellLabel({ date: '2026-01-01', reflected: true })).toMatch(/^Jan 1:/);
    expect(calendarCellLabel({ date: '2025-12-31', reflected: true })).toMatch(/^Dec 31:/);
  });

  it('counts days in words', () => {
    expect(dayCount(0)).toBe('0 days');
    expect(dayCount(1)).toBe('1 day');
    expect(dayCount(12)).toBe('12 days');
  });
});
