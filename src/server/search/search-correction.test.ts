import { describe, expect, it } from 'vitest';
import { correctedTerms, editDistance, nearestWord } from './search-correction.js';

describe('typo correction', () => {
  const vocabulary = new Map([
    ['truth', 10],
    ['trust', 2],
    ['asha', 5],
    ['ahunavaiti', 3],
  ]);

  it('counts edits, swaps included, and stops past the limit', () => {
    expect(editDistance('trurh', 'truth', 2)).toBe(1);
    expect(editDistance('rtuth', 'truth', 2)).toBe(1);
    expect(editDistance('abcdef', 'truth', 2)).toBe(3);
  });

  it('corrects to the nearest, then the more frequent, known word', () => {
    expect(nearestWord('trutt', vocabulary)).toBe('truth');
    expect(nearestWord('ahunavati', vocabulary)).toBe('ahunavaiti');
    expect(nearestWord('truth', vocabulary)).toBe('truth');
    expect(nearestWord('xylophone', vocabulary)).toBeNull();
    // Short words are too short to guess at.
    expect(nearestWord('ash', vocabulary)).toBeNull();
  });

  it('corrects a whole search only when every word has a correction and one changed', () => {
    expect(correctedTerms(['trurh', 'asha'], vocabulary)).toEqual(['truth', 'asha']);
    expect(correctedTerms(['truth', 'asha'], vocabulary)).toBeNull();
    expect(correctedTerms(['trurh', 'qqqqqq'], vocabulary)).toBeNull();
    expect(correctedTerms(['trurh', '44'], vocabulary)).toEqual(['truth', '44']);
  });
});
