import { z } from 'zod';
import { TOTAL_DAYS } from './constants.js';
import { dayIndex, localDateKey, shiftDateKey } from './date-keys.js';
import { completedDays, nextStanza, type ProgressRecord } from './progress.js';

/** The number of local dates the journey calendar shows: the last 12 weeks. */
export const JOURNEY_CALENDAR_DAYS = 84;
/**
 * Upper bound of lastReadDay, currentStanza and totalDays in a record sent for merging: an older
 * client's record (total 293) is still taken, and its positions are read as at most 241.
 */
export const PROGRESS_POSITION_MAX = 1000;

/** One day of a signed-in person's progress as the server keeps it. */
export const progressDaySchema = z.object({
  dayNumber: z.int(),
  read: z.boolean(),
  gathaViewed: z.boolean(),
  explanationViewed: z.boolean(),
  reflectionSaved: z.boolean(),
});
export type ProgressDay = z.infer<typeof progressDaySchema>;

export const journeyCalendarDateSchema = z.object({
  /** A local calendar date, YYYY-MM-DD. */
  date: z.string(),
  reflected: z.boolean(),
  /** A date without a reflection that a streak kept through (see `computeJourney`). */
  rest: z.boolean(),
});
export type JourneyCalendarDate = z.infer<typeof journeyCalendarDateSchema>;

export const journeySchema = z.object({
  /** Counted by `completedDays`, as the daily screen counts them. */
  daysCompleted: z.int(),
  /** Dates with a reflection in the streak that runs through today or yesterday. */
  currentStreak: z.int(),
  longestStreak: z.int(),
  /** Rest days the current streak may still take in the seven dates ending today: 0 or 1. */
  restDaysLeft: z.int(),
  /** While none is left, the first date on which the streak may rest again (YYYY-MM-DD). */
  nextRestDate: z.string().nullable(),
  /** The 84 local dates ending today, oldest first. */
  calendar: z.array(journeyCalendarDateSchema),
  /** The 7 local dates ending today, oldest first, each with the days completed on it. */
  week: z.array(z.object({ date: z.string(), daysRead: z.array(z.int()) })),
});
export type Journey = z.infer<typeof journeySchema>;

/** `GET /api/progress`. */
export const progressResponseSchema = z.object({
  days: z.array(progressDaySchema),
  journey: journeySchema,
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

const dayNumbers = z.array(z.int());
/** A progress record as the server answers it (the cookie's shape, see ProgressRecord). */
const progressRecordSchema = z.object({
  lastReadDay: z.int(),
  readDays: dayNumbers,
  totalDays: z.int(),
  gathaViewed: dayNumbers,
  explanationViewed: dayNumbers,
  reflectionSaved: dayNumbers,
  currentStanza: z.int(),
}) satisfies z.ZodType<ProgressRecord>;

/** `POST /api/progress/merge`: the merged record, to be written back to the cookie. */
export const progressMergeResponseSchema = z.object({ progress: progressRecordSchema });
export type ProgressMergeResponse = z.infer<typeof progressMergeResponseSchema>;

/** `PUT /api/progress/days/:day`. */
export const progressDayResponseSchema = z.object({ day: progressDaySchema });
export type ProgressDayResponse = z.infer<typeof progressDayResponseSchema>;

const dayMessage = `Day must be a whole number from 1 to ${TOTAL_DAYS}`;
const progressDayNumber = z
  .number({ error: dayMessage })
  .int({ error: dayMessage })
  .min(1, { error: dayMessage })
  .max(TOTAL_DAYS, { error: dayMessage });

const dayList = (label: string) =>
  z
    .array(progressDayNumber, { error: `${label} must be a list of days` })
    .max(TOTAL_DAYS, { error: `${label} may hold at most ${TOTAL_DAYS} days` })
    .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const position = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number from 1 to ${PROGRESS_POSITION_MAX}` })
    .min(1, { error: `${label} must be a whole number from 1 to ${PROGRESS_POSITION_MAX}` })
    .max(PROGRESS_POSITION_MAX, {
      error: `${label} must be a whole number from 1 to ${PROGRESS_POSITION_MAX}`,
    });

/** The local progress record (gatha-progress cookie) as `POST /api/progress/merge` takes it. */
export const localProgressSchema = z.object({
  lastReadDay: position('lastReadDay'),
  readDays: dayList('readDays'),
  totalDays: position('totalDays'),
  gathaViewed: dayList('gathaViewed'),
  explanationViewed: dayList('explanationViewed'),
  reflectionSaved: dayList('reflectionSaved'),
  currentStanza: position('currentStanza'),
});

/** `PUT /api/progress/days/:day`: flags to set; a flag is never cleared. */
export const progressDayUpdateSchema = z
  .object({
    read: z.literal(true, { error: 'read can only be set to true' }).optional(),
    gathaViewed: z.literal(true, { error: 'gathaViewed can only be set to true' }).optional(),
    explanationViewed: z
      .literal(true, { error: 'explanationViewed can only be set to true' })
      .optional(),
    reflectionSaved: z
      .literal(true, { error: 'reflectionSaved can only be set to true' })
      .optional(),
  })
  .refine((value) => Object.values(value).some(Boolean), {
    error: 'Nothing to update: send read, gathaViewed, explanationViewed or reflectionSaved',
  });
export type ProgressDayUpdate = z.infer<typeof progressDayUpdateSchema>;

const union = (a: readonly number[], b: readonly number[]) =>
  [...new Set([...a, ...b])].sort((x, y) => x - y);

/** The larger of two positions, never past the last day (an older client may send more). */
const laterPosition = (a: number, b: number) => Math.min(Math.max(a, b), TOTAL_DAYS);

/**
 * Merges two progress records so that nothing is lost: every list is the union, lastReadDay
 * and currentStanza the larger of the two (at most 241), and the total the one total, 241.
 */
export function mergeProgress(local: ProgressRecord, other: ProgressRecord): ProgressRecord {
  return {
    lastReadDay: laterPosition(local.lastReadDay, other.lastReadDay),
    readDays: union(local.readDays, other.readDays),
    totalDays: TOTAL_DAYS,
    gathaViewed: union(local.gathaViewed, other.gathaViewed),
    explanationViewed: union(local.explanationViewed, other.explanationViewed),
    reflectionSaved: union(local.reflectionSaved, other.reflectionSaved),
    currentStanza: laterPosition(local.currentStanza, other.currentStanza),
  };
}

/** The server's days as a progress record: lists from the flags, positions derived from them. */
export function progressRecordFromDays(days: readonly ProgressDay[]): ProgressRecord {
  const pick = (flag: keyof Omit<ProgressDay, 'dayNumber'>) =>
    days
      .filter((day) => day[flag])
      .map((day) => day.dayNumber)
      .sort((a, b) => a - b);
  const record: ProgressRecord = {
    lastReadDay: 1,
    readDays: pick('read'),
    totalDays: TOTAL_DAYS,
    gathaViewed: pick('gathaViewed'),
    explanationViewed: pick('explanationViewed'),
    reflectionSaved: pick('reflectionSaved'),
    currentStanza: 1,
  };
  // As if each stanza had been completed in order: the first one not yet complete is current.
  const currentStanza = nextStanza(record, 0);
  const lastReadDay = Math.max(1, currentStanza, ...record.readDays);
  return { ...record, currentStanza, lastReadDay };
}

/** The record's lists as one entry per day that has any flag set, ordered by day. */
export function progressDaysFromRecord(record: ProgressRecord): ProgressDay[] {
  const numbers = union(
    union(record.readDays, record.gathaViewed),
    union(record.explanationViewed, record.reflectionSaved),
  );
  return numbers.map((dayNumber) => ({
    dayNumber,
    read: record.readDays.includes(dayNumber),
    gathaViewed: record.gathaViewed.includes(dayNumber),
    explanationViewed: record.explanationViewed.includes(dayNumber),
    reflectionSaved: record.reflectionSaved.includes(dayNumber),
  }));
}

export interface JourneyInput {
  days: readonly ProgressDay[];
  /** When each reflection was first saved (ISO instants); days without a known time are left out. */
  reflectionSavedAt: readonly string[];
  /** When each day first became complete; days without a known time are left out. */
  completedAt?: ReadonlyArray<{ dayNumber: number; at: string }>;
  now: Date;
  /** The IANA zone whose calendar decides dates and "today". */
  timeZone: string;
}

/** The dashboard's look back: the week ending today. */
export const LOOK_BACK_DAYS = 7;

/** A streak may rest on one date in any seven: after a rest, the next is 7 dates later. */
export const REST_DAY_SPACING = 7;

/**
 * Streaks of local dates with a first-saved reflection, kept through rest days
 * (docs/decisions/018-rest-days-look-back-and-comfort.md): a single date without one, when no
 * other rest lies in the six dates before it, keeps the streak; a second such date within seven,
 * or two in a row, ends it. A streak counts its dates with a reflection. The current streak runs
 * through today, or through yesterday while today has no reflection yet (today is never a rest
 * until it is over). Linear in the number of dates with a reflection.
 */
export function reflectionStreaks(reflectedDates: ReadonlySet<string>, today: string) {
  const todayIndex = dayIndex(today);
  const rests = new Set<string>();
  let run = 0;
  let longest = 0;
  let lastRest: number | null = null;
  let previous: number | null = null;
  /** Takes the one missed date before `index` as a rest when the streak may rest; else ends it. */
  const restOrEnd = (missed: number) => {
    if (run > 0 && (lastRest === null || missed - lastRest >= REST_DAY_SPACING)) {
      lastRest = missed;
      rests.add(shiftDateKey(today, missed - todayIndex));
    } else {
      run = 0;
      lastRest = null;
    }
  };
  for (const date of [...reflectedDates].sort()) {
    const index = dayIndex(date);
    if (index > todayIndex) break;
    const gap = previous === null ? Infinity : index - previous - 1;
    if (gap === 1) restOrEnd(index - 1);
    else if (gap > 1) {
      run = 0;
      lastRest = null;
    }
    run += 1;
    longest = Math.max(longest, run);
    previous = index;
  }
  // The dates after the last reflection, up to yesterday: none, one rest, or the end.
  const missedSince = previous === null ? Infinity : todayIndex - previous - 1;
  if (missedSince === 1) restOrEnd(todayIndex - 1);
  else if (missedSince > 1) run = 0;
  // A rest the streak took and then ended after is a gap, not a rest.
  const keptRests = new Set(
    [...rests].filter((date) => {
      const index = dayIndex(date);
      return reflectedDates.has(shiftDateKey(date, 1)) || (run > 0 && index === todayIndex - 1);
    }),
  );
  const restFree = run === 0 || lastRest === null || todayIndex - lastRest >= REST_DAY_SPACING;
  return {
    currentStreak: run,
    longestStreak: longest,
    rests: keptRests,
    restDaysLeft: restFree ? 1 : 0,
    nextRestDate:
      restFree || lastRest === null
        ? null
        : shiftDateKey(today, lastRest + REST_DAY_SPACING - todayIndex),
  };
}

/**
 * Days completed, the streaks (`reflectionStreaks`) and the calendar of the last 84 local dates.
 */
export function computeJourney(input: JourneyInput): Journey {
  const reflectedDates = new Set(
    input.reflectionSavedAt.map((at) => localDateKey(new Date(at), input.timeZone)),
  );
  const today = localDateKey(input.now, input.timeZone);
  const streaks = reflectionStreaks(reflectedDates, today);

  const calendar = Array.from({ length: JOURNEY_CALENDAR_DAYS }, (_, index) => {
    const date = shiftDateKey(today, index - (JOURNEY_CALENDAR_DAYS - 1));
    return { date, reflected: reflectedDates.has(date), rest: streaks.rests.has(date) };
  });

  const readOn = new Map<string, number[]>();
  for (const { dayNumber, at } of input.completedAt ?? []) {
    const date = localDateKey(new Date(at), input.timeZone);
    readOn.set(date, [...(readOn.get(date) ?? []), dayNumber]);
  }
  const week = calendar.slice(-LOOK_BACK_DAYS).map(({ date }) => ({
    date,
    daysRead: (readOn.get(date) ?? []).sort((a, b) => a - b),
  }));

  return {
    daysCompleted: completedDays(progressRecordFromDays(input.days)).length,
    currentStreak: streaks.currentStreak,
    longestStreak: streaks.longestStreak,
    restDaysLeft: streaks.restDaysLeft,
    nextRestDate: streaks.nextRestDate,
    calendar,
    week,
  };
}
