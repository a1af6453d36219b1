import zlib from 'node:zlib';

/**
 * CRC-32 (as gzip's trailer holds it) of texts joined end to end, from each text's own CRC and
 * length, without reading the texts again: zlib's crc32_combine, written out here because Node
 * does not offer it. A CRC is a remainder of polynomial division over GF(2); appending n bytes to
 * a text multiplies the earlier remainder by x^(8n) modulo the polynomial, and the product's
 * factor for a text kept and sent many times is worked out once, when it is kept.
 */

/** The CRC-32 polynomial, bits reversed, as zlib has it. */
const POLYNOMIAL = 0xedb88320;
/** x^0 in the reversed bit order: the polynomial 1. */
const ONE = 0x80000000;

/** a·b modulo the polynomial. */
function multiplied(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if (a & bit) {
      product ^= factor;
      if ((a & (bit - 1)) === 0) break;
    }
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial for k = 0..31: what squaring gives, once. */
const POWERS_OF_TWO: number[] = [];
for (let power = ONE >>> 1, k = 0; k < 32; k += 1) {
  POWERS_OF_TWO.push(power);
  power = multiplied(power, power);
}

/** x^(8·length) modulo the polynomial: what appending `length` bytes does to a CRC. */
function shiftFor(length: number): number {
  let shift = ONE;
  // Bytes are 8 bits: start at x^(2^3).
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k += 1) {
    if (n % 2 === 1) shift = multiplied(POWERS_OF_TWO[k % 32]!, shift);
  }
  return shift;
}

/** A text's CRC-32 and what appending it does to an earlier CRC. */
export interface Checksum {
  crc: number;
  shift: number;
}

export function checksumOf(text: Uint8Array): Checksum {
  return { crc: zlib.crc32(text), shift: shiftFor(text.length) };
}

/** The CRC of a text whose CRC is `before`, followed by the text `after` describes. */
export function crcFollowedBy(before: number, after: Checksum): number {
  return (multiplied(after.shift, before) ^ after.crc) >>> 0;
}
