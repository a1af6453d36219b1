import { describe, expect, it } from 'vitest';
import { entryHighlight } from './journal-entry.js';
import { initials } from './people.js';

describe('initials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initials('Roxana Mehr Daryush')).toBe('RD');
    expect(initials('  cyrus  ')).toBe('C');
    expect(initials('')).toBe('');
  });
});

describe("a friend's card", () => {
  it('leads with thoughts, then words, then deeds', () => {
    expect(entryHighlight('{"thoughts":"t","words":"w","deeds":"d"}')).toEqual({
      category: 'Good Thoughts',
      text: 't',
    });
    expect(entryHighlight('{"thoughts":" ","words":"w","deeds":"d"}')).toEqual({
      category: 'Good Words',
      text: 'w',
    });
    expect(entryHighlight('{"thoughts":"","words":"","deeds":"d"}')).toEqual({
      category: 'Good Deeds',
      text: 'd',
    });
  });

  it('reads plain text as thoughts', () => {
    expect(entryHighlight('an old note')).toEqual({
      category: 'Good Thoughts',
      text: 'an old note',
    });
  });
});
