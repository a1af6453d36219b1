import { describe, expect, it } from 'vitest';
import { initialProgress, markRead, markStep } from '#shared/progress';
import { newDayFlags, withChangesSince } from './progress-changes.js';

describe('the steps a device sends to the server', () => {
  it('lists only flags newly set, one entry per day, ordered by day', () => {
    const before = { ...initialProgress(), gathaViewed: [2], readDays: [2] };
    const after = {
      ...before,
      gathaViewed: [2, 5],
      explanationViewed: [5],
      readDays: [2, 3],
      reflectionSaved: [2],
    };
    expect(newDayFlags(before, after)).toEqual([
      { day: 2, flags: { reflectionSaved: true } },
      { day: 3, flags: { read: true } },
      { day: 5, flags: { gathaViewed: true, explanationViewed: true } },
    ]);
  });

  it('sends nothing when a step is repeated', () => {
    const once = markStep(initialProgress(), 1, 'gatha').record;
    expect(newDayFlags(once, markStep(once, 1, 'gatha').record)).toEqual([]);
    expect(newDayFlags(once, once)).toEqual([]);
  });
});

describe('writing a merge answer back', () => {
  it('keeps the steps taken on this device while the merge was on its way', () => {
    const sent = markRead(initialProgress(), 1).record;
    const merged = { ...sent, readDays: [1, 7], reflectionSaved: [7], lastReadDay: 7 };
    const latest = markStep(markRead(sent, 2).record, 1, 'reflection').record;

    const written = withChangesSince(merged, sent, latest);
    expect(written.readDays.toSorted((a, b) => a - b)).toEqual([1, 2, 7]);
    expect(written.reflectionSaved.toSorted((a, b) => a - b)).toEqual([1, 7]);
    expect(written.lastReadDay).toBe(7);
    expect(written.currentStanza).toBe(Math.max(merged.currentStanza, latest.currentStanza));
  });

  it('is the answer itself when nothing happened meanwhile', () => {
    const sent = markRead(initialProgress(), 4).record;
    const merged = { ...sent, gathaViewed: [9], currentStanza: 3, lastReadDay: 9 };
    expect(withChangesSince(merged, sent, sent)).toEqual(merged);
  });
});
