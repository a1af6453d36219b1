import { describe, expect, it } from 'vitest';
import { appreciatedLine, namesInWords, sharingInWords } from './circle-words.js';

describe('sharing in words', () => {
  it('names friends and each circle, or says private', () => {
    expect(sharingInWords(false, [])).toBe('Private');
    expect(sharingInWords(true, [])).toBe('Shared with friends');
    expect(sharingInWords(false, ['Family'])).toBe('Shared with Family');
    expect(sharingInWords(true, ['Family', 'Study class'])).toBe(
      'Shared with friends, Family and Study class',
    );
  });

  it('lists names as a sentence does', () => {
    expect(namesInWords([])).toBe('');
    expect(namesInWords(['A'])).toBe('A');
    expect(namesInWords(['A', 'B'])).toBe('A and B');
    expect(namesInWords(['A', 'B', 'C'])).toBe('A, B and C');
  });

  it('tells the author who appreciated, by first name', () => {
    expect(appreciatedLine(['Roshan Irani', 'Mehr'], 91)).toBe(
      'Roshan and Mehr appreciated your reflection on day 91',
    );
  });
});
