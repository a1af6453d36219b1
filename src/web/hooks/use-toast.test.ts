import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_GAP_MS, TOAST_HURRIED_MS, dismissToast, toast, visibleToasts } from './use-toast.js';

/** What the toast area holds: each toast's title, and whether it is open or closing. */
const onScreen = () => visibleToasts().map(({ title, open }) => ({ title, open }));

/** The toast on screen closes (its time ran out, or it was swiped or closed), and the gap passes. */
function closeShown() {
  const [shown] = visibleToasts();
  if (shown) dismissToast(shown.id);
  vi.advanceTimersByTime(TOAST_GAP_MS);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  dismissToast();
  vi.advanceTimersByTime(TOAST_GAP_MS);
  vi.useRealTimers();
});

describe('toasts', () => {
  it('show one at a time: the next waits until the one on screen has closed', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
    expect(onScreen()).toEqual([{ title: 'First', open: true }]);

    const [first] = visibleToasts();
    dismissToast(first?.id);
    expect(onScreen()).toEqual([{ title: 'First', open: false }]);
    vi.advanceTimersByTime(TOAST_GAP_MS);
    expect(onScreen()).toEqual([{ title: 'Second', open: true }]);

    closeShown();
    expect(onScreen()).toEqual([]);
  });

  it('shorten the one on screen while another waits, but never lengthen it', () => {
    toast({ title: 'Long' });
    expect(visibleToasts()[0]?.duration).toBeUndefined();
    toast({ title: 'Waiting' });
    expect(visibleToasts()[0]?.duration).toBe(TOAST_HURRIED_MS);

    closeShown();
    toast({ title: 'Short', duration: 1_000 });
    toast({ title: 'After the short one' });
    closeShown();
    expect(onScreen()).toEqual([{ title: 'Short', open: true }]);
    expect(visibleToasts()[0]?.duration).toBe(1_000);
  });

  it('do not say the same words twice while they are on screen or waiting', () => {
    toast({ title: 'Refreshed', description: 'Up to date.' });
    toast({ title: 'Refreshed', description: 'Up to date.' });
    toast({ title: 'Other' });
    toast({ title: 'Other' });
    closeShown();
    expect(onScreen()).toEqual([{ title: 'Other', open: true }]);
    closeShown();
    expect(onScreen()).toEqual([]);

    // Once gone, the same words may come again.
    toast({ title: 'Refreshed', description: 'Up to date.' });
    expect(onScreen()).toEqual([{ title: 'Refreshed', open: true }]);
  });

  it('keep at most three waiting, dropping the oldest, and dismissing all clears the queue', () => {
    for (const title of ['On screen', 'One', 'Two', 'Three', 'Four']) toast({ title });
    const seen: unknown[] = [];
    for (let step = 0; step < 4; step++) {
      seen.push(visibleToasts()[0]?.title);
      closeShown();
    }
    expect(seen).toEqual(['On screen', 'Two', 'Three', 'Four']);

    toast({ title: 'A' });
    toast({ title: 'B' });
    dismissToast();
    vi.advanceTimersByTime(TOAST_GAP_MS);
    expect(onScreen()).toEqual([]);
  });

  it('a waiting toast that is dismissed never shows', () => {
    toast({ title: 'Shown' });
    const waiting = toast({ title: 'Withdrawn' });
    waiting.dismiss();
    closeShown();
    expect(onScreen()).toEqual([]);
  });
});
