import { describe, expect, it } from 'vitest';
import { placeOfTimeZone } from './device-place.js';

describe('the place a device is named by', () => {
  it('is the city of its time zone', () => {
    expect(placeOfTimeZone('Europe/Berlin')).toBe('Berlin');
    expect(placeOfTimeZone('America/New_York')).toBe('New York');
    expect(placeOfTimeZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(placeOfTimeZone('Asia/Tehran')).toBe('Tehran');
  });

  it('is none for zones that name no place, or no zone at all', () => {
    for (const zone of ['UTC', 'Etc/GMT+3', 'US/Eastern', '', null]) {
      expect(placeOfTimeZone(zone)).toBeNull();
    }
  });
});
