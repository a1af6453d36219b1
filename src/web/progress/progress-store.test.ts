import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ProgressRecord } from '#shared/progress';
import type { ProgressDayUpdate } from '#shared/progress-sync';
import type { Notice } from '../lib/notice.js';
import { createProgressStore, progressStoreFor } from './progress-store.js';

const cookieWith = (record: Partial<ProgressRecord>) =>
  `tfp_session=abc; gatha-progress=${encodeURIComponent(JSON.stringify(record))}`;

/** A browser of its own: its cookie, the toasts it showed, the flags it sent to the server. */
function fakeBrowser(cookies = '') {
  const toasts: Notice[] = [];
  const kept: ProgressRecord[] = [];
  const sent: { day: number; flags: ProgressDayUpdate }[] = [];
  const store = createProgressStore({
    cookies: () => cookies,
    keep: (record) => void kept.push(record),
    announce: (message) => void toasts.push(message),
    mergeWithServer: async (record) => record,
    sendDayFlags: async (day, flags) => void sent.push({ day, flags }),
    clearServer: async () => undefined,
    pendingReset: () => null,
  });
  return { store, toasts, kept, sent };
}

describe('the progress store', () => {
  it('announces the day that opened when the current stanza is completed', () => {
    const { store, toasts } = fakeBrowser(cookieWith({ currentStanza: 240, lastReadDay: 240 }));
    expect(store.markStep(240, 'gatha', 241)).toBeNull();
    expect(store.markStep(240, 'explanation', 241)).toBe(241);
    expect(toasts).toEqual([
      { title: 'Progress unlocked!', description: 'Stanza 241 is now available' },
    ]);
    expect(store.snapshot()).toMatchObject({ currentStanza: 241, lastReadDay: 241 });
  });

  it('calls no day available that the calendar has not opened yet', () => {
    const { store, toasts } = fakeBrowser(cookieWith({ currentStanza: 100, lastReadDay: 100 }));
    store.markStep(100, 'gatha', 100);
    expect(store.markStep(100, 'reflection', 100)).toBeNull();
    expect(toasts).toEqual([]);
    // The path still moves on: day 101 is the reader's next stanza when it opens.
    expect(store.snapshot()).toMatchObject({ currentStanza: 101, reflectionSaved: [100] });
  });

  it('marks a day read with its own toast; completing the current stanza so moves the path quietly', () => {
    const { store, toasts } = fakeBrowser(cookieWith({ currentStanza: 3, lastReadDay: 3 }));
    store.markRead(3);
    expect(toasts).toEqual([{ title: 'Progress saved', description: 'Day 3 marked as read' }]);
    expect(store.snapshot()).toMatchObject({ currentStanza: 4, readDays: [3], lastReadDay: 4 });
  });

  it('opens nothing and names no day past 241 when day 241 is completed', () => {
    for (const totalDays of [241, 293]) {
      const { store, toasts, kept } = fakeBrowser(
        cookieWith({ currentStanza: 241, lastReadDay: 241, totalDays }),
      );
      expect(store.markStep(241, 'gatha', 241)).toBeNull();
      expect(store.markStep(241, 'reflection', 241)).toBeNull();
      expect(toasts).toEqual([]);
      expect(store.snapshot()).toMatchObject({
        currentStanza: 241,
        lastReadDay: 241,
        totalDays: 241,
        reflectionSaved: [241],
      });
      expect(kept.at(-1)?.totalDays).toBe(241);
    }
  });

  it('keeps each app’s progress apart', () => {
    const first = fakeBrowser();
    const second = fakeBrowser();
    let secondChanged = 0;
    second.store.subscribe(() => (secondChanged += 1));
    first.store.markRead(5);
    expect(first.store.snapshot().readDays).toEqual([5]);
    expect(second.store.snapshot().readDays).toEqual([]);
    expect(secondChanged).toBe(0);
    expect(second.toasts).toEqual([]);
  });

  it('sends new steps to the server only while someone is signed in', () => {
    const { store, sent } = fakeBrowser();
    store.markRead(3);
    expect(sent).toEqual([]);
    store.signedIn(7, new QueryClient());
    store.markStep(4, 'gatha', 100);
    expect(sent).toEqual([{ day: 4, flags: { gathaViewed: true } }]);
  });

  it("reads a server-rendered page's record from that request's cookies", () => {
    const one = progressStoreFor(cookieWith({ readDays: [1, 2] }), () => undefined);
    const other = progressStoreFor('tfp_session=def', () => undefined);
    expect(one.snapshot().readDays).toEqual([1, 2]);
    expect(other.snapshot().readDays).toEqual([]);
  });
});
