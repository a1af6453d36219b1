import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyTap, takeLastEarlyTap } from './early-taps.js';

const early = globalThis as {
  window?: { __earlyTaps?: string[]; __earlyTapsLive?: Record<string, boolean> };
};

describe('taps kept before a button was live', () => {
  afterEach(() => {
    delete early.window;
  });

  it('are taken once per button, however many times it was tapped', () => {
    early.window = { __earlyTaps: ['read-explanation', 'other', 'read-explanation'] };
    expect(takeEarlyTap('read-explanation')).toBe(true);
    expect(takeEarlyTap('read-explanation')).toBe(false);
    expect(early.window.__earlyTaps).toEqual(['other']);
  });

  it('stop being kept for a button once it has taken them, and only for it', () => {
    early.window = { __earlyTaps: [], __earlyTapsLive: {} };
    expect(takeEarlyTap('account-menu')).toBe(false);
    expect(early.window.__earlyTapsLive).toEqual({ 'account-menu': true });
  });

  it('answer the door tapped last among several, and make every one of them live', () => {
    early.window = {
      __earlyTaps: ['sign-in', 'other', 'create-account', 'sign-in', 'create-account'],
      __earlyTapsLive: {},
    };
    expect(takeLastEarlyTap(['sign-in', 'create-account'])).toBe('create-account');
    expect(early.window.__earlyTaps).toEqual(['other']);
    expect(early.window.__earlyTapsLive).toEqual({ 'sign-in': true, 'create-account': true });
    expect(takeLastEarlyTap(['sign-in', 'create-account'])).toBeNull();
  });

  it('are none when the early script did not run', () => {
    early.window = {};
    expect(takeEarlyTap('read-explanation')).toBe(false);
  });
});
