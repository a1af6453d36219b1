import { describe, expect, it } from 'vitest';
import {
  defaultNotificationSettings,
  isReminderDue,
  isReminderTime,
  localClockTime,
  localDateKey,
  parseNotificationSettings,
  reminderDay,
  reminderMessage,
} from './reminder-schedule.js';

// Dates are built from local parts, so these hold in any time zone.
const at = (month: number, day: number, hours: number, minutes: number) =>
  new Date(2026, month - 1, day, hours, minutes, 15);

describe('reading the stored reminder settings', () => {
  it('is off at 08:30 when nothing is stored or the value is not JSON', () => {
    expect(parseNotificationSettings(null)).toEqual({
      enabled: false,
      time: '08:30',
      lastShown: null,
    });
    expect(parseNotificationSettings('not json')).toEqual(defaultNotificationSettings);
    expect(parseNotificationSettings('42')).toEqual(defaultNotificationSettings);
  });

  it('keeps valid fields and replaces malformed ones', () => {
    expect(
      parseNotificationSettings('{"enabled":true,"time":"21:05","lastShown":"2026-03-01"}'),
    ).toEqual({ enabled: true, time: '21:05', lastShown: '2026-03-01' });
    expect(parseNotificationSettings('{"enabled":"yes","time":"25:00","lastShown":7}')).toEqual(
      defaultNotificationSettings,
    );
  });

  it('accepts only 24-hour HH:MM times', () => {
    expect(isReminderTime('00:00')).toBe(true);
    expect(isReminderTime('23:59')).toBe(true);
    expect(isReminderTime('24:00')).toBe(false);
    expect(isReminderTime('8:30')).toBe(false);
    expect(isReminderTime('')).toBe(false);
  });
});

describe('when the reminder is due', () => {
  const on = { enabled: true, time: '08:30', lastShown: null };

  it('formats the local date and clock time', () => {
    expect(localDateKey(at(3, 7, 8, 30))).toBe('2026-03-07');
    expect(localClockTime(at(3, 7, 8, 5))).toBe('08:05');
  });

  it('is due in the minute of the set time, once a day', () => {
    expect(isReminderDue(at(3, 7, 8, 30), on)).toBe(true);
    expect(isReminderDue(at(3, 7, 8, 29), on)).toBe(false);
    expect(isReminderDue(at(3, 7, 8, 31), on)).toBe(false);
    expect(isReminderDue(at(3, 7, 8, 30), { ...on, lastShown: '2026-03-07' })).toBe(false);
    expect(isReminderDue(at(3, 8, 8, 30), { ...on, lastShown: '2026-03-07' })).toBe(true);
  });

  it('is never due while the reminder is off', () => {
    expect(isReminderDue(at(3, 7, 8, 30), { ...on, enabled: false })).toBe(false);
  });
});

describe('the reminder text', () => {
  it('names the day of the year, cycling through 1..241', () => {
    expect(reminderDay(at(1, 1, 9, 0))).toBe(1);
    expect(reminderDay(at(8, 29, 9, 0))).toBe(241);
    expect(reminderDay(at(8, 30, 9, 0))).toBe(1);
    expect(reminderMessage(12)).toEqual({
      title: 'Daily Gatha Reminder',
      body: "Time for today's reflection - Day 12 of the Gathas awaits you.",
    });
  });
});
