import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '#shared/journal-schemas';
import { syncNotice } from './use-offline-sync.js';

const entryOf = (dayNumber: number) => ({ dayNumber }) as JournalEntry;

describe('the notice after saves made offline are sent', () => {
  it('names one day on its own', () => {
    const notice = syncNotice({ synced: [entryOf(7)], refused: [], changed: [], waiting: 0 });
    expect(notice?.description).toBe('Your reflection for day 7 is now in your journal.');
  });

  it('lists several days as a sentence', () => {
    const synced = [entryOf(3), entryOf(4), entryOf(5)];
    const notice = syncNotice({ synced, refused: [], changed: [], waiting: 0 });
    expect(notice?.description).toBe(
      'Your reflections for days 3, 4, and 5 are now in your journal.',
    );
  });

  it('puts a refusal first, naming both days', () => {
    const notice = syncNotice({
      synced: [entryOf(2)],
      refused: [
        { dayNumber: 3, reason: undefined },
        { dayNumber: 9, reason: undefined },
      ],
      changed: [entryOf(4)],
      waiting: 0,
    });
    expect(notice?.title).toBe('Reflections for days 3 and 9 could not be synced');
  });
});
