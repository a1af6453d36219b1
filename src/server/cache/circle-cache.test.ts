import { describe, expect, it } from 'vitest';
import { CircleCache, PAST_DAYS_SHARE } from './circle-cache.js';

const body = (bytes: number, fill = 'x') => Buffer.from(fill.repeat(bytes));

/** Keeps a view of circle 1 for `readerId` as a read that nothing changed during. */
function keep(
  circles: CircleCache,
  readerId: number,
  day: { day: number; past: boolean },
  bytes: number,
) {
  circles.finishRead(circles.startRead(1, readerId), day, body(bytes, String(readerId % 10)));
}

const today = { day: 100, past: false };
const pastDay = (day: number) => ({ day, past: true });

describe("the cache of circles' pages", () => {
  it("gives views of past days a small share, so today's views are not pushed out by them", () => {
    const circles = new CircleCache(800);
    expect(800 * PAST_DAYS_SHARE).toBe(100);
    keep(circles, 1, today, 300);
    keep(circles, 2, today, 300);
    for (const [reader, day] of [
      [3, 90],
      [4, 91],
      [5, 92],
    ] as const) {
      keep(circles, reader, pastDay(day), 40);
    }
    // Two past days fit their share; the least recently read of three went.
    expect(circles.get(1, 90, 3)).toBeUndefined();
    expect(circles.get(1, 91, 4)).toBeDefined();
    expect(circles.get(1, 92, 5)).toBeDefined();
    expect(circles.get(1, 100, 1)).toBeDefined();
    expect(circles.get(1, 100, 2)).toBeDefined();
    expect(circles.bytes).toBe(680);

    // Read again, a past day is the most recent: the next one pushes out the other.
    circles.get(1, 91, 4);
    keep(circles, 6, pastDay(93), 40);
    expect(circles.get(1, 91, 4)).toBeDefined();
    expect(circles.get(1, 92, 5)).toBeUndefined();
  });

  it('keeps no view of a past day larger than its share, and today’s up to the whole budget', () => {
    const circles = new CircleCache(800);
    keep(circles, 1, pastDay(90), 101);
    expect(circles.get(1, 90, 1)).toBeUndefined();
    keep(circles, 2, today, 750);
    expect(circles.get(1, 100, 2)).toBeDefined();
    // Today's views fill the budget: a past day's, once kept, pushes out the least recent.
    keep(circles, 3, pastDay(91), 100);
    expect(circles.get(1, 91, 3)).toBeDefined();
    expect(circles.get(1, 100, 2)).toBeUndefined();
    expect(circles.bytes).toBe(100);
  });

  it('lets go of every view of a circle or a reader, past days and today alike', () => {
    const circles = new CircleCache(800);
    keep(circles, 1, today, 50);
    keep(circles, 1, pastDay(90), 50);
    keep(circles, 2, pastDay(90), 50);
    circles.forgetReader(1);
    expect(circles.get(1, 100, 1)).toBeUndefined();
    expect(circles.get(1, 90, 1)).toBeUndefined();
    expect(circles.get(1, 90, 2)).toBeDefined();
    circles.forgetCircle(1);
    expect(circles.size).toBe(0);
    expect(circles.bytes).toBe(0);
    // The past days' share is free again.
    keep(circles, 3, pastDay(91), 100);
    expect(circles.get(1, 91, 3)).toBeDefined();
  });
});
