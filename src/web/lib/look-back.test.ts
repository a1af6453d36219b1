import { describe, expect, it } from 'vitest';
import { weekLookBack, writtenBefore, type WrittenEntry } from './look-back.js';

const entry = (
  id: number,
  dayNumber: number,
  createdAt: string,
  deeds = '',
  updatedAt = createdAt,
): WrittenEntry => ({
  id,
  dayNumber,
  entryText: JSON.stringify({ thoughts: `Thoughts ${id}`, words: '', deeds }),
  createdAt,
  updatedAt,
});

const week = [
  { date: '2026-04-04', daysRead: [] },
  { date: '2026-04-05', daysRead: [95] },
  { date: '2026-04-06', daysRead: [96, 12] },
  { date: '2026-04-07', daysRead: [] },
  { date: '2026-04-08', daysRead: [] },
  { date: '2026-04-09', daysRead: [97] },
  { date: '2026-04-10', daysRead: [] },
];

describe('the look back on a week', () => {
  it('lists the days read and the deeds of the reflections first written that week', () => {
    const look = weekLookBack(
      week,
      [
        entry(1, 90, '2026-03-31T09:00:00Z', 'Too early'),
        entry(2, 96, '2026-04-06T09:00:00Z', 'Called my sister.'),
        entry(3, 95, '2026-04-05T20:00:00Z'),
        // Edited this week, first written before it: not one of this week's reflections.
        entry(4, 80, '2026-03-20T09:00:00Z', 'Old deed', '2026-04-08T09:00:00Z'),
        entry(5, 97, '2026-04-09T23:30:00Z', '  Planted beans.  '),
      ],
      'UTC',
    );
    expect(look.first).toBe('2026-04-04');
    expect(look.last).toBe('2026-04-10');
    expect(look.daysRead).toEqual([
      { dayNumber: 95, date: '2026-04-05' },
      { dayNumber: 96, date: '2026-04-06' },
      { dayNumber: 12, date: '2026-04-06' },
      { dayNumber: 97, date: '2026-04-09' },
    ]);
    expect(look.reflections.map((r) => r.id)).toEqual([3, 2, 5]);
    expect(look.deeds).toEqual([
      { dayNumber: 96, date: '2026-04-06', deeds: 'Called my sister.' },
      { dayNumber: 97, date: '2026-04-09', deeds: 'Planted beans.' },
    ]);
  });

  it('reads the dates in the reader’s zone: 23:30 UTC on the 9th is the 10th in Tokyo', () => {
    const look = weekLookBack(week, [entry(5, 97, '2026-04-09T23:30:00Z', 'Beans')], 'Asia/Tokyo');
    expect(look.deeds).toEqual([{ dayNumber: 97, date: '2026-04-10', deeds: 'Beans' }]);
  });

  it('is empty for a week with nothing in it', () => {
    const quiet = week.map(({ date }) => ({ date, daysRead: [] }));
    expect(weekLookBack(quiet, [], 'UTC')).toMatchObject({
      daysRead: [],
      reflections: [],
      deeds: [],
    });
  });
});

describe('a stanza met again', () => {
  it('gives the date of an entry written before today, and nothing for one written today', () => {
    const written = { updatedAt: '2026-01-01T10:00:00Z' };
    expect(writtenBefore(written, '2026-08-30', 'UTC')).toBe('2026-01-01');
    expect(writtenBefore({ updatedAt: '2026-08-30T01:00:00Z' }, '2026-08-30', 'UTC')).toBeNull();
    // 01:00 UTC on the 30th is still the 29th in Los Angeles: written before that reader's today.
    expect(
      writtenBefore({ updatedAt: '2026-08-30T01:00:00Z' }, '2026-08-30', 'America/Los_Angeles'),
    ).toBe('2026-08-29');
    expect(writtenBefore({ updatedAt: 'not a date' }, '2026-08-30', 'UTC')).toBeNull();
  });
});
