import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies.js';

describe('cookieValue', () => {
  it('finds a cookie in a Cookie header or document.cookie, however it is spaced', () => {
    expect(cookieValue('a=1; tfp_tz=Asia%2FTehran; b=2', 'tfp_tz')).toBe('Asia%2FTehran');
    expect(cookieValue('a=1;tfp_tz=UTC', 'tfp_tz')).toBe('UTC');
    expect(cookieValue('tfp_signed_in=0', 'tfp_signed_in')).toBe('0');
  });

  it('matches the whole name only, and answers undefined when it is not there', () => {
    expect(cookieValue('xtfp_tz=UTC; tfp_tz_old=1', 'tfp_tz')).toBeUndefined();
    expect(cookieValue('', 'tfp_tz')).toBeUndefined();
  });
});
