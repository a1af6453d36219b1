import { describe, expect, it } from 'vitest';
import type { GathaInfo } from '#shared/thought-types';
import { contentsOutline } from './contents-outline.js';

let nextId = 1;
function row(
  startDay: number,
  songNumber: number,
  stanzaNumber: number,
  songTitle: string,
  endDay = startDay,
): GathaInfo {
  return {
    id: nextId++,
    songNumber,
    songTitle,
    stanzaNumber,
    description: `About Yasna ${songNumber}`,
    startDay,
    endDay,
  };
}

const rows = [
  row(1, 28, 0, 'Ahunavaiti'),
  row(2, 27, 14, 'Ashem Vohu'),
  row(3, 27, 13, 'Yatha Ahu'),
  row(4, 28, 1, 'Ahunavaiti'),
  row(5, 29, 1, 'Ahunavaiti'),
  row(101, 43, 1, 'Ushtavaiti'),
  row(219, 53, 0, 'Vahishto-ishti'),
  row(220, 53, 1, 'Vahishto-ishti', 222),
  row(241, 54, 1, 'Airyaman Ishya'),
];

describe('contentsOutline', () => {
  const outline = contentsOutline(rows);

  it('lists every one of the 241 days once, in order, under the five Gathas', () => {
    expect(outline.map((gatha) => gatha.name)).toEqual([
      'Ahunavaiti',
      'Ushtavaiti',
      'Spenta Mainyu',
      'Vohu Khshathra',
      'Vahishto-ishti',
    ]);
    const days = outline.flatMap((gatha) =>
      gatha.chapters.flatMap((chapter) => chapter.days.map((entry) => entry.day)),
    );
    expect(days).toEqual(Array.from({ length: 241 }, (_, index) => index + 1));
  });

  it('groups days by Yasna chapter, the short prayers under the chapter they are read beside', () => {
    const [ahunavaiti] = outline;
    expect(ahunavaiti?.chapters.map((chapter) => chapter.songNumber)).toEqual([28, 29]);
    const [yasna28, yasna29] = ahunavaiti?.chapters ?? [];
    expect(yasna28).toEqual({
      songNumber: 28,
      description: 'About Yasna 28',
      days: [
        { day: 1, reference: 'Yasna 28 (opening)', title: null },
        { day: 2, reference: 'Yasna 27.14', title: 'Ashem Vohu' },
        { day: 3, reference: 'Yasna 27.13', title: 'Yatha Ahu' },
        { day: 4, reference: 'Yasna 28.1', title: null },
      ],
    });
    // Days the pack says nothing about stay with the chapter before them.
    expect(yasna29?.days.at(-1)).toEqual({ day: 100, reference: null, title: null });

    const vahishtoishti = outline[4];
    expect(vahishtoishti?.chapters.map((chapter) => chapter.songNumber)).toEqual([53]);
    const days = vahishtoishti?.chapters[0]?.days ?? [];
    expect(days.find((entry) => entry.day === 221)?.reference).toBe('Yasna 53.1 (part 2 of 3)');
    expect(days.at(-1)).toEqual({ day: 241, reference: 'Yasna 54.1', title: 'Airyaman Ishya' });
  });

  it('puts a Gatha with no stanza info under its first chapter', () => {
    const spentaMainyu = outline[2];
    expect(spentaMainyu?.chapters).toHaveLength(1);
    expect(spentaMainyu?.chapters[0]).toMatchObject({ songNumber: 47, description: '' });
    expect(spentaMainyu?.chapters[0]?.days).toHaveLength(196 - 155 + 1);
  });
});
