import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetInvite, pendingInvitePath, rememberInvite } from './pending-invite.js';

/** A tab's session storage, as the browser keeps it. */
function tabStorage(): Storage {
  const kept = new Map<string, string>();
  return {
    get length() {
      return kept.size;
    },
    clear: () => kept.clear(),
    getItem: (key) => kept.get(key) ?? null,
    key: (index) => [...kept.keys()][index] ?? null,
    removeItem: (key) => void kept.delete(key),
    setItem: (key, value) => void kept.set(key, String(value)),
  };
}

describe('the invite a signed-out visitor came with', () => {
  beforeEach(() => {
    globalThis.sessionStorage = tabStorage();
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('sends every screen that asks to the same invite, until its page is reached', () => {
    rememberInvite('Abc_123-x');
    // The sign-in guard may render twice before it navigates: both renders agree.
    expect(pendingInvitePath()).toBe('/join/Abc_123-x?welcome=1');
    expect(pendingInvitePath()).toBe('/join/Abc_123-x?welcome=1');
    forgetInvite();
    expect(pendingInvitePath()).toBeNull();
  });

  it('keeps nothing that is not an invite code, so it can send no one elsewhere', () => {
    rememberInvite('../settings');
    rememberInvite('x'.repeat(65));
    expect(pendingInvitePath()).toBeNull();
  });

  it('is nothing without session storage', () => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
    rememberInvite('abc');
    expect(pendingInvitePath()).toBeNull();
    expect(() => forgetInvite()).not.toThrow();
  });
});
