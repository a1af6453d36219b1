import { describe, expect, it } from 'vitest';
import { formatEntryText, parseEntryText } from './journal-entry.js';

describe('journal entry text', () => {
  it('reads the three parts from the stored JSON', () => {
    expect(parseEntryText('{"thoughts":"a","words":"b","deeds":"c"}')).toEqual({
      thoughts: 'a',
      words: 'b',
      deeds: 'c',
    });
  });

  it('reads older or unparseable text as plain thoughts', () => {
    expect(parseEntryText('just a note')).toEqual({
      thoughts: 'just a note',
      words: '',
      deeds: '',
    });
    expect(parseEntryText('{broken')).toEqual({ thoughts: '{broken', words: '', deeds: '' });
    expect(parseEntryText('[1,2]')).toEqual({ thoughts: '[1,2]', words: '', deeds: '' });
    expect(parseEntryText('42')).toEqual({ thoughts: '42', words: '', deeds: '' });
  });

  it('fills missing or non-text parts with empty text', () => {
    expect(parseEntryText('{"words":"kind","deeds":7}')).toEqual({
      thoughts: '',
      words: 'kind',
      deeds: '',
    });
  });

  it('trims each part when saving', () => {
    const text = formatEntryText({ thoughts: '  calm ', words: '\nkind\n', deeds: ' ' });
    expect(JSON.parse(text)).toEqual({ thoughts: 'calm', words: 'kind', deeds: '' });
  });
});
