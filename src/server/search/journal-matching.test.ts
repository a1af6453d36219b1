import { describe, expect, it } from 'vitest';
import { phrasesOf } from './search-queries.js';
import { phraseCounter, searchPhrases, searchStem } from './journal-matching.js';

const countIn = (search: string, text: string) =>
  phraseCounter(searchPhrases(phrasesOf(search)))(text);

describe('matching a search in journal text', () => {
  it('finds a word in its other forms, without regard to case or accents', () => {
    expect(countIn('truth', 'Truthful words; the truths I kept.')).toBe(2);
    expect(countIn('lanterns', 'A lantern by the door')).toBe(1);
    expect(countIn('asa', 'Aša guides the path')).toBe(1);
    expect(countIn('AŠA', 'asa')).toBe(1);
  });

  it('compares whole words: a part of a word or a different word does not match', () => {
    expect(countIn('truth', 'untruth')).toBe(0);
    expect(countIn('hope', 'hopeless')).toBe(0);
    expect(countIn('harbour', 'a quiet market')).toBe(0);
  });

  it('needs every part of the search, and counts each time they occur', () => {
    expect(countIn('lantern harbour', 'a lantern')).toBe(0);
    expect(countIn('lantern harbour', 'a lantern at the harbour, another lantern')).toBe(3);
  });

  it('reads a part with punctuation as words in that order', () => {
    expect(countIn('Yasna 44.3', 'I read Yasna 44 3 today')).toBe(2);
    expect(countIn('44.3', 'I read 44.3 today')).toBe(1);
    expect(countIn('44.3', 'verse 3 of 44')).toBe(0);
  });

  it('treats search syntax as plain characters', () => {
    expect(countIn('"truth*', 'the truth')).toBe(1);
    expect(countIn('NEAR(truth', 'near truth')).toBe(1);
    expect(countIn('truth OR lie', 'the truth, or a lie')).toBe(3);
    expect(countIn('***', 'anything')).toBe(0);
  });

  it('counts at most twelve words of a search', () => {
    const words = Array.from({ length: 14 }, (_, i) => `word${i}`);
    const phrases = searchPhrases(phrasesOf(words.join(' ')));
    expect(phrases.flat()).toHaveLength(12);
    expect(phraseCounter(phrases)(words.slice(0, 12).join(' '))).toBe(12);
  });

  it('compares a very long word whole rather than stemming it', () => {
    const long = 'a'.repeat(5_000) + 'ing';
    expect(searchStem(long)).toBe(long);
    expect(countIn(long, `x ${long} y`)).toBe(1);
  });
});
