import { describe, expect, it } from 'vitest';
import { glossaryMatcher, markFirstUses, slugsIn } from './glossary-marks.js';
import { checkGlossary, type GlossaryTerm, glossaryWithDays } from './glossary.js';

const definition =
  'A definition long enough to pass the check, written in twenty plain words for a reader who meets it each day.';
const terms: GlossaryTerm[] = [
  { term: 'Asha', slug: 'asha', aliases: ['Asha', 'ashavan'], definition },
  { term: 'Spenta', slug: 'spenta', aliases: ['spenta'], definition },
  { term: 'Spenta Mainyu', slug: 'spenta-mainyu', aliases: ['Spenta Mainyu'], definition },
  {
    term: 'Ahura Mazda',
    slug: 'ahura-mazda',
    aliases: ['Ahura Mazda', 'Mazda', 'Wise Lord'],
    definition,
  },
];
const matcher = glossaryMatcher(terms);

describe('glossary matching', () => {
  it('marks the first use of each word, whichever spelling, and leaves the rest as text', () => {
    const marked = markFirstUses(
      ['Truth (Asha) is chosen by the truthful (ashavan).', 'Mazda, the Wise Lord, loves Asha.'],
      matcher,
    );
    expect(marked).toEqual([
      ['Truth (', { text: 'Asha', slug: 'asha' }, ') is chosen by the truthful (ashavan).'],
      [{ text: 'Mazda', slug: 'ahura-mazda' }, ', the Wise Lord, loves Asha.'],
    ]);
  });

  it('prefers the longest spelling at a place and matches whole words in any case', () => {
    expect(
      markFirstUses(['the bountiful spirit (spenta mainyu) and spenta ones'], matcher),
    ).toEqual([
      [
        'the bountiful spirit (',
        { text: 'spenta mainyu', slug: 'spenta-mainyu' },
        ') and ',
        { text: 'spenta', slug: 'spenta' },
        ' ones',
      ],
    ]);
    expect(slugsIn('Ashavani, Mazdaean, ashaX and Spentas', matcher)).toEqual(new Set());
    expect(slugsIn('ĀAsha', matcher)).toEqual(new Set());
  });

  it('gives text without any glossary word back whole', () => {
    expect(markFirstUses(['Nothing to mark here.', ''], matcher)).toEqual([
      ['Nothing to mark here.'],
      [],
    ]);
  });

  it('scans long text in linear time', () => {
    const text = 'Spenta Mainyu '.repeat(5).concat('spent '.repeat(200_000));
    const started = performance.now();
    expect(slugsIn(text, matcher)).toEqual(new Set(['spenta-mainyu']));
    // Milliseconds in linear time, even on a busy machine; a pass that went back over the text
    // would take billions of steps, far beyond this bound.
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe('the days a word appears on', () => {
  it('lists in order every day whose rendering or explanation uses the word', () => {
    const entries = glossaryWithDays(terms, [
      { day: 3, thought: 'Wise Lord, hear me', explanation: 'Plain words.' },
      { day: 1, thought: 'A line', explanation: 'Truth (Asha) and Mazda.' },
      { day: 2, thought: 'A line', explanation: 'Nothing here.' },
    ]);
    expect(entries.map(({ slug, days }) => [slug, days])).toEqual([
      ['asha', [1]],
      ['spenta', []],
      ['spenta-mainyu', []],
      ['ahura-mazda', [1, 3]],
    ]);
    expect(entries[0]).toEqual({ term: 'Asha', slug: 'asha', definition, days: [1] });
  });
});

describe('the glossary check', () => {
  const readings = [{ day: 1, thought: 'Asha', explanation: 'spenta Spenta Mainyu Mazda' }];

  it('passes a glossary whose words all appear, once each, with definitions in bounds', () => {
    expect(checkGlossary(terms, readings)).toEqual([]);
  });

  it('names a repeated slug or alias, an unused word and a definition out of bounds', () => {
    const errors = checkGlossary(
      [
        ...terms,
        { term: 'Asha again', slug: 'asha', aliases: ['ASHA'], definition },
        { term: 'Druj', slug: 'druj', aliases: ['Druj'], definition: 'Too short.' },
      ],
      readings,
    );
    expect(errors).toEqual([
      'slug asha is used twice',
      'alias "ASHA" of asha is also an alias of asha',
      'druj: definition has 2 words (20-90)',
      "druj: no day's reading uses it",
    ]);
  });
});
