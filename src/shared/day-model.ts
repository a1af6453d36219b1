import { TOTAL_DAYS } from './constants.js';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Zones whose formatter is kept; the zone often comes from a client, so the set is bounded. */
const keptZones = 500;

/**
 * The calendar-date formatter of a zone. Building one takes tens of microseconds, far more than
 * using it, and every request that needs today's date needs one, so each zone's is kept.
 * Throws a RangeError for a zone this runtime does not know.
 */
function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    if (dateFormats.size >= keptZones) dateFormats.clear();
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    dateFormatIn(zone);
    return true;
  } catch {
    return false;
  }
}

type CalendarDate = { year: number; month: number; day: number };

/**
 * Each zone's date as last asked for, by the minute it was asked in: a zone's date changes only
 * on a whole minute (every offset in use is whole minutes), and nearly every request asks for
 * today's, so most calls skip the formatter.
 */
const lastDates = new Map<string, { minute: number; date: CalendarDate }>();

/** The calendar date (year, month 1-12, day) of `instant` in `timeZone`. */
export function localDateIn(instant: Date, timeZone: string): CalendarDate {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDates.get(timeZone);
  if (last?.minute === minute) return { ...last.date };
  const parts = dateFormatIn(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const date = { year: get('year'), month: get('month'), day: get('day') };
  if (lastDates.size >= keptZones) lastDates.clear();
  lastDates.set(timeZone, { minute, date });
  return { ...date };
}

/** 1 January is 1. */
export function dayOfYear(date: { year: number; month: number; day: number }): number {
  const start = Date.UTC(date.year, 0, 1);
  const current = Date.UTC(date.year, date.month - 1, date.day);
  return Math.round((current - start) / 86_400_000) + 1;
}

/** The reading of a calendar date: 1 January is day 1, cycling through 1..241. */
export function readingDayForDate(date: { year: number; month: number; day: number }): number {
  return ((dayOfYear(date) - 1) % TOTAL_DAYS) + 1;
}

/** Today's reading day for everyone whose calendar is in `timeZone`. */
export function currentReadingDay(instant: Date, timeZone: string): number {
  return readingDayForDate(localDateIn(instant, timeZone));
}

/** The widest offsets from UTC any calendar keeps: UTC-12 (Baker Island) to UTC+14 (Kiritimati). */
const EARLIEST_OFFSET_HOURS = -12;
const LATEST_OFFSET_HOURS = 14;

/**
 * Whether `day` may be read in every time zone at `instant`: what a shared cache may keep for
 * anyone. The dates of all zones run from UTC-12's to UTC+14's, and every one of them is some
 * whole-hour offset's date, so the lowest current day among those offsets is the one that
 * counts (usually UTC-12's; across the cycle's new year, the zones already on day 1).
 */
export function dayOpenEverywhere(day: number, instant: Date): boolean {
  return dayAccess(day, lowestDayAnywhere(instant)).kind === 'readable';
}

/** The lowest current day of any zone, as last worked out, by the hour it holds for. */
let lastLowest = { hour: Number.NaN, day: 0 };

/**
 * The lowest current day among the whole-hour offsets: every offset's date changes on a whole
 * hour of UTC, so it holds for the hour, and the share images and day pages ask it on every
 * request.
 */
function lowestDayAnywhere(instant: Date): number {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  if (lastLowest.hour === hour) return lastLowest.day;
  let lowest = TOTAL_DAYS;
  for (let hours = EARLIEST_OFFSET_HOURS; hours <= LATEST_OFFSET_HOURS; hours += 1) {
    const there = new Date(instant.getTime() + hours * 3_600_000);
    const date = {
      year: there.getUTCFullYear(),
      month: there.getUTCMonth() + 1,
      day: there.getUTCDate(),
    };
    lowest = Math.min(lowest, readingDayForDate(date));
  }
  lastLowest = { hour, day: lowest };
  return lowest;
}

export type DayAccess =
  { kind: 'readable' } | { kind: 'future'; currentDay: number } | { kind: 'not_found' };

/** Whether a requested day may be read today (docs/product.md#the-day-model). */
export function dayAccess(day: number, currentDay: number): DayAccess {
  if (!Number.isInteger(day) || day < 1 || day > TOTAL_DAYS) return { kind: 'not_found' };
  if (day > currentDay) return { kind: 'future', currentDay };
  return { kind: 'readable' };
}
