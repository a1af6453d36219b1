import { describe, expect, it } from 'vitest';
import { firstLineOf, stanzaHeading, stanzaReference } from './stanza-heading.js';

const info = (songNumber: number, stanzaNumber: number, songTitle: string, days = [1, 1]) => ({
  songNumber,
  stanzaNumber,
  songTitle,
  startDay: days[0] ?? 1,
  endDay: days[1] ?? 1,
});

describe('the daily heading', () => {
  it('cites the stanza as Yasna chapter.stanza, with its Gatha', () => {
    expect(stanzaHeading(87, info(34, 1, 'Ahunavaiti', [87, 87]))).toBe(
      'Yasna 34.1 \u2022 Ahunavaiti',
    );
    expect(stanzaHeading(100, info(34, 15, 'Ahunavaiti', [100, 100]))).toBe(
      'Yasna 34.15 \u2022 Ahunavaiti',
    );
  });

  it('names the two short prayers by their own names', () => {
    expect(stanzaHeading(2, info(27, 14, 'Yasna', [2, 2]))).toBe('Yasna 27.14 \u2022 Ashem Vohu');
    expect(stanzaHeading(3, info(27, 13, 'Yasna', [3, 3]))).toBe('Yasna 27.13 \u2022 Yatha Ahu');
  });

  it('names the opening, an introduction, and each part of a stanza read over several days', () => {
    expect(stanzaReference(1, info(28, 0, 'Ahunavaiti', [1, 1]))).toBe('Yasna 28 (opening)');
    expect(stanzaHeading(155, info(47, 0, 'Spenta Mainyu', [155, 155]))).toBe(
      'Yasna 47 (introduction) \u2022 Spenta Mainyu',
    );
    const first = info(53, 1, 'Vahishto-ishti', [220, 222]);
    expect(stanzaReference(220, first)).toBe('Yasna 53.1 (part 1 of 3)');
    expect(stanzaReference(222, first)).toBe('Yasna 53.1 (part 3 of 3)');
  });
});

describe('firstLineOf', () => {
  it('gives the first line with words, trimmed, skipping blank lines', () => {
    expect(firstLineOf('  \n\n  Truly, I ask thee  \nSecond line')).toBe('Truly, I ask thee');
    expect(firstLineOf('One line only')).toBe('One line only');
    expect(firstLineOf(' \n \n')).toBe('');
  });
});
