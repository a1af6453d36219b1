import { describe, expect, it } from 'vitest';
import {
  DISTANCE_ORDER,
  compareDistance,
  distanceCategory,
  publicDistanceCategory,
  publicPostalPrefix,
} from './proximity.js';

describe('proximity from postal codes', () => {
  it('grades by the number of shared leading characters', () => {
    expect(distanceCategory('SW1A 1AA', 'SW1A 1AB')).toBe('near');
    expect(distanceCategory('SW1A 1AA', 'SW1A 2BB')).toBe('area');
    expect(distanceCategory('12345', '12345')).toBe('near');
    expect(distanceCategory('12345', '12349')).toBe('area');
    expect(distanceCategory('123', '129')).toBe('region');
    expect(distanceCategory('12', '13')).toBe('city');
    expect(distanceCategory('12', '99')).toBe('other');
    expect(distanceCategory('1234', '1234')).toBe('area');
  });

  it('ignores spaces and letter case', () => {
    expect(distanceCategory('sw1a 1aa', 'SW1A1AB')).toBe('near');
    expect(distanceCategory(' e c 1 ', 'EC2')).toBe('region');
  });

  it('treats a missing code as sharing nothing', () => {
    expect(distanceCategory(null, '12345')).toBe('other');
    expect(distanceCategory('12345', undefined)).toBe('other');
    expect(distanceCategory('', '')).toBe('other');
  });

  it('shows a stranger only the first 3 characters, spaces removed', () => {
    expect(publicPostalPrefix('sw1a 1aa')).toBe('SW1');
    expect(publicPostalPrefix(' 9 4110')).toBe('941');
    expect(publicPostalPrefix('AB')).toBe('AB');
    expect(publicPostalPrefix(null)).toBe('');
  });

  it('counts characters, not UTF-16 units: a character beyond the BMP is never cut in half', () => {
    expect(publicPostalPrefix('𝟏𝟐𝟑𝟒')).toBe('𝟏𝟐𝟑');
    expect(publicPostalPrefix('AB𝟏𝟐')).toBe('AB𝟏');
    expect(distanceCategory('𝟏𝟐𝟑𝟒𝟓', '𝟏𝟐𝟑𝟒𝟓')).toBe('near');
    expect(distanceCategory('𝟏𝟐𝟑', '𝟏𝟑𝟑')).toBe('city');
  });

  it('grades a stranger by the 3-character prefixes alone: never near, never from a 4th character', () => {
    expect(publicDistanceCategory('SW1A 1AA', 'SW1A 1AA')).toBe('area');
    expect(publicDistanceCategory('12345', '12399')).toBe('area');
    expect(publicDistanceCategory('12345', '123')).toBe('area');
    expect(publicDistanceCategory('12345', '12945')).toBe('region');
    expect(publicDistanceCategory('12345', '19345')).toBe('city');
    expect(publicDistanceCategory('12345', '92345')).toBe('other');
    for (const fourth of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
      expect(publicDistanceCategory(`K7Q${fourth}MX`, 'K7Q4MX')).toBe('area');
    }
  });

  it('sorts near, area, region, city, other', () => {
    const shuffled = ['other', 'city', 'near', 'region', 'area'] as const;
    expect([...shuffled].sort(compareDistance)).toEqual(DISTANCE_ORDER);
  });
});
