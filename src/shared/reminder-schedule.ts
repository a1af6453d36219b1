import { readingDayForDate } from './day-model.js';

/** localStorage key of the reminder settings (docs/product.md#the-screens). */
export const NOTIFICATION_SETTINGS_KEY = 'gatha_notification_settings';
export const DEFAULT_REMINDER_TIME = '08:30';
/** How often the open app looks at the clock, and how long a reminder stays up. */
export const REMINDER_CHECK_INTERVAL_MS = 60_000;
export const REMINDER_AUTO_CLOSE_MS = 10_000;

export interface NotificationSettings {
  enabled: boolean;
  /** HH:MM in the reader's local time. */
  time: string;
  /** The local date (YYYY-MM-DD) a reminder was last shown, so there is at most one a day. */
  lastShown: string | null;
}

export const defaultNotificationSettings: NotificationSettings = {
  enabled: false,
  time: DEFAULT_REMINDER_TIME,
  lastShown: null,
};

/** A 24-hour HH:MM, as a time input gives it. */
export function isReminderTime(value: unknown): value is string {
  return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** Reads stored settings; anything missing or malformed falls back to the defaults. */
export function parseNotificationSettings(raw: string | null): NotificationSettings {
  if (!raw) return defaultNotificationSettings;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return defaultNotificationSettings;
  }
  if (!value || typeof value !== 'object') return defaultNotificationSettings;
  const stored = value as Record<string, unknown>;
  return {
    enabled: stored.enabled === true,
    time: isReminderTime(stored.time) ? stored.time : DEFAULT_REMINDER_TIME,
    lastShown: typeof stored.lastShown === 'string' ? stored.lastShown : null,
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of `now` as YYYY-MM-DD. */
export function localDateKey(now: Date): string {
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

/** The local wall-clock time of `now` as HH:MM. */
export function localClockTime(now: Date): string {
  return `${twoDigits(now.getHours())}:${twoDigits(now.getMinutes())}`;
}

/** True when the reminder is on, the clock shows its time, and none was shown today. */
export function isReminderDue(now: Date, settings: NotificationSettings): boolean {
  return (
    settings.enabled &&
    localClockTime(now) === settings.time &&
    settings.lastShown !== localDateKey(now)
  );
}

/** Today's reading day on the reader's calendar: the day of the year, cycling 1..241. */
export function reminderDay(now: Date): number {
  return readingDayForDate({
    year: now.getFullYear(),
    month: now.getMonth() + 1,
    day: now.getDate(),
  });
}

export function reminderMessage(day: number): { title: string; body: string } {
  return {
    title: 'Daily Gatha Reminder',
    body: `Time for today's reflection - Day ${day} of the Gathas awaits you.`,
  };
}
