import { describe, expect, it } from 'vitest';
import { GATHAS, STANZAS_PER_SONG } from '#shared/constants';
import {
  type Reading,
  checkEditorialRules,
  deriveGathaInfo,
  validatePack,
} from './content-pack.js';

const words = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

/** A synthetic pack that meets every editorial rule, built the way content/README.md lays it out. */
function validReadings(): Reading[] {
  const readings: Reading[] = [];
  const add = (r: Omit<Reading, 'day' | 'thought' | 'explanation' | 'reflectionPrompt'>) => {
    const day = readings.length + 1;
    readings.push({
      ...r,
      day,
      thought: words(40, `t${day}w`),
      // Two, three or four paragraphs in turn, so no one count dominates.
      explanation: ['a', 'b', 'c', 'd']
        .slice(0, 2 + (day % 3))
        .map((p) => words(60, `${p}${day}w`))
        .join('\n\n'),
      reflectionPrompt: `Prompt ${day}?`,
    });
  };
  add({ reference: 'Yasna 28 (opening)', songNumber: 28, stanzas: [], songTitle: 'Ahunavaiti' });
  add({ reference: 'Yasna 27.14', songNumber: 27, stanzas: [14], songTitle: 'Ashem Vohu' });
  add({ reference: 'Yasna 27.13', songNumber: 27, stanzas: [13], songTitle: 'Yatha Ahu' });
  for (const gatha of GATHAS) {
    const units = STANZAS_PER_SONG.filter(([song]) =>
      (gatha.songs as readonly number[]).includes(song),
    ).flatMap(([song, count]) =>
      Array.from({ length: count }, (_, i) => ({
        song,
        stanzas: [i + 1],
        part: undefined as string | undefined,
      })),
    );
    const days = gatha.endDay - readings.length;
    // Too many stanzas: pair neighbours in the same song. Too few: split stanzas into two parts.
    for (let i = 0; units.length > days && i < units.length - 1; i++) {
      if (units[i]!.song === units[i + 1]!.song)
        units.splice(i, 2, {
          ...units[i]!,
          stanzas: [units[i]!.stanzas[0]!, units[i + 1]!.stanzas[0]!],
        });
    }
    const n = units.length;
    const laidOut =
      n >= days
        ? units
        : units.flatMap((unit, i) => {
            const parts = Math.floor(days / n) + (i < days % n ? 1 : 0);
            return parts === 1
              ? [unit]
              : Array.from({ length: parts }, (_, p) => ({ ...unit, part: `part ${p + 1}` }));
          });
    for (const unit of laidOut) {
      add({
        reference: `Yasna ${unit.song}.${unit.stanzas.join('-')}`,
        songNumber: unit.song,
        stanzas: unit.stanzas,
        songTitle: gatha.name,
        ...(unit.part ? { part: unit.part } : {}),
      });
    }
  }
  return readings;
}

describe('the editorial rules', () => {
  it('pass for a pack laid out as the README says', () => {
    const readings = validReadings();
    expect(readings).toHaveLength(241);
    expect(checkEditorialRules(readings)).toEqual([]);
  });

  it('catch a missing day', () => {
    expect(checkEditorialRules(validReadings().slice(0, 240))).toContain(
      'expected 241 days, found 240',
    );
  });

  it('catch a stanza missing, repeated or out of order', () => {
    const readings = validReadings();
    const day = readings.find((r) => r.reference === 'Yasna 30.5')!;
    day.stanzas = [6];
    expect(checkEditorialRules(readings).join('\n')).toMatch(
      /expected Yasna 30.5 but found Yasna 30.6/,
    );
  });

  it('catch a Gatha outside its days and a wrong Gatha name', () => {
    const readings = validReadings();
    readings[99]!.songNumber = 43;
    expect(checkEditorialRules(readings).join('\n')).toMatch(
      /day 100: Yasna 43 belongs to Ushtavaiti, days 101-154/,
    );
    const renamed = validReadings();
    renamed[150]!.songTitle = 'Ahunavaiti';
    expect(checkEditorialRules(renamed).join('\n')).toMatch(
      /day 151: songTitle should be Ushtavaiti/,
    );
  });

  it('catch lengths out of bounds, and let a short part of a stanza be as short as its lines', () => {
    const readings = validReadings();
    readings[10]!.thought = 'Two short lines\nand no more.';
    expect(checkEditorialRules(readings)).toEqual([]);
    readings[11]!.thought = words(151, 'y');
    readings[12]!.explanation = words(119, 'z');
    readings[13]!.explanation = words(261, 'q');
    const errors = checkEditorialRules(readings).join('\n');
    expect(errors).not.toMatch(/day 11/);
    expect(errors).toMatch(/day 12: thought has 151 words/);
    expect(errors).toMatch(/day 13: explanation has 119 words/);
    expect(errors).toMatch(/day 14: explanation has 261 words/);
  });

  it('catch placeholder text', () => {
    for (const text of [
      'Lorem ipsum dolor',
      'TODO write this',
      'tbd',
      'placeholder',
      'XXX',
      'stanza text here',
    ]) {
      const readings = validReadings();
      readings[20]!.thought = `${words(35, 'p')} ${text}`;
      expect(checkEditorialRules(readings).join('\n'), text).toMatch(
        /day 21: thought contains placeholder text/,
      );
    }
  });

  it('catch two days with the same thought, explanation or prompt', () => {
    const readings = validReadings();
    readings[30]!.thought = readings[29]!.thought;
    readings[40]!.explanation = readings[41]!.explanation;
    readings[50]!.reflectionPrompt = readings[51]!.reflectionPrompt;
    const errors = checkEditorialRules(readings).join('\n');
    expect(errors).toMatch(/days 30 and 31 have the same thought/);
    expect(errors).toMatch(/days 41 and 42 have the same explanation/);
    expect(errors).toMatch(/days 51 and 52 have the same reflectionPrompt/);
  });
});

describe('validating a pack', () => {
  const manifest = {
    title: 't',
    author: 'Someone',
    license: 'l',
    chapters: [{ songNumber: 28, description: 'The first song' }],
  };
  const reading = (day: number, extra: Partial<Reading> = {}) => ({
    day,
    reference: `Yasna 28.${day}`,
    songNumber: 28,
    stanzas: [day],
    songTitle: 'Ahunavaiti',
    thought: 'a',
    explanation: 'b',
    reflectionPrompt: null,
    ...extra,
  });

  it('accepts days 1..N across files and derives gatha info', () => {
    const result = validatePack(manifest, [
      { name: 'b.json', data: { readings: [reading(2)] } },
      { name: 'a.json', data: { readings: [reading(1)] } },
    ]);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.pack.readings.map((r) => r.day)).toEqual([1, 2]);
      expect(result.pack.gathaInfo[0]).toEqual({
        songNumber: 28,
        songTitle: 'Ahunavaiti',
        stanzaNumber: 1,
        description: 'The first song',
        startDay: 1,
        endDay: 1,
      });
    }
  });

  it('names duplicate and missing days, bad fields and missing chapter descriptions', () => {
    const result = validatePack(manifest, [
      {
        name: 'a.json',
        data: { readings: [reading(1), reading(1), reading(4, { songNumber: 29 })] },
      },
      { name: 'b.json', data: { readings: [{ day: 5 }] } },
      { name: 'c.json', data: [] },
    ]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const text = result.errors.join('\n');
      expect(text).toMatch(/day 1 appears twice/);
      expect(text).toMatch(/b.json reading 1 thought/);
      expect(text).toMatch(/c.json: expected/);
      expect(text).toMatch(/no description for Yasna 29/);
    }
  });

  it('makes one gatha info row for a stanza read over several days', () => {
    const rows = deriveGathaInfo(
      [
        { ...reading(1), songNumber: 53, stanzas: [], songTitle: 'Vahishto-ishti' },
        {
          ...reading(2),
          songNumber: 53,
          stanzas: [1],
          part: 'lines 1-2',
          songTitle: 'Vahishto-ishti',
        },
        {
          ...reading(3),
          songNumber: 53,
          stanzas: [1],
          part: 'lines 3-4',
          songTitle: 'Vahishto-ishti',
        },
        {
          ...reading(4),
          songNumber: 53,
          stanzas: [2],
          part: 'lines 1-2',
          songTitle: 'Vahishto-ishti',
        },
      ],
      new Map([[53, 'The wedding song']]),
    );
    expect(rows.map((r) => [r.stanzaNumber, r.startDay, r.endDay])).toEqual([
      [0, 1, 1],
      [1, 2, 3],
      [2, 4, 4],
    ]);
  });
});
