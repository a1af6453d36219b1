import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checksumOf, crcFollowedBy } from './crc32-joining.js';

describe('the CRC-32 of texts joined end to end', () => {
  it('is the CRC of the joined text, whatever the lengths', () => {
    for (const [a, b] of [
      [1, 1],
      [7, 300],
      [26_000, 5],
      [0, 40],
      [40, 0],
      [65_537, 70_001],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      const joined = Buffer.concat([first, second]);
      expect(crcFollowedBy(checksumOf(first).crc, checksumOf(second)), `${a} + ${b}`).toBe(
        zlib.crc32(joined),
      );
    }
  });

  it('joins many texts in turn, as a page of kept stretches is', () => {
    const texts = Array.from({ length: 9 }, (_, i) => Buffer.from(`<p>stretch ${i}</p>`.repeat(i)));
    const crc = texts.reduce((before, text) => crcFollowedBy(before, checksumOf(text)), 0);
    expect(crc).toBe(zlib.crc32(Buffer.concat(texts)));
  });
});
