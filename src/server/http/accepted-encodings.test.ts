import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './accepted-encodings.js';

describe('acceptsEncoding', () => {
  it('takes an encoding the browser names, with or without a weight', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'gzip')).toBe(true);
    expect(acceptsEncoding('br;q=1.0, gzip;q=0.8', 'gzip')).toBe(true);
    expect(acceptsEncoding(['deflate', 'GZIP'], 'gzip')).toBe(true);
  });

  it('refuses one weighted zero, one not named, or no header at all', () => {
    expect(acceptsEncoding('gzip;q=0, br', 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip; q=0.000', 'gzip')).toBe(false);
    expect(acceptsEncoding('br, deflate', 'gzip')).toBe(false);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding('', 'gzip')).toBe(false);
  });

  it('reads * as any encoding not named otherwise', () => {
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip;q=0, *', 'gzip')).toBe(false);
    expect(acceptsEncoding('*;q=0', 'br')).toBe(false);
  });
});
