import { describe, expect, it } from 'vitest';
import { hasControlCharacters, withoutControlCharacters } from './plain-text.js';

describe('control characters', () => {
  it('finds line breaks, tabs, other C0 and C1 controls and the Unicode separators', () => {
    for (const text of ['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b']) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    expect(hasControlCharacters('a\u2028b')).toBe(true);
    expect(hasControlCharacters('a\u2029b')).toBe(true);
  });

  it('accepts every other letter, mark and space a name may hold', () => {
    for (const text of [
      'Zoë Årdal',
      'ژاله\u200cی',
      'Ašəm 真実 🌅👩‍👩‍👧',
      'A\u00a0B',
      "O'Brien-Smith",
    ]) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
  });

  it('puts a space in place of each one', () => {
    expect(withoutControlCharacters('Eve\r\nBcc: x@evil.test\u2028')).toBe(
      'Eve  Bcc: x@evil.test ',
    );
    expect(withoutControlCharacters('Zoë')).toBe('Zoë');
  });
});
