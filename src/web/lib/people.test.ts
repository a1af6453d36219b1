import { describe, expect, it } from 'vitest';
import { initials } from './people.js';

describe('initials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(initials('Roxana Mehr Daryush')).toBe('RD');
    expect(initials('  cyrus  ')).toBe('C');
    expect(initials('')).toBe('');
  });
});
