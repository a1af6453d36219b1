import { describe, expect, it } from 'vitest';
import {
  SIGNED_OUT_ATTRIBUTE,
  SIGNED_OUT_KEY,
  SIGNED_OUT_MARK_SCRIPT,
  signedOutMark,
} from './signed-out-mark.js';

/** Runs the head script against a stored value; the root's mark, or undefined for none. */
function markFromHeadScript(stored: string | null): string | undefined {
  const attributes = new Map<string, string>();
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  const localStorage = { getItem: (key: string) => (key === SIGNED_OUT_KEY ? stored : null) };
  new Function('document', 'localStorage', SIGNED_OUT_MARK_SCRIPT)(document, localStorage);
  return attributes.get(SIGNED_OUT_ATTRIBUTE);
}

const stored = [
  null,
  '{"ending":"expired"}',
  '{"ending":"signed-out-elsewhere"}',
  '{"ending":"password-changed"}',
  '{"ending":"suspended"}',
  '{"ending":null}',
  '{"ending":"toString"}',
  '{"ending":"something new"}',
  'null',
  '{}',
  'not json',
];

describe('the signed-out mark', () => {
  it('names the ending the server gave, "unknown" for any other stored value, none when none', () => {
    expect(stored.map(signedOutMark)).toEqual([
      null,
      'expired',
      'signed-out-elsewhere',
      'password-changed',
      'suspended',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });

  it('is put on the page by the head script exactly as the app puts it', () => {
    for (const value of stored) {
      expect(markFromHeadScript(value), String(value)).toBe(signedOutMark(value) ?? undefined);
    }
  });

  it('leaves the page unmarked when storage cannot be read', () => {
    const document = { documentElement: { setAttribute: () => expect.unreachable() } };
    const localStorage = {
      getItem: () => {
        throw new Error('storage refused');
      },
    };
    expect(() =>
      new Function('document', 'localStorage', SIGNED_OUT_MARK_SCRIPT)(document, localStorage),
    ).not.toThrow();
  });
});
