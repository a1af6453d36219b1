import { describe, expect, it } from 'vitest';
import { KeptFeeds } from './kept-feeds.js';

/** An entry's JSON of about `bytes` bytes. */
const entry = (id: number, bytes = 20) => JSON.stringify({ id, text: 'x'.repeat(bytes) });
const answer = (feeds: KeptFeeds, reader: number, stamp = 's') =>
  feeds.get(reader, stamp)?.toString();

describe('kept feeds', () => {
  it('gives a kept feed back as its JSON array, only under the stamp it was kept with', () => {
    const feeds = new KeptFeeds(10_000);
    feeds.keep(1, 'a', [entry(1), entry(2)]);
    expect(JSON.parse(feeds.get(1, 'a')!.toString())).toEqual([
      JSON.parse(entry(1)),
      JSON.parse(entry(2)),
    ]);
    feeds.keep(2, 'a', []);
    expect(feeds.get(2, 'a')?.toString()).toBe('[]');
    expect(feeds.get(3, 'a')).toBeUndefined();
    expect(feeds.get(1, 'b')).toBeUndefined();
    // A stale feed is let go, not kept for a return to the old stamp.
    expect(feeds.get(1, 'a')).toBeUndefined();
  });

  it('keeps an entry shown in several feeds once, until no feed shows it', () => {
    const feeds = new KeptFeeds(100_000);
    feeds.keep(1, 's', [entry(1, 1000), entry(2, 1000)]);
    const one = feeds.bytes;
    feeds.keep(2, 's', [entry(2, 1000), entry(1, 1000)]);
    expect(feeds.bytes - one).toBeLessThan(200);
    expect(JSON.parse(answer(feeds, 2)!).map((e: { id: number }) => e.id)).toEqual([2, 1]);
    feeds.forget(1);
    expect(JSON.parse(answer(feeds, 2)!)).toHaveLength(2);
    feeds.forget(2);
    expect(feeds.bytes).toBe(0);
  });

  it('stays within its byte budget, letting the least recently read go first', () => {
    const feeds = new KeptFeeds(3 * 1100);
    feeds.keep(1, 's', [entry(1, 1000)]);
    feeds.keep(2, 's', [entry(2, 1000)]);
    feeds.keep(3, 's', [entry(3, 1000)]);
    expect(answer(feeds, 1)).toBeDefined();
    feeds.keep(4, 's', [entry(4, 1000)]);
    expect(feeds.size).toBe(3);
    expect(feeds.bytes).toBeLessThanOrEqual(3 * 1100);
    expect(answer(feeds, 2)).toBeUndefined();
    expect(answer(feeds, 1)).toBeDefined();
    expect(answer(feeds, 3)).toBeDefined();
    expect(answer(feeds, 4)).toBeDefined();
  });

  it('does not keep what a read found when the feed changed while it ran', () => {
    const feeds = new KeptFeeds(10_000);
    const overtaken = feeds.startRead(1);
    const current = feeds.startRead(2);
    feeds.forget(1);
    feeds.finishRead(overtaken, 's', [entry(1)]);
    feeds.finishRead(current, 's', [entry(2)]);
    expect(answer(feeds, 1)).toBeUndefined();
    expect(answer(feeds, 2)).toBeDefined();
    const again = feeds.startRead(1);
    feeds.finishRead(again, 's', [entry(1)]);
    expect(answer(feeds, 1)).toBeDefined();
    const beforeReset = feeds.startRead(3);
    feeds.forgetAll();
    feeds.finishRead(beforeReset, 's', [entry(3)]);
    expect(feeds.size).toBe(0);
    expect(feeds.bytes).toBe(0);
  });

  it('keeps nothing with a budget of 0', () => {
    const feeds = new KeptFeeds(0);
    feeds.keep(1, 's', [entry(1)]);
    expect(feeds.get(1, 's')).toBeUndefined();
    expect(feeds.bytes).toBe(0);
  });
});
