import { describe, expect, it } from 'vitest';
import { isLongText, readMoreText } from './read-more.js';

describe('read more', () => {
  it('leaves text of 200 characters or less whole', () => {
    const text = 'a'.repeat(200);
    expect(isLongText(text)).toBe(false);
    expect(readMoreText(text, false)).toBe(text);
  });

  it('cuts longer text after the last whole word within 200 characters, until expanded', () => {
    // Word 40 ends at character 199; "clean" runs across the limit.
    const text = `${'word '.repeat(39)}word clean water for all`;
    expect(isLongText(text)).toBe(true);
    expect(readMoreText(text, false)).toBe(`${'word '.repeat(39)}word...`);
    expect(readMoreText(text, true)).toBe(text);
  });

  it('keeps a word that ends exactly at the limit', () => {
    const text = `${'b'.repeat(200)} tail`;
    expect(readMoreText(text, false)).toBe(`${'b'.repeat(200)}...`);
  });

  it('never ends the cut text on spaces or line breaks', () => {
    const text = `${'seven  '.repeat(28)}\n\nmore words follow here`;
    expect(readMoreText(text, false)).toMatch(/seven\.\.\.$/);
  });

  it('cuts a first word longer than the limit at 200 characters', () => {
    const text = `${'c'.repeat(250)} end`;
    expect(readMoreText(text, false)).toBe(`${'c'.repeat(200)}...`);
  });
});
