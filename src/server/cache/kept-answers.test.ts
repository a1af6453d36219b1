import { describe, expect, it } from 'vitest';
import { BYTES_BESIDE_BODY, KeptAnswers, PAST_DAYS_SHARE } from './kept-answers.js';

/** A body that, kept, counts `bytes` against the budget. */
const body = (bytes: number, fill = 'x') => Buffer.from(fill.repeat(bytes - BYTES_BESIDE_BODY));

/** A member's view of circle 1 on `day`, as the app keys it. */
const viewOf = (readerId: number, day: number) => `1:${day}:${readerId}`;

/** Keeps reader `readerId`'s view of circle 1 as a read that nothing changed during. */
function keep(answers: KeptAnswers, readerId: number, day: number, past: boolean, bytes: number) {
  const read = answers.startRead(viewOf(readerId, day), ['circle 1', `reader ${readerId}`]);
  answers.finishRead(read, past, body(bytes, String(readerId % 10)));
}

const today = 100;

describe('answers kept ready to send', () => {
  it("gives answers about past days a small share, so today's are not pushed out by them", () => {
    const answers = new KeptAnswers(8000);
    expect(8000 * PAST_DAYS_SHARE).toBe(1000);
    keep(answers, 1, today, false, 3000);
    keep(answers, 2, today, false, 3000);
    for (const [reader, day] of [
      [3, 90],
      [4, 91],
      [5, 92],
    ] as const) {
      keep(answers, reader, day, true, 400);
    }
    // Two past days fit their share; the least recently read of three went.
    expect(answers.get(viewOf(3, 90))).toBeUndefined();
    expect(answers.get(viewOf(4, 91))).toBeDefined();
    expect(answers.get(viewOf(5, 92))).toBeDefined();
    expect(answers.get(viewOf(1, today))).toBeDefined();
    expect(answers.get(viewOf(2, today))).toBeDefined();
    expect(answers.bytes).toBe(6800);

    // Read again, a past day is the most recent: the next one pushes out the other.
    answers.get(viewOf(4, 91));
    keep(answers, 6, 93, true, 400);
    expect(answers.get(viewOf(4, 91))).toBeDefined();
    expect(answers.get(viewOf(5, 92))).toBeUndefined();
  });

  it('keeps no answer about a past day larger than its share, and today’s up to the whole budget', () => {
    const answers = new KeptAnswers(8000);
    keep(answers, 1, 90, true, 1001);
    expect(answers.get(viewOf(1, 90))).toBeUndefined();
    keep(answers, 2, today, false, 7500);
    expect(answers.get(viewOf(2, today))).toBeDefined();
    // Today's fill the budget: a past day's, once kept, pushes out the least recent.
    keep(answers, 3, 91, true, 1000);
    expect(answers.get(viewOf(3, 91))).toBeDefined();
    expect(answers.get(viewOf(2, today))).toBeUndefined();
    expect(answers.bytes).toBe(1000);
  });

  it('lets go of every answer that shows what changed, past days and today alike', () => {
    const answers = new KeptAnswers(8000);
    keep(answers, 1, today, false, 500);
    keep(answers, 1, 90, true, 500);
    keep(answers, 2, 90, true, 500);
    answers.forget('reader 1');
    expect(answers.get(viewOf(1, today))).toBeUndefined();
    expect(answers.get(viewOf(1, 90))).toBeUndefined();
    expect(answers.get(viewOf(2, 90))).toBeDefined();
    answers.forget('circle 1');
    expect(answers.size).toBe(0);
    expect(answers.bytes).toBe(0);
    // The past days' share is free again.
    keep(answers, 3, 91, true, 1000);
    expect(answers.get(viewOf(3, 91))).toBeDefined();
  });

  it('keeps nothing a read found when what it shows changed while it ran', () => {
    const answers = new KeptAnswers(8000);
    const overtaken = answers.startRead('7:3', ['author 7']);
    const untouched = answers.startRead('8:3', ['author 8']);
    answers.forget('author 7');
    answers.finishRead(overtaken, false, body(100));
    answers.finishRead(untouched, false, body(100));
    expect(answers.get('7:3')).toBeUndefined();
    expect(answers.get('8:3')).toBeDefined();

    const beforeClear = answers.startRead('8:4', ['author 8']);
    answers.clear();
    answers.finishRead(beforeClear, false, body(100));
    expect(answers.size).toBe(0);
  });

  it('counts the lookups that found an answer kept and those that did not', () => {
    const answers = new KeptAnswers(8000);
    expect(answers.get(viewOf(1, today))).toBeUndefined();
    keep(answers, 1, today, false, 500);
    expect(answers.get(viewOf(1, today))).toBeDefined();
    expect(answers.get(viewOf(1, today))).toBeDefined();
    expect({ hits: answers.hits, misses: answers.misses }).toEqual({ hits: 2, misses: 1 });
  });
});
