import { describe, expect, it } from 'vitest';
import { isLongText, readMoreText } from './read-more.js';

describe('read more', () => {
  it('leaves text of 200 characters or less whole', () => {
    const text = 'a'.repeat(200);
    expect(isLongText(text)).toBe(false);
    expect(readMoreText(text, false)).toBe(text);
  });

  it('cuts longer text to 200 characters plus an ellipsis until expanded', () => {
    const text = `${'b'.repeat(200)}tail`;
    expect(isLongText(text)).toBe(true);
    expect(readMoreText(text, false)).toBe(`${'b'.repeat(200)}...`);
    expect(readMoreText(text, true)).toBe(text);
  });
});
