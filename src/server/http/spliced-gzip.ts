import zlib from 'node:zlib';
import { type Checksum, checksumOf, crcFollowedBy } from './crc32-joining.js';

/**
 * A stretch of a gzip answer, compressed on its own: its deflate blocks end on a byte, with no
 * final block, so stretches compressed at different times can follow one another in one answer
 * (RFC 1951: each block stands alone, and no stretch refers back into another's text).
 */
export interface GzipStretch {
  text: Buffer;
  deflated: Buffer;
  /**
   * For a stretch kept and sent many times: its text's checksum, so an answer's CRC joins it
   * without reading the text again (on the reader's page, most of its bytes).
   */
  checksum?: Checksum;
}

/** A stretch compressed as small as it goes: for text kept and sent many times. */
export function compressedStretch(text: string): GzipStretch {
  const bytes = Buffer.from(text);
  const deflated = zlib.deflateRawSync(bytes, {
    level: zlib.constants.Z_BEST_COMPRESSION,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  return { text: bytes, deflated, checksum: checksumOf(bytes) };
}

/** The most a stored block holds. */
const STORED_BLOCK_MAX = 0xffff;

/**
 * A stretch stored as it is, in stored blocks: for a few bytes, where starting a compressor would
 * cost more than the bytes it saves. `kept`: it will be sent many times, so its checksum is
 * worked out now, once.
 */
export function storedStretch(text: string, kept = false): GzipStretch {
  const bytes = Buffer.from(text);
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_BLOCK_MAX) {
    const chunk = bytes.subarray(at, at + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    // Not final, stored (BTYPE 00), then the length and its complement.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  const deflated = Buffer.concat(blocks);
  return kept ? { text: bytes, deflated, checksum: checksumOf(bytes) } : { text: bytes, deflated };
}

// ID1 ID2, deflate, no flags, no time, no extra flags, unknown system.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty final block of fixed codes: what ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One gzip answer holding the stretches' texts one after another. */
export function gzipOfStretches(stretches: readonly GzipStretch[]): Buffer {
  let crc = 0;
  let size = 0;
  for (const stretch of stretches) {
    if (stretch.checksum) crc = crcFollowedBy(crc, stretch.checksum);
    // Node 20's crc32 of no bytes answers 0, not the value it was given.
    else if (stretch.text.length > 0) crc = zlib.crc32(stretch.text, crc);
    size += stretch.text.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([
    GZIP_HEADER,
    ...stretches.map((stretch) => stretch.deflated),
    FINAL_BLOCK,
    trailer,
  ]);
}
