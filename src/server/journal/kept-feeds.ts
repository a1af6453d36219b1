import { createHash } from 'node:crypto';

/** A read of one reader's feed in progress; stale once something changed that feed meanwhile. */
export interface FeedRead {
  readonly readerId: number;
  stale: boolean;
}

/** One entry of a feed as JSON, shared by every kept feed that shows the same bytes. */
interface Fragment {
  readonly key: string;
  readonly bytes: Buffer;
  refs: number;
}

interface KeptFeed {
  stamp: string;
  parts: Fragment[];
  /** Length of the whole answer: the parts, the commas between them and the brackets. */
  length: number;
}

/** What keeping a feed costs beyond its fragments (the list of references), roughly. */
const feedOverhead = (parts: number) => 64 + parts * 16;

/**
 * Each reader's friends' feed, kept under a stamp and sent again as long as it is current:
 * an answer is only given back under the same stamp, and `forget` lets one go when its
 * reader's feed changed. Friends share most of what they see, so entries are kept once, by
 * content, whatever the number of feeds that show them. The bytes kept are bounded; the least
 * recently read feeds go first.
 */
export class KeptFeeds {
  readonly #feeds = new Map<number, KeptFeed>();
  readonly #fragments = new Map<string, Fragment>();
  readonly #reads = new Map<number, Set<FeedRead>>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** Memory kept: each distinct entry once, and the feeds' lists of them. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#feeds.size;
  }

  /** The kept answer (a JSON array) for this reader if it was kept under this stamp. */
  get(readerId: number, stamp: string): Buffer | undefined {
    const kept = this.#feeds.get(readerId);
    if (!kept) return undefined;
    if (kept.stamp !== stamp) {
      this.#drop(readerId);
      return undefined;
    }
    // Re-inserted last: a Map iterates in insertion order, so the first is the least recent.
    this.#feeds.delete(readerId);
    this.#feeds.set(readerId, kept);
    return assemble(kept);
  }

  /** Keeps a reader's feed, given as the JSON of each entry in order. */
  keep(readerId: number, stamp: string, entries: readonly string[]): void {
    this.#drop(readerId);
    const parts = entries.map((json) => this.#share(json));
    const kept: KeptFeed = {
      stamp,
      parts,
      length: 2 + Math.max(0, parts.length - 1) + parts.reduce((n, p) => n + p.bytes.length, 0),
    };
    this.#feeds.set(readerId, kept);
    this.#bytes += feedOverhead(parts.length);
    for (const [oldestId] of this.#feeds) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldestId);
    }
  }

  /** Marks the start of a read of this reader's feed from the database. */
  startRead(readerId: number): FeedRead {
    const read: FeedRead = { readerId, stale: false };
    const reads = this.#reads.get(readerId) ?? new Set();
    this.#reads.set(readerId, reads.add(read));
    return read;
  }

  /** Keeps what the read found, unless the reader's feed changed while it ran. */
  finishRead(read: FeedRead, stamp: string, entries: readonly string[] | undefined): void {
    const reads = this.#reads.get(read.readerId);
    reads?.delete(read);
    if (reads?.size === 0) this.#reads.delete(read.readerId);
    if (entries && !read.stale) this.keep(read.readerId, stamp, entries);
  }

  /** This reader's feed changed: the kept answer goes, and so does any read still running. */
  forget(readerId: number): void {
    this.#drop(readerId);
    for (const read of this.#reads.get(readerId) ?? []) read.stale = true;
  }

  forgetAll(): void {
    this.#feeds.clear();
    this.#fragments.clear();
    this.#bytes = 0;
    for (const reads of this.#reads.values()) for (const read of reads) read.stale = true;
  }

  #share(json: string): Fragment {
    const key = createHash('sha256').update(json).digest('base64');
    let fragment = this.#fragments.get(key);
    if (!fragment) {
      fragment = { key, bytes: Buffer.from(json), refs: 0 };
      this.#fragments.set(key, fragment);
      this.#bytes += fragment.bytes.length;
    }
    fragment.refs += 1;
    return fragment;
  }

  #drop(readerId: number): void {
    const kept = this.#feeds.get(readerId);
    if (!kept) return;
    this.#feeds.delete(readerId);
    this.#bytes -= feedOverhead(kept.parts.length);
    for (const fragment of kept.parts) {
      fragment.refs -= 1;
      if (fragment.refs === 0) {
        this.#fragments.delete(fragment.key);
        this.#bytes -= fragment.bytes.length;
      }
    }
  }
}

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/** The JSON array of a kept feed's entries, in one buffer. */
export function assemble(feed: { parts: readonly { bytes: Buffer }[]; length: number }): Buffer {
  const body = Buffer.allocUnsafe(feed.length);
  let at = 0;
  body[at++] = OPEN;
  feed.parts.forEach(({ bytes }, index) => {
    if (index > 0) body[at++] = COMMA;
    at += bytes.copy(body, at);
  });
  body[at] = CLOSE;
  return body;
}
