import { describe, expect, it } from 'vitest';
import { hydratableReaderPage } from './reader-page-hydration.js';

const page = (timeZone: string, dayNumber: number) =>
  JSON.stringify({ timeZone, me: { id: 1 }, today: { dayNumber }, gathaInfo: null });

describe('hydrating a reader page', () => {
  // 2026-03-28 is the year's 87th day in Tehran and in London at this instant.
  const now = new Date('2026-03-28T12:00:00Z');

  it('hydrates a page made for this browser’s zone', () => {
    expect(
      hydratableReaderPage(page('Europe/London', 87), 'Europe/London', now)?.today.dayNumber,
    ).toBe(87);
  });

  it('hydrates a page made for another zone when the day is the same here', () => {
    expect(hydratableReaderPage(page('Asia/Tehran', 87), 'Europe/London', now)).not.toBeNull();
  });

  it('renders afresh when the other zone is already on another day', () => {
    const lateEvening = new Date('2026-03-28T22:30:00Z');
    // Already the 29th (day 88) in Tehran, still the 28th (day 87) in London.
    expect(hydratableReaderPage(page('Asia/Tehran', 88), 'Europe/London', lateEvening)).toBeNull();
    expect(
      hydratableReaderPage(page('Asia/Tehran', 88), 'Asia/Tehran', lateEvening),
    ).not.toBeNull();
  });

  it('compares a reader on their own path with their own day, not the calendar’s', () => {
    const ownPath = (timeZone: string, dayNumber: number) =>
      JSON.stringify({
        timeZone,
        me: { id: 1, pace: 'own', paceStartedOn: '2026-03-27' },
        today: { dayNumber },
        gathaInfo: null,
      });
    const lateEvening = new Date('2026-03-28T22:30:00Z');
    // Day 2 of the path in London, already day 3 in Tehran.
    expect(hydratableReaderPage(ownPath('Europe/London', 2), 'Asia/Tehran', now)).not.toBeNull();
    expect(
      hydratableReaderPage(ownPath('Asia/Tehran', 3), 'Europe/London', lateEvening),
    ).toBeNull();
    expect(
      hydratableReaderPage(ownPath('Asia/Tehran', 2), 'Europe/London', lateEvening),
    ).not.toBeNull();
  });

  it('renders afresh when the data is missing or unreadable', () => {
    expect(hydratableReaderPage(null, 'UTC', now)).toBeNull();
    expect(hydratableReaderPage('{"timeZone":', 'UTC', now)).toBeNull();
    expect(hydratableReaderPage('null', 'UTC', now)).toBeNull();
    expect(
      hydratableReaderPage(
        JSON.stringify({ timeZone: 'UTC', today: { dayNumber: 87 } }),
        'UTC',
        now,
      ),
    ).toBeNull();
  });
});
