import { describe, expect, it } from 'vitest';
import { KeptFeeds } from './kept-feeds.js';

const body = (bytes: number, fill = 'x') => Buffer.from(fill.repeat(bytes));

describe('kept feeds', () => {
  it('gives a kept answer back only under the stamp it was kept with', () => {
    const feeds = new KeptFeeds(1000);
    feeds.keep(1, 'a', body(10));
    expect(feeds.get(1, 'a')?.toString()).toBe('x'.repeat(10));
    expect(feeds.get(2, 'a')).toBeUndefined();
    expect(feeds.get(1, 'b')).toBeUndefined();
    // A stale answer is let go, not kept for a return to the old stamp.
    expect(feeds.get(1, 'a')).toBeUndefined();
    expect(feeds.bytes).toBe(0);
  });

  it('stays within its byte budget, letting the least recently read go first', () => {
    const feeds = new KeptFeeds(300);
    feeds.keep(1, 's', body(100, '1'));
    feeds.keep(2, 's', body(100, '2'));
    feeds.keep(3, 's', body(100, '3'));
    expect(feeds.get(1, 's')).toBeDefined();
    feeds.keep(4, 's', body(100, '4'));
    expect(feeds.bytes).toBe(300);
    expect(feeds.get(2, 's')).toBeUndefined();
    expect(feeds.get(1, 's')).toBeDefined();
    expect(feeds.get(3, 's')).toBeDefined();
    expect(feeds.get(4, 's')).toBeDefined();
  });

  it('replaces a reader’s answer, and keeps nothing larger than the budget', () => {
    const feeds = new KeptFeeds(300);
    feeds.keep(1, 's', body(100));
    feeds.keep(1, 't', body(50));
    expect(feeds.bytes).toBe(50);
    expect(feeds.size).toBe(1);
    feeds.keep(2, 's', body(301));
    expect(feeds.get(2, 's')).toBeUndefined();
    expect(feeds.bytes).toBe(50);
    feeds.forget(1);
    expect(feeds.bytes).toBe(0);
  });

  it('does not keep what a read found when the feed changed while it ran', () => {
    const feeds = new KeptFeeds(1000);
    const overtaken = feeds.startRead(1);
    const current = feeds.startRead(2);
    feeds.forget(1);
    feeds.finishRead(overtaken, '', body(10));
    feeds.finishRead(current, '', body(10));
    expect(feeds.get(1, '')).toBeUndefined();
    expect(feeds.get(2, '')).toBeDefined();
    const again = feeds.startRead(1);
    feeds.finishRead(again, '', body(10));
    expect(feeds.get(1, '')).toBeDefined();
    const beforeReset = feeds.startRead(3);
    feeds.forgetAll();
    feeds.finishRead(beforeReset, '', body(10));
    expect(feeds.size).toBe(0);
    expect(feeds.bytes).toBe(0);
  });

  it('keeps nothing with a budget of 0', () => {
    const feeds = new KeptFeeds(0);
    feeds.keep(1, 's', body(1));
    expect(feeds.get(1, 's')).toBeUndefined();
  });
});
