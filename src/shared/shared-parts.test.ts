import { describe, expect, it } from 'vitest';
import { parseEntryText } from './journal-entry.js';
import { orderedParts, sharedEntryText, sharedSections } from './shared-parts.js';

const entry = JSON.stringify({
  thoughts: 'secret thought',
  words: 'kind word',
  deeds: 'good deed',
});

describe('the text friends may read', () => {
  it('keeps only the shared parts', () => {
    const text = sharedEntryText(entry, ['words']);
    expect(text).not.toContain('secret thought');
    expect(text).not.toContain('good deed');
    expect(parseEntryText(text)).toEqual({ thoughts: '', words: 'kind word', deeds: '' });
  });

  it('passes the text on as written when every part is shared', () => {
    expect(sharedEntryText(entry, ['deeds', 'thoughts', 'words'])).toBe(entry);
    expect(sharedEntryText('plain old text', ['thoughts', 'words', 'deeds'])).toBe(
      'plain old text',
    );
  });

  it('reads plain text from older entries as thoughts', () => {
    expect(sharedEntryText('plain old text', ['words', 'deeds'])).not.toContain('plain old');
    expect(parseEntryText(sharedEntryText('plain old text', ['thoughts'])).thoughts).toBe(
      'plain old text',
    );
  });

  it('orders parts as they are written, each once', () => {
    expect(orderedParts(['deeds', 'thoughts', 'deeds'])).toEqual(['thoughts', 'deeds']);
  });
});

describe("a friend's card", () => {
  it('shows every shared part with text, each under its label, in written order', () => {
    expect(sharedSections(entry, ['deeds', 'thoughts', 'words'])).toEqual([
      { part: 'thoughts', label: 'Good Thoughts', text: 'secret thought' },
      { part: 'words', label: 'Good Words', text: 'kind word' },
      { part: 'deeds', label: 'Good Deeds', text: 'good deed' },
    ]);
  });

  it('shows only the shared parts, and leaves out a part with nothing written', () => {
    expect(sharedSections(sharedEntryText(entry, ['deeds', 'words']), ['deeds', 'words'])).toEqual([
      { part: 'words', label: 'Good Words', text: 'kind word' },
      { part: 'deeds', label: 'Good Deeds', text: 'good deed' },
    ]);
    expect(sharedSections(entry, ['words']).map(({ part }) => part)).toEqual(['words']);
    const blankWords = JSON.stringify({ thoughts: 't', words: '  ', deeds: '' });
    expect(sharedSections(blankWords, ['thoughts', 'words', 'deeds'])).toEqual([
      { part: 'thoughts', label: 'Good Thoughts', text: 't' },
    ]);
  });

  it('reads plain text from older entries as thoughts', () => {
    expect(sharedSections('an old note', ['thoughts', 'words', 'deeds'])).toEqual([
      { part: 'thoughts', label: 'Good Thoughts', text: 'an old note' },
    ]);
  });
});
