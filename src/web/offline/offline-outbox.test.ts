import { describe, expect, it } from 'vitest';
import {
  type PendingSave,
  baseUpdatedAt,
  latestPerDay,
  pendingSaveBody,
  pendingSaveFor,
  refusedForItsCircles,
  retryDelayMs,
  sendOutcome,
  sendingOrder,
  waitsOnDevice,
} from './offline-outbox.js';
import { ENTRY_PARTS } from '#shared/shared-parts';

function save(overrides: Partial<PendingSave>): PendingSave {
  return {
    userId: 1,
    dayNumber: 5,
    entryText: '{"thoughts":"a","words":"","deeds":""}',
    isPublic: false,
    savedAt: 1_000,
    saveId: 'a',
    ...overrides,
  };
}

describe('sendOutcome', () => {
  it('removes a save only when the server answered 2xx', () => {
    expect(sendOutcome(200)).toBe('sent');
    expect(sendOutcome(201)).toBe('sent');
    expect(sendOutcome(204)).toBe('sent');
  });

  it('keeps a save when there was no answer, the person is signed out, or the server is busy', () => {
    expect(sendOutcome(null)).toBe('keep');
    expect(sendOutcome(401)).toBe('keep');
    expect(sendOutcome(408)).toBe('keep');
    expect(sendOutcome(429)).toBe('keep');
    expect(sendOutcome(500)).toBe('keep');
    expect(sendOutcome(503)).toBe('keep');
    expect(sendOutcome(302)).toBe('keep');
  });

  it('drops a save the server refuses for good', () => {
    expect(sendOutcome(400)).toBe('drop');
    expect(sendOutcome(403)).toBe('drop');
    expect(sendOutcome(404)).toBe('drop');
    expect(sendOutcome(413)).toBe('drop');
  });

  it('holds a save for the reader when the entry changed since it began', () => {
    expect(sendOutcome(409)).toBe('changed');
  });
});

const entry = (updatedAt: string) => ({
  id: 1,
  userId: 1,
  dayNumber: 5,
  entryText: '{"thoughts":"elsewhere","words":"","deeds":""}',
  isPublic: true,
  sharedParts: [...ENTRY_PARTS],
  createdAt: '2026-04-10T08:00:00.000Z',
  updatedAt,
});

describe('latestPerDay', () => {
  it('keeps only the latest save of each day and person', () => {
    const first = save({ savedAt: 1_000, saveId: 'first' });
    const second = save({ savedAt: 2_000, saveId: 'second' });
    const otherDay = save({ dayNumber: 6, savedAt: 1_500, saveId: 'other-day' });
    const otherUser = save({ userId: 2, savedAt: 500, saveId: 'other-user' });
    expect(latestPerDay([second, first, otherDay, otherUser])).toEqual([
      second,
      otherDay,
      otherUser,
    ]);
  });

  it('settles a tie in time by the save id, so exactly one remains', () => {
    const a = save({ saveId: 'a' });
    const b = save({ saveId: 'b' });
    expect(latestPerDay([a, b])).toEqual([b]);
  });
});

describe('sendingOrder', () => {
  it("gives one person's saves, oldest first, never another person's", () => {
    const day7 = save({ dayNumber: 7, savedAt: 3_000, saveId: 'x' });
    const day5 = save({ dayNumber: 5, savedAt: 1_000, saveId: 'y' });
    const day6 = save({ dayNumber: 6, savedAt: 2_000, saveId: 'z' });
    const theirs = save({ userId: 9, dayNumber: 4, savedAt: 10 });
    expect(sendingOrder([day7, theirs, day5, day6], 1)).toEqual([day5, day6, day7]);
    expect(sendingOrder([day7, theirs], 9)).toEqual([theirs]);
    expect(sendingOrder([], 1)).toEqual([]);
  });

  it('leaves out a save waiting for the reader to choose', () => {
    const waiting = save({ changedTo: entry('2026-04-10T09:00:00.000Z') });
    const other = save({ dayNumber: 6, saveId: 'other' });
    expect(sendingOrder([waiting, other], 1)).toEqual([other]);
    expect(pendingSaveFor([waiting, other], 1, 5)).toBe(waiting);
  });

  it('sends a day once, with its latest text', () => {
    const early = save({ savedAt: 1_000, saveId: 'early', entryText: 'early' });
    const late = save({ savedAt: 4_000, saveId: 'late', entryText: 'late' });
    const between = save({ dayNumber: 8, savedAt: 2_000, saveId: 'between' });
    expect(sendingOrder([early, between, late], 1)).toEqual([between, late]);
  });
});

describe('pendingSaveFor', () => {
  it("finds the latest waiting save of that person's day, or nothing", () => {
    const older = save({ savedAt: 1_000, saveId: 'older' });
    const newer = save({ savedAt: 2_000, saveId: 'newer' });
    const theirs = save({ userId: 2, savedAt: 3_000 });
    expect(pendingSaveFor([older, newer, theirs], 1, 5)).toBe(newer);
    expect(pendingSaveFor([older, newer], 1, 6)).toBeUndefined();
    expect(pendingSaveFor([theirs], 1, 5)).toBeUndefined();
  });
});

describe('baseUpdatedAt', () => {
  it('names the version the save began from, or none', () => {
    const base = { entryText: 'x', isPublic: false, updatedAt: '2026-04-10T08:00:00.000Z' };
    expect(baseUpdatedAt(save({ base }))).toBe(base.updatedAt);
    expect(baseUpdatedAt(save({ base: null }))).toBeNull();
    // Kept by an earlier version of the app: begun from nothing the device knew.
    expect(baseUpdatedAt(save({}))).toBeNull();
  });

  it('once the reader chose their text over a changed entry, names that entry', () => {
    const changed = entry('2026-04-10T09:00:00.000Z');
    expect(baseUpdatedAt(save({ base: null, changedTo: changed }))).toBe(changed.updatedAt);
  });
});

describe('waitsOnDevice', () => {
  it('keeps a direct save for later when no answer came or the server asked to try later', () => {
    for (const status of [null, 408, 429, 502, 503, 504]) expect(waitsOnDevice(status)).toBe(true);
  });

  it('reports any other refusal at once', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 500])
      expect(waitsOnDevice(status)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('starts at a second, doubles with each failure in a row, and stops at five minutes', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(9)).toBe(256_000);
    expect(retryDelayMs(10)).toBe(300_000);
    expect(retryDelayMs(1_000)).toBe(300_000);
    expect(retryDelayMs(0)).toBe(1_000);
  });
});

describe('pendingSaveBody', () => {
  it('sends the circles a save was kept with, with its text and sharing', () => {
    const kept = save({ isPublic: true, sharedParts: ['thoughts'], circleIds: [4, 9] });
    expect(pendingSaveBody(kept, '2026-03-01T08:00:00.000Z')).toEqual({
      dayNumber: 5,
      entryText: kept.entryText,
      isPublic: true,
      sharedParts: ['thoughts'],
      circleIds: [4, 9],
      baseUpdatedAt: '2026-03-01T08:00:00.000Z',
    });
  });

  it('sends no circles at all, even none, for a save kept before circles could be chosen', () => {
    expect(pendingSaveBody(save({}), null)).not.toHaveProperty('circleIds');
    expect(pendingSaveBody(save({ circleIds: [] }), null).circleIds).toEqual([]);
  });

  it('leaves the circles out when asked, keeping the words', () => {
    const body = pendingSaveBody(save({ circleIds: [4] }), null, false);
    expect(body).not.toHaveProperty('circleIds');
    expect(body.entryText).toBe(save({}).entryText);
  });
});

describe('refusedForItsCircles', () => {
  it('is a 404 "Circle not found" for a save shared with circles, and nothing else', () => {
    const shared = save({ circleIds: [4] });
    expect(refusedForItsCircles(shared, 404, 'Circle not found')).toBe(true);
    expect(refusedForItsCircles(shared, 404, 'Journal entry not found')).toBe(false);
    expect(refusedForItsCircles(shared, 400, 'Circle not found')).toBe(false);
    expect(refusedForItsCircles(save({ circleIds: [] }), 404, 'Circle not found')).toBe(false);
    expect(refusedForItsCircles(save({}), 404, 'Circle not found')).toBe(false);
  });
});
