import { describe, expect, it } from 'vitest';
import { FeedCache } from './feed-cache.js';

const body = (bytes: number, fill = 'x') => Buffer.from(fill.repeat(bytes));

describe('the feed cache', () => {
  it("lets go of a reader's feed when their friends change, or when someone it shows changes", () => {
    const feeds = new FeedCache(10_000);
    feeds.keep(1, [10, 11], body(10, 'a'));
    feeds.keep(2, [11, 12], body(10, 'b'));
    feeds.keep(3, [13], body(10, 'c'));
    expect(feeds.get(1)?.toString()).toBe('a'.repeat(10));

    feeds.forgetReadersOf(11);
    expect(feeds.get(1)).toBeUndefined();
    expect(feeds.get(2)).toBeUndefined();
    expect(feeds.get(3)).toBeDefined();

    feeds.forgetReader(3);
    expect(feeds.get(3)).toBeUndefined();
    expect(feeds.size).toBe(0);
    expect(feeds.bytes).toBe(0);
  });

  it('stays within its byte budget, letting the least recently read go first', () => {
    // Each feed costs its body and 16 bytes for its one friend: 116 bytes.
    const feeds = new FeedCache(350);
    feeds.keep(1, [9], body(100, '1'));
    feeds.keep(2, [9], body(100, '2'));
    feeds.keep(3, [9], body(100, '3'));
    expect(feeds.get(1)).toBeDefined();
    feeds.keep(4, [9], body(100, '4'));
    expect(feeds.bytes).toBe(348);
    expect(feeds.get(2)).toBeUndefined();
    expect(feeds.get(1)).toBeDefined();
    expect(feeds.get(3)).toBeDefined();
    expect(feeds.get(4)).toBeDefined();
  });

  it("replaces a reader's feed, and keeps nothing larger than the budget", () => {
    const feeds = new FeedCache(300);
    feeds.keep(1, [7], body(100));
    feeds.keep(1, [], body(50));
    expect(feeds.bytes).toBe(50);
    expect(feeds.size).toBe(1);
    // Replaced, the old feed no longer answers for its friend.
    feeds.forgetReadersOf(7);
    expect(feeds.get(1)).toBeDefined();
    feeds.keep(2, [], body(301));
    expect(feeds.get(2)).toBeUndefined();
    expect(feeds.bytes).toBe(50);
  });

  it('does not keep what a read found when something it shows changed while it ran', () => {
    const feeds = new FeedCache(10_000);
    const friendsChanged = feeds.startRead(1);
    const friendShared = feeds.startRead(2);
    const strangerShared = feeds.startRead(3);
    feeds.forgetReader(1);
    feeds.forgetReadersOf(20);
    feeds.finishRead(friendsChanged, { authors: [20], body: body(10) });
    feeds.finishRead(friendShared, { authors: [20, 21], body: body(10) });
    feeds.finishRead(strangerShared, { authors: [21], body: body(10) });
    expect(feeds.get(1)).toBeUndefined();
    expect(feeds.get(2)).toBeUndefined();
    expect(feeds.get(3)).toBeDefined();

    const again = feeds.startRead(1);
    feeds.finishRead(again, { authors: [20], body: body(10) });
    expect(feeds.get(1)).toBeDefined();

    const beforeClear = feeds.startRead(4);
    feeds.clear();
    feeds.finishRead(beforeClear, { authors: [], body: body(10) });
    expect(feeds.size).toBe(0);
    expect(feeds.bytes).toBe(0);
  });

  it('keeps nothing with a budget of 0', () => {
    const feeds = new FeedCache(0);
    feeds.keep(1, [], body(1));
    expect(feeds.get(1)).toBeUndefined();
  });
});
