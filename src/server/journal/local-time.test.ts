import { describe, expect, it } from 'vitest';
import { localTimeIn } from './local-time.js';

describe('an instant as the local time of a zone', () => {
  it('gives the wall clock with the offset of that instant, summer time included', () => {
    const zurich = localTimeIn('Europe/Zurich');
    expect(zurich('2026-03-01T12:00:00.000Z')).toEqual({
      iso: '2026-03-01T13:00:00+01:00',
      text: '1 March 2026, 13:00',
    });
    expect(zurich('2026-07-01T12:00:00.000Z').iso).toBe('2026-07-01T14:00:00+02:00');
  });

  it('moves the date across midnight and keeps offsets that are not whole hours', () => {
    expect(localTimeIn('America/Los_Angeles')('2026-03-02T07:30:00.000Z')).toEqual({
      iso: '2026-03-01T23:30:00-08:00',
      text: '1 March 2026, 23:30',
    });
    expect(localTimeIn('Asia/Kolkata')('2026-12-31T20:00:05.000Z').iso).toBe(
      '2027-01-01T01:30:05+05:30',
    );
    expect(localTimeIn('UTC')('2026-01-01T00:00:00.000Z').iso).toBe('2026-01-01T00:00:00Z');
  });

  it('leaves text that is no instant as it is', () => {
    expect(localTimeIn('UTC')('not a time')).toEqual({ iso: 'not a time', text: 'not a time' });
  });
});
