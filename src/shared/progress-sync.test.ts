import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ProgressRecord, progressSummary } from './progress.js';
import {
  computeJourney,
  localProgressSchema,
  mergeProgress,
  progressDaysFromRecord,
  progressDayUpdateSchema,
  progressRecordFromDays,
} from './progress-sync.js';
import { shiftDateKey } from './date-keys.js';

const days = fc
  .uniqueArray(fc.integer({ min: 1, max: 241 }), { maxLength: 30 })
  .map((list) => [...list].sort((a, b) => a - b));
const record: fc.Arbitrary<ProgressRecord> = fc.record({
  lastReadDay: fc.integer({ min: 1, max: 242 }),
  readDays: days,
  totalDays: fc.constantFrom(241, 293, 9),
  gathaViewed: days,
  explanationViewed: days,
  reflectionSaved: days,
  currentStanza: fc.integer({ min: 1, max: 242 }),
});
const lists = ['readDays', 'gathaViewed', 'explanationViewed', 'reflectionSaved'] as const;

const base: ProgressRecord = {
  lastReadDay: 1,
  readDays: [],
  totalDays: 241,
  gathaViewed: [],
  explanationViewed: [],
  reflectionSaved: [],
  currentStanza: 1,
};

describe('merging progress', () => {
  it('takes the union of every list and the larger position, with the one total', () => {
    const local = {
      ...base,
      totalDays: 293,
      lastReadDay: 4,
      readDays: [1, 2, 4],
      gathaViewed: [1],
      reflectionSaved: [2],
      currentStanza: 3,
    };
    const server = {
      ...base,
      totalDays: 241,
      lastReadDay: 9,
      readDays: [9, 2],
      explanationViewed: [1],
      reflectionSaved: [7],
      currentStanza: 2,
    };
    expect(mergeProgress(local, server)).toEqual({
      lastReadDay: 9,
      readDays: [1, 2, 4, 9],
      totalDays: 241,
      gathaViewed: [1],
      explanationViewed: [1],
      reflectionSaved: [2, 7],
      currentStanza: 3,
    });
  });

  it('never loses a day or moves a position back', () => {
    fc.assert(
      fc.property(record, record, (local, server) => {
        const merged = mergeProgress(local, server);
        for (const list of lists) {
          for (const day of [...local[list], ...server[list]]) expect(merged[list]).toContain(day);
          expect(
            merged[list].every((d) => local[list].includes(d) || server[list].includes(d)),
          ).toBe(true);
        }
        const later = (a: number, b: number) => Math.min(Math.max(a, b), 241);
        expect(merged.lastReadDay).toBe(later(local.lastReadDay, server.lastReadDay));
        expect(merged.currentStanza).toBe(later(local.currentStanza, server.currentStanza));
        expect(merged.totalDays).toBe(241);
      }),
    );
  });

  it('is idempotent and gives the same progress in either order', () => {
    fc.assert(
      fc.property(record, record, (a, b) => {
        const once = mergeProgress(a, b);
        expect(mergeProgress(once, b)).toEqual(once);
        expect(mergeProgress(once, once)).toEqual(once);
        expect(mergeProgress(b, a)).toEqual(once);
      }),
    );
  });

  it('round-trips through the per-day form without losing a flag', () => {
    fc.assert(
      fc.property(record, (r) => {
        const back = progressRecordFromDays(progressDaysFromRecord(r));
        for (const list of lists) expect(back[list]).toEqual(r[list]);
      }),
    );
  });

  it("derives the server's current stanza as the first one not yet complete", () => {
    const fromDays = progressRecordFromDays([
      {
        dayNumber: 1,
        read: true,
        gathaViewed: true,
        explanationViewed: true,
        reflectionSaved: false,
      },
      {
        dayNumber: 2,
        read: true,
        gathaViewed: false,
        explanationViewed: false,
        reflectionSaved: true,
      },
      {
        dayNumber: 5,
        read: true,
        gathaViewed: false,
        explanationViewed: false,
        reflectionSaved: true,
      },
    ]);
    expect(fromDays).toMatchObject({ currentStanza: 3, lastReadDay: 5, readDays: [1, 2, 5] });
    expect(progressRecordFromDays([])).toEqual(base);
  });

  it('never derives a position past day 241, even when every day is complete', () => {
    const everyDay = Array.from({ length: 241 }, (_, i) => ({
      dayNumber: i + 1,
      read: true,
      gathaViewed: false,
      explanationViewed: false,
      reflectionSaved: true,
    }));
    expect(progressRecordFromDays(everyDay)).toMatchObject({
      currentStanza: 241,
      lastReadDay: 241,
      totalDays: 241,
    });
    const older = { ...base, totalDays: 293, lastReadDay: 260, currentStanza: 242 };
    expect(mergeProgress(older, base)).toMatchObject({
      lastReadDay: 241,
      currentStanza: 241,
      totalDays: 241,
    });
  });
});

describe('the record a device sends for merging', () => {
  it('accepts the cookie shape and tidies its lists', () => {
    expect(
      localProgressSchema.parse({ ...base, readDays: [3, 1, 3], reflectionSaved: [241] }),
    ).toMatchObject({ readDays: [1, 3], reflectionSaved: [241] });
  });

  it('refuses days outside 1..241 and unbounded lists', () => {
    const issues = (value: unknown) =>
      localProgressSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...base, readDays: [0, 242] })).toEqual([
      ['readDays.0', 'Day must be a whole number from 1 to 241'],
      ['readDays.1', 'Day must be a whole number from 1 to 241'],
    ]);
    expect(issues({ ...base, gathaViewed: Array.from({ length: 242 }, () => 1) })).toEqual([
      ['gathaViewed', 'gathaViewed may hold at most 241 days'],
    ]);
    expect(issues({ ...base, currentStanza: 0 })).toEqual([
      ['currentStanza', 'currentStanza must be a whole number from 1 to 1000'],
    ]);
    expect(issues({})?.length).toBe(7);
  });

  it('a day update only sets flags', () => {
    expect(progressDayUpdateSchema.parse({ gathaViewed: true })).toEqual({ gathaViewed: true });
    expect(progressDayUpdateSchema.safeParse({ read: false }).error?.issues[0]?.message).toBe(
      'read can only be set to true',
    );
    expect(progressDayUpdateSchema.safeParse({}).error?.issues[0]?.message).toMatch(
      /^Nothing to update/,
    );
  });
});

describe('the journey', () => {
  const day = (dayNumber: number, flags: Partial<Record<'read' | 'g' | 'e' | 'r', boolean>>) => ({
    dayNumber,
    read: flags.read ?? false,
    gathaViewed: flags.g ?? false,
    explanationViewed: flags.e ?? false,
    reflectionSaved: flags.r ?? false,
  });

  it('counts a day complete by its reflection, by both gatha and explanation, or marked read', () => {
    const days = [
      day(1, { r: true }),
      day(2, { g: true, e: true }),
      day(3, { g: true }),
      day(4, { e: true }),
      day(5, { read: true }),
    ];
    const journey = computeJourney({
      days,
      reflectionSavedAt: [],
      now: new Date('2026-03-01T12:00:00Z'),
      timeZone: 'UTC',
    });
    expect(journey.daysCompleted).toBe(3);
    // The daily screen counts the same record the same way.
    expect(progressSummary(progressRecordFromDays(days)).daysCompleted).toBe(3);
    expect(journey.currentStreak).toBe(0);
    expect(journey.longestStreak).toBe(0);
  });

  it('counts consecutive local dates, through today or through yesterday', () => {
    const saves = [
      '2026-02-20T10:00:00Z',
      '2026-02-21T10:00:00Z',
      '2026-02-22T10:00:00Z',
      '2026-02-23T10:00:00Z',
      '2026-02-27T10:00:00Z',
      '2026-02-28T09:00:00Z',
      '2026-02-28T18:00:00Z',
    ];
    const journey = (now: string) =>
      computeJourney({ days: [], reflectionSavedAt: saves, now: new Date(now), timeZone: 'UTC' });
    expect(journey('2026-02-28T20:00:00Z')).toMatchObject({ currentStreak: 2, longestStreak: 4 });
    // Today has nothing yet: the streak through yesterday still stands.
    expect(journey('2026-03-01T08:00:00Z')).toMatchObject({ currentStreak: 2, longestStreak: 4 });
    // A whole day without a reflection is a rest day: the streak keeps through it.
    expect(journey('2026-03-02T08:00:00Z')).toMatchObject({
      currentStreak: 2,
      longestStreak: 4,
      restDaysLeft: 0,
      nextRestDate: '2026-03-08',
    });
    // Two in a row end it.
    expect(journey('2026-03-03T08:00:00Z')).toMatchObject({ currentStreak: 0, longestStreak: 4 });
  });

  /** A journey on `today` (UTC) with a reflection at noon on each of `dates`. */
  const journeyOn = (today: string, dates: string[]) =>
    computeJourney({
      days: [],
      reflectionSavedAt: dates.map((date) => `${date}T12:00:00Z`),
      now: new Date(`${today}T20:00:00Z`),
      timeZone: 'UTC',
    });
  const restsOf = (journey: ReturnType<typeof computeJourney>) =>
    journey.calendar.filter((entry) => entry.rest).map((entry) => entry.date);

  it('keeps a streak through one rest day in any seven, shown as a rest day', () => {
    // 1–3, rest 4, 5–10, rest 11, 12: the two rests are seven dates apart.
    const dates = ['01', '02', '03', '05', '06', '07', '08', '09', '10', '12'].map(
      (day) => `2026-03-${day}`,
    );
    const journey = journeyOn('2026-03-12', dates);
    expect(journey).toMatchObject({ currentStreak: 10, longestStreak: 10, restDaysLeft: 0 });
    expect(journey.nextRestDate).toBe('2026-03-18');
    expect(restsOf(journey)).toEqual(['2026-03-04', '2026-03-11']);
    expect(journey.calendar.find((entry) => entry.date === '2026-03-04')).toEqual({
      date: '2026-03-04',
      reflected: false,
      rest: true,
    });
  });

  it('ends a streak at a second rest within seven dates, which shows as a gap', () => {
    // Rest on the 4th, then the 9th is missed too: five dates later, too soon.
    const dates = ['01', '02', '03', '05', '06', '07', '08', '10', '11'].map(
      (day) => `2026-03-${day}`,
    );
    const journey = journeyOn('2026-03-11', dates);
    expect(journey).toMatchObject({ currentStreak: 2, longestStreak: 7, restDaysLeft: 1 });
    expect(journey.nextRestDate).toBeNull();
    expect(restsOf(journey)).toEqual(['2026-03-04']);
  });

  it('never counts today as a rest, and a rest the streak then lost is a gap', () => {
    // Nothing yet today: yesterday was the rest; the streak stands, with no rest left.
    const kept = journeyOn('2026-03-05', ['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(kept).toMatchObject({ currentStreak: 3, restDaysLeft: 0 });
    expect(restsOf(kept)).toEqual(['2026-03-04']);
    // A day later both dates are missed: no streak, and no rest shown.
    const lost = journeyOn('2026-03-06', ['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(lost).toMatchObject({ currentStreak: 0, longestStreak: 3, restDaysLeft: 1 });
    expect(restsOf(lost)).toEqual([]);
  });

  it('finds streaks over years of dates in one pass', () => {
    // Every other date for three years: each gap is one date, so a rest only every seventh.
    const dates = Array.from({ length: 550 }, (_, index) => shiftDateKey('2023-01-01', index * 2));
    const journey = journeyOn(dates.at(-1)!, dates);
    expect(journey.longestStreak).toBeLessThanOrEqual(4);
    expect(journey.currentStreak).toBeGreaterThan(0);
  });

  it('reads dates in the given time zone: 23:30 in Los Angeles is the next UTC date', () => {
    // 07:30 UTC on 2 March is 23:30 on 1 March in Los Angeles and 16:30 on 2 March in Tokyo.
    const saves = ['2026-03-02T07:30:00Z', '2026-03-02T14:00:00Z'];
    const now = new Date('2026-03-02T15:00:00Z');
    const inZone = (timeZone: string) =>
      computeJourney({ days: [], reflectionSavedAt: saves, now, timeZone });
    const la = inZone('America/Los_Angeles');
    const tokyo = inZone('Asia/Tokyo');
    expect(la).toMatchObject({ currentStreak: 2, longestStreak: 2 });
    expect(la.calendar.slice(-2)).toEqual([
      { date: '2026-03-01', reflected: true, rest: false },
      { date: '2026-03-02', reflected: true, rest: false },
    ]);
    expect(tokyo).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    expect(tokyo.calendar.slice(-2)).toEqual([
      { date: '2026-03-02', reflected: true, rest: false },
      { date: '2026-03-03', reflected: false, rest: false },
    ]);
  });

  it('shows the 84 local dates ending today, oldest first', () => {
    const { calendar } = computeJourney({
      days: [],
      reflectionSavedAt: ['2025-12-08T12:00:00Z', '2025-12-07T12:00:00Z'],
      now: new Date('2026-03-01T12:00:00Z'),
      timeZone: 'UTC',
    });
    expect(calendar).toHaveLength(84);
    expect(calendar[0]).toEqual({ date: '2025-12-08', reflected: true, rest: false });
    expect(calendar.at(-1)).toEqual({ date: '2026-03-01', reflected: false, rest: false });
    expect(calendar.filter((d) => d.reflected)).toHaveLength(1);
  });

  it('steps over month, year and leap-day boundaries', () => {
    expect(shiftDateKey('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDateKey('2026-01-01', -1)).toBe('2025-12-31');
    expect(shiftDateKey('2026-03-01', -1)).toBe('2026-02-28');
  });
});
