import { readingDayForDate } from '#shared/day-model';

/**
 * A reminder missed at its minute (the app was down) is still sent within this long after it,
 * never later: a reminder for 08:30 must not arrive at 3 a.m.
 */
export const PUSH_CATCH_UP_MINUTES = 60;

const MINUTES_PER_DAY = 24 * 60;

export interface ZonedNow {
  /** The local calendar date, YYYY-MM-DD. */
  date: string;
  /** Minutes since local midnight, by the wall clock. */
  minutes: number;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** Each zone's formatter, built once: each tick of the scheduler reads every device's zone. */
function wallClockFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // Zones come from devices; the few hundred real ones fit, anything past that starts over.
    if (wallClockFormats.size >= 500) wallClockFormats.clear();
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock date and minute of `instant` in the IANA zone `timeZone`. */
export function zonedNow(instant: Date, timeZone: string): ZonedNow {
  const parts = wallClockFormatIn(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

/** The calendar date before `date` (YYYY-MM-DD). */
export function previousDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

export interface ReminderSlot {
  /** What a device's reminder is set to. */
  time: string;
  timeZone: string;
  /** The local date its last reminder was for, or null. */
  lastSentOn: string | null;
}

export interface DueReminder {
  /** The local date the reminder belongs to; it is claimed under this date. */
  localDate: string;
  /** The reading day of that date, as the in-page reminder names it. */
  day: number;
}

/**
 * The reminder due at `now`, or null: the local wall clock is at the chosen time or up to
 * 59 minutes past it, and none was sent for that local date. A reminder late in the evening
 * stays due just past midnight, for the date it was meant for.
 */
export function dueReminder(now: Date, slot: ReminderSlot): DueReminder | null {
  const local = zonedNow(now, slot.timeZone);
  let elapsed = local.minutes - minutesOf(slot.time);
  let localDate = local.date;
  if (elapsed < 0) {
    elapsed += MINUTES_PER_DAY;
    localDate = previousDate(local.date);
  }
  if (elapsed >= PUSH_CATCH_UP_MINUTES) return null;
  // A later date already sent means this one's moment has passed for good.
  if (slot.lastSentOn !== null && slot.lastSentOn >= localDate) return null;
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  return { localDate, day: readingDayForDate({ year, month, day }) };
}
