import { afterEach, describe, expect, it } from 'vitest';
import { stopKeepingEarlyTaps, takeEarlyTap } from './early-taps.js';

const early = globalThis as { window?: { __earlyTaps?: string[]; __earlyTapsTaken?: boolean } };

describe('taps kept before the app was live', () => {
  afterEach(() => {
    delete early.window;
  });

  it('are taken once per button, however many times it was tapped', () => {
    early.window = { __earlyTaps: ['read-explanation', 'other', 'read-explanation'] };
    expect(takeEarlyTap('read-explanation')).toBe(true);
    expect(takeEarlyTap('read-explanation')).toBe(false);
    expect(early.window.__earlyTaps).toEqual(['other']);
  });

  it('are none when the early script did not run, and stop being kept once the app is live', () => {
    early.window = {};
    expect(takeEarlyTap('read-explanation')).toBe(false);
    stopKeepingEarlyTaps();
    expect(early.window.__earlyTapsTaken).toBe(true);
  });
});
