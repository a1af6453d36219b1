import { describe, expect, it } from 'vitest';
import { parseEntryText } from './journal-entry.js';
import { orderedParts, sharedEntryText } from './shared-parts.js';

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
