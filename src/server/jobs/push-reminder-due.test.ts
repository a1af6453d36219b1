import { describe, expect, it } from 'vitest';
import { dueReminder, previousDate, zonedNow } from './push-reminder-due.js';

const slot = (time: string, timeZone: string, lastSentOn: string | null = null) => ({
  time,
  timeZone,
  lastSentOn,
});
const at = (iso: string) => new Date(iso);

describe('the local wall clock in a stored time zone', () => {
  it('reads the date and minute in zones with unusual offsets', () => {
    expect(zonedNow(at('2026-03-07T03:00:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-03-07',
      minutes: 8 * 60 + 30,
    });
    expect(zonedNow(at('2026-03-07T02:45:00Z'), 'Asia/Kathmandu')).toEqual({
      date: '2026-03-07',
      minutes: 8 * 60 + 30,
    });
    // Chatham is UTC+13:45 in its summer: still the 6th in UTC, already the 7th there.
    expect(zonedNow(at('2026-03-06T18:45:00Z'), 'Pacific/Chatham')).toEqual({
      date: '2026-03-07',
      minutes: 8 * 60 + 30,
    });
  });

  it('steps back over month and year ends', () => {
    expect(previousDate('2026-03-01')).toBe('2026-02-28');
    expect(previousDate('2026-01-01')).toBe('2025-12-31');
  });
});

describe('when a device reminder is due', () => {
  it('is due from the chosen minute for 60 minutes, then not at all', () => {
    const reminder = slot('08:30', 'America/New_York');
    expect(dueReminder(at('2026-03-02T13:29:59Z'), reminder)).toBeNull();
    expect(dueReminder(at('2026-03-02T13:30:00Z'), reminder)).toEqual({
      localDate: '2026-03-02',
      day: 61,
    });
    expect(dueReminder(at('2026-03-02T14:29:59Z'), reminder)).not.toBeNull();
    expect(dueReminder(at('2026-03-02T14:30:00Z'), reminder)).toBeNull();
    expect(dueReminder(at('2026-03-02T08:00:00Z'), reminder)).toBeNull();
  });

  it('is not due again once that local date has been sent', () => {
    const now = at('2026-03-02T13:45:00Z');
    expect(dueReminder(now, slot('08:30', 'America/New_York', '2026-03-02'))).toBeNull();
    expect(dueReminder(now, slot('08:30', 'America/New_York', '2026-03-01'))).toEqual({
      localDate: '2026-03-02',
      day: 61,
    });
  });

  it('keeps a late-evening reminder due just past midnight, for the date it was meant for', () => {
    const reminder = slot('23:30', 'Europe/Berlin');
    // 00:10 in Berlin on 3 March is 23:10 UTC on 2 March.
    expect(dueReminder(at('2026-03-02T23:10:00Z'), reminder)).toEqual({
      localDate: '2026-03-02',
      day: 61,
    });
    expect(dueReminder(at('2026-03-02T23:10:00Z'), { ...reminder, lastSentOn: '2026-03-02' })).toBe(
      null,
    );
  });

  it('sends a reminder that falls in the skipped spring-forward hour once the clock jumps', () => {
    // New York skips 02:00-03:00 on 8 March 2026; 03:00 EDT is 07:00 UTC.
    const reminder = slot('02:30', 'America/New_York');
    expect(dueReminder(at('2026-03-08T06:59:00Z'), reminder)).toBeNull();
    expect(dueReminder(at('2026-03-08T07:00:00Z'), reminder)).toEqual({
      localDate: '2026-03-08',
      day: 67,
    });
  });

  it('sends once in the repeated autumn hour', () => {
    // 01:30 happens twice in New York on 1 November 2026 (05:30 and 06:30 UTC).
    const reminder = slot('01:30', 'America/New_York');
    const first = dueReminder(at('2026-11-01T05:30:00Z'), reminder);
    expect(first?.localDate).toBe('2026-11-01');
    expect(
      dueReminder(at('2026-11-01T06:30:00Z'), { ...reminder, lastSentOn: first!.localDate }),
    ).toBeNull();
  });

  it('names the reading day of the local date, not the UTC one', () => {
    // 09:00 on 1 January in Auckland is still 31 December in UTC.
    expect(dueReminder(at('2025-12-31T20:00:00Z'), slot('09:00', 'Pacific/Auckland'))).toEqual({
      localDate: '2026-01-01',
      day: 1,
    });
  });
});
