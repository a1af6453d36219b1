import { describe, expect, it } from 'vitest';
import {
  initialProgress,
  isStanzaComplete,
  markRead,
  markStep,
  parseProgress,
  progressPercentage,
} from './progress.js';

describe('the local progress record', () => {
  it('starts at stanza 1 with the stated default total of 293', () => {
    expect(initialProgress()).toEqual({
      lastReadDay: 1,
      readDays: [],
      totalDays: 293,
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
      totalDays: 293,
    });
  });

  it('completes a stanza when gatha and explanation are both viewed, and advances', () => {
    const afterGatha = markStep(initialProgress(), 1, 'gatha');
    expect(afterGatha.advancedTo).toBeNull();
    const afterExplanation = markStep(afterGatha.record, 1, 'explanation');
    expect(afterExplanation.advancedTo).toBe(2);
    expect(afterExplanation.record).toMatchObject({ currentStanza: 2, lastReadDay: 2 });
    expect(isStanzaComplete(afterExplanation.record, 1)).toBe(true);
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

  it('never advances past the total', () => {
    const record = { ...initialProgress(), totalDays: 3, currentStanza: 3, lastReadDay: 3 };
    const result = markStep(record, 3, 'reflection');
    expect(result.advancedTo).toBeNull();
    expect(result.record.currentStanza).toBe(3);
  });

  it('marks days read, raising lastReadDay, and gives the rounded percentage', () => {
    let record = markRead(initialProgress(), 7);
    record = markRead(record, 3);
    record = markRead(record, 7);
    expect(record.readDays).toEqual([7, 3]);
    expect(record.lastReadDay).toBe(7);
    expect(progressPercentage(record)).toBe(1);
    expect(
      progressPercentage({
        ...record,
        totalDays: 241,
        readDays: Array.from({ length: 120 }, (_, i) => i + 1),
      }),
    ).toBe(50);
  });
});
