import { describe, expect, it } from 'vitest';
import {
  completedDays,
  initialProgress,
  isDayComplete,
  markRead,
  markStep,
  nextStanza,
  parseProgress,
  progressSummary,
} from './progress.js';

describe('the local progress record', () => {
  it('starts at stanza 1 of the one total, 241', () => {
    expect(initialProgress()).toEqual({
      lastReadDay: 1,
      readDays: [],
      totalDays: 241,
      gathaViewed: [],
      explanationViewed: [],
      reflectionSaved: [],
      currentStanza: 1,
    });
  });

  it('reads a stored record and repairs what is broken', () => {
    expect(parseProgress('not json')).toEqual(initialProgress());
    expect(parseProgress(null)).toEqual(initialProgress());
    expect(
      parseProgress('{"readDays":[3,3,"x",-1,4],"currentStanza":5,"totalDays":"many"}'),
    ).toMatchObject({
      readDays: [3, 4],
      currentStanza: 5,
      totalDays: 241,
    });
  });

  it("reads an older version's record with the one total, and no day past the last", () => {
    const older = JSON.stringify({
      lastReadDay: 242,
      readDays: [240, 241, 242, 293],
      totalDays: 293,
      gathaViewed: [241, 250],
      explanationViewed: [241],
      reflectionSaved: [0, 300],
      currentStanza: 242,
    });
    expect(parseProgress(older)).toEqual({
      lastReadDay: 241,
      readDays: [240, 241],
      totalDays: 241,
      gathaViewed: [241],
      explanationViewed: [241],
      reflectionSaved: [],
      currentStanza: 241,
    });
    expect(parseProgress('{"totalDays":9}').totalDays).toBe(241);
  });

  it('completes a stanza when gatha and explanation are both viewed, and advances', () => {
    const afterGatha = markStep(initialProgress(), 1, 'gatha');
    expect(afterGatha.advancedTo).toBeNull();
    const afterExplanation = markStep(afterGatha.record, 1, 'explanation');
    expect(afterExplanation.advancedTo).toBe(2);
    expect(afterExplanation.record).toMatchObject({ currentStanza: 2, lastReadDay: 2 });
    expect(isDayComplete(afterExplanation.record, 1)).toBe(true);
  });

  it('completes a stanza on a saved reflection alone', () => {
    const result = markStep(initialProgress(), 1, 'reflection');
    expect(result.advancedTo).toBe(2);
    expect(result.record.reflectionSaved).toEqual([1]);
  });

  it('advances only for the current stanza, and only once', () => {
    const other = markStep(markStep(initialProgress(), 5, 'gatha').record, 5, 'explanation');
    expect(other.advancedTo).toBeNull();
    expect(other.record.currentStanza).toBe(1);
    const first = markStep(initialProgress(), 1, 'reflection');
    const again = markStep(first.record, 1, 'gatha');
    expect(again.advancedTo).toBeNull();
    expect(again.record.currentStanza).toBe(2);
  });

  it('opens no day after completing day 241, whatever total an older record stored', () => {
    for (const totalDays of [241, 293]) {
      const record = parseProgress(
        JSON.stringify({ lastReadDay: 241, totalDays, currentStanza: 241, gathaViewed: [241] }),
      );
      const result = markStep(record, 241, 'explanation');
      expect(result.advancedTo).toBeNull();
      expect(result.record).toMatchObject({ currentStanza: 241, lastReadDay: 241 });
      expect(isDayComplete(result.record, 241)).toBe(true);
      expect(markStep(record, 241, 'reflection').advancedTo).toBeNull();
    }
  });

  it('opens day 241 on completing day 240, and names the day that opened', () => {
    const record = { ...initialProgress(), currentStanza: 240, lastReadDay: 240 };
    const result = markStep(record, 240, 'reflection');
    expect(result.advancedTo).toBe(241);
    expect(result.record).toMatchObject({ currentStanza: 241, lastReadDay: 241 });
  });

  it('moves the path past days already complete, to the first one still to do', () => {
    const record = { ...initialProgress(), reflectionSaved: [2, 3], readDays: [5] };
    expect(nextStanza(record, 1)).toBe(4);
    expect(nextStanza(record, 4)).toBe(6);
    expect(nextStanza(record, 0)).toBe(1);
    const result = markStep(markStep(record, 1, 'gatha').record, 1, 'explanation');
    expect(result.advancedTo).toBe(4);
    expect(result.record).toMatchObject({ currentStanza: 4, lastReadDay: 4 });
    const allLater = { ...initialProgress(), readDays: [239, 240, 241] };
    expect(nextStanza(allLater, 238)).toBe(241);
  });

  it('marks days read, raising lastReadDay; marking the current stanza read completes it', () => {
    const seventh = markRead(initialProgress(), 7);
    expect(seventh.advancedTo).toBeNull();
    const third = markRead(seventh.record, 3);
    expect(markRead(third.record, 7).record.readDays).toEqual([7, 3]);
    expect(third.record.lastReadDay).toBe(7);
    const first = markRead(third.record, 1);
    expect(first.advancedTo).toBe(2);
    expect(first.record).toMatchObject({ currentStanza: 2, lastReadDay: 7 });
    expect(isDayComplete(first.record, 7)).toBe(true);
  });

  it('counts a day complete by its reflection, by stanza and explanation, or marked read', () => {
    const record = {
      ...initialProgress(),
      reflectionSaved: [10],
      readDays: [20],
      gathaViewed: [30, 40, 10],
      explanationViewed: [30, 50],
    };
    expect(completedDays(record)).toEqual([10, 20, 30]);
    for (const day of [10, 20, 30]) expect(isDayComplete(record, day)).toBe(true);
    // A stanza seen without its explanation, or an explanation alone, is not yet a day read.
    for (const day of [40, 50, 60]) expect(isDayComplete(record, day)).toBe(false);
    expect(progressSummary(record)).toEqual({ daysCompleted: 3, totalDays: 241 });
  });

  it('counts over the one total, 241, even in an older record', () => {
    const older = parseProgress(JSON.stringify({ totalDays: 293, readDays: [1, 2, 3, 4, 5, 290] }));
    expect(progressSummary(older)).toEqual({ daysCompleted: 5, totalDays: 241 });
    const days = Array.from({ length: 241 }, (_, i) => i + 1);
    expect(progressSummary({ ...older, totalDays: 293, reflectionSaved: days })).toEqual({
      daysCompleted: 241,
      totalDays: 241,
    });
  });
});
