import { describe, expect, it } from 'vitest';
import { displayDate, displayTime } from './time-display.js';

describe('time display', () => {
  const now = new Date(2026, 2, 10, 12, 0, 0);

  it('is relative under 24 hours', () => {
    expect(displayTime(new Date(2026, 2, 10, 9, 0).toISOString(), now)).toBe('about 3 hours ago');
    expect(displayTime(new Date(2026, 2, 10, 11, 59, 50).toISOString(), now)).toBe(
      'less than a minute ago',
    );
  });

  it('is weekday and time under a week', () => {
    expect(displayTime(new Date(2026, 2, 8, 8, 15).toISOString(), now)).toBe('Sunday 8:15 AM');
  });

  it('is month, day and time after that', () => {
    expect(displayTime(new Date(2026, 1, 20, 18, 5).toISOString(), now)).toBe('Feb 20, 6:05 PM');
  });

  it('formats journal dates like Mar 4, 2026', () => {
    expect(displayDate(new Date(2026, 2, 4, 10).toISOString())).toBe('Mar 4, 2026');
    expect(displayDate('garbage')).toBe('');
  });
});
