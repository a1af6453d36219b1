import { describe, expect, it } from 'vitest';
import {
  explanationLinesToSpeak,
  orderVoices,
  parseReadAloudChoice,
  sentencesOf,
  stanzaLinesToSpeak,
} from './read-aloud.js';

describe('lines to speak', () => {
  it('speaks a stanza line by line, skipping blank lines between verses', () => {
    expect(stanzaLinesToSpeak('With hands raised,\n  Wise Lord,\n\n\nI ask first\n')).toEqual([
      'With hands raised,',
      'Wise Lord,',
      'I ask first',
    ]);
  });

  it('speaks an explanation sentence by sentence, paragraph after paragraph', () => {
    expect(
      explanationLinesToSpeak(
        "Yasna 28.1 opens the Gathas. Why? 'Help' is also read as 'joy.' Some agree!\n\nA second paragraph (see 29.2). \"Quoted\" ends it.",
      ),
    ).toEqual([
      'Yasna 28.1 opens the Gathas.',
      'Why?',
      "'Help' is also read as 'joy.'",
      'Some agree!',
      'A second paragraph (see 29.2).',
      '"Quoted" ends it.',
    ]);
  });

  it('keeps a sentence whole where a stop is not followed by a new sentence', () => {
    expect(sentencesOf('Read 28.1 and 30.2, e.g. these ones. 12 follow.')).toEqual([
      'Read 28.1 and 30.2, e.g. these ones.',
      '12 follow.',
    ]);
    expect(sentencesOf('   ')).toEqual([]);
  });
});

describe('voices and the stored choice', () => {
  it('offers English voices first, keeping the browser order within each group', () => {
    const voices = [
      { name: 'Anna', lang: 'de-DE' },
      { name: 'Daniel', lang: 'en-GB' },
      { name: 'Eng', lang: 'eng' },
      { name: 'Samantha', lang: 'en-US' },
    ];
    expect(orderVoices(voices).map((voice) => voice.name)).toEqual([
      'Daniel',
      'Samantha',
      'Anna',
      'Eng',
    ]);
  });

  it('reads back a stored choice and falls back to the defaults on anything else', () => {
    expect(parseReadAloudChoice('{"voice":"Daniel","rate":1.25}')).toEqual({
      voice: 'Daniel',
      rate: 1.25,
    });
    expect(parseReadAloudChoice('{"voice":3,"rate":9}')).toEqual({ voice: null, rate: 1 });
    expect(parseReadAloudChoice('not json')).toEqual({ voice: null, rate: 1 });
    expect(parseReadAloudChoice(null)).toEqual({ voice: null, rate: 1 });
  });
});
