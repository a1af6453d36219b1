import { describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT } from './early-taps-kept.js';

type Click = (event: { target: unknown }) => void;

/** Runs the head's script against a page with one listener slot; returns its window and a tap. */
function pageWithKeeper() {
  const listeners: { type: string; listener: Click; capture: unknown }[] = [];
  const document = {
    addEventListener: (type: string, listener: Click, capture: unknown) =>
      listeners.push({ type, listener, capture }),
  };
  const window: { __earlyTaps?: string[]; __earlyTapsLive?: Record<string, boolean> } = {};
  new Function('document', 'window', EARLY_TAPS_SCRIPT)(document, window);
  const tapOn = (name: string | null) => {
    const button = name === null ? null : { getAttribute: () => name };
    for (const { type, listener } of listeners)
      if (type === 'click')
        listener({
          target: {
            closest: (selector: string) => (selector === '[data-early-tap]' ? button : null),
          },
        });
  };
  return { window, listeners, tapOn };
}

describe('the head script that keeps taps made before the app is live', () => {
  it('keeps each tap on a button that names itself, in order, and listens before the page does', () => {
    const { window, listeners, tapOn } = pageWithKeeper();
    tapOn('mark-read');
    tapOn('account-menu');
    tapOn('mark-read');
    expect(window.__earlyTaps).toEqual(['mark-read', 'account-menu', 'mark-read']);
    expect(listeners.map(({ type, capture }) => [type, capture])).toEqual([['click', true]]);
  });

  it('keeps nothing for a tap elsewhere, or for a button already live', () => {
    const { window, tapOn } = pageWithKeeper();
    tapOn(null);
    window.__earlyTapsLive!['mark-read'] = true;
    tapOn('mark-read');
    tapOn('share-day');
    expect(window.__earlyTaps).toEqual(['share-day']);
  });
});
