import { describe, expect, it } from 'vitest';
import { currentReadingDay } from './day-model.js';
import { paceSchema } from './auth-schemas.js';
import { localDateString, ownPathDay, readerCurrentDay } from './reading-pace.js';

describe('ownPathDay', () => {
  it('is day 1 on the date the path began and one more each local date after', () => {
    expect(ownPathDay('2026-04-10', '2026-04-10')).toBe(1);
    expect(ownPathDay('2026-04-10', '2026-04-11')).toBe(2);
    expect(ownPathDay('2026-04-10', '2026-05-10')).toBe(31);
  });

  it('counts across the end of a year and a leap day', () => {
    expect(ownPathDay('2026-12-31', '2027-01-01')).toBe(2);
    expect(ownPathDay('2027-12-30', '2028-03-01')).toBe(63);
  });

  it('starts the cycle again after day 241', () => {
    expect(ownPathDay('2026-01-01', '2026-08-29')).toBe(241);
    expect(ownPathDay('2026-01-01', '2026-08-30')).toBe(1);
    expect(ownPathDay('2026-01-01', '2026-08-31')).toBe(2);
  });

  it('never goes below day 1 when a device clock is behind the start', () => {
    expect(ownPathDay('2026-04-10', '2026-04-09')).toBe(1);
  });
});

describe('readerCurrentDay', () => {
  const own = { pace: 'own' as const, paceStartedOn: '2026-03-07' };

  it('moves an own path at local midnight, on a date when the clocks change', () => {
    // Europe/London moves to summer time at 01:00 UTC on 29 March 2026: a 23-hour day.
    const zone = 'Europe/London';
    expect(readerCurrentDay(own, new Date('2026-03-28T23:59:00Z'), zone)).toBe(22);
    expect(readerCurrentDay(own, new Date('2026-03-29T00:00:00Z'), zone)).toBe(23);
    expect(readerCurrentDay(own, new Date('2026-03-29T22:59:00Z'), zone)).toBe(23);
    expect(readerCurrentDay(own, new Date('2026-03-29T23:00:00Z'), zone)).toBe(24);
  });

  it('counts the local date of the reader’s zone, not UTC', () => {
    const instant = new Date('2026-03-08T03:00:00Z');
    expect(readerCurrentDay(own, instant, 'UTC')).toBe(2);
    expect(readerCurrentDay(own, instant, 'America/Los_Angeles')).toBe(1);
  });

  it('is the calendar day for a reader reading with everyone, or signed out', () => {
    const instant = new Date('2026-04-10T12:00:00Z');
    const together = { pace: 'together' as const, paceStartedOn: null };
    expect(readerCurrentDay(together, instant, 'UTC')).toBe(100);
    expect(readerCurrentDay(null, instant, 'UTC')).toBe(currentReadingDay(instant, 'UTC'));
  });
});

describe('localDateString', () => {
  it('writes the zone’s date with padded month and day', () => {
    expect(localDateString(new Date('2026-01-01T02:00:00Z'), 'America/New_York')).toBe(
      '2025-12-31',
    );
    expect(localDateString(new Date('2026-02-03T12:00:00Z'), 'Asia/Tehran')).toBe('2026-02-03');
  });
});

describe('paceSchema', () => {
  it('takes the two paces and names them when refusing anything else', () => {
    expect(paceSchema.parse('own')).toBe('own');
    const refused = paceSchema.safeParse('fast');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/"together".*"own"/);
  });
});
