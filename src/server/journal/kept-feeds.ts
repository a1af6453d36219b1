/** A read of one reader's feed in progress; stale once something changed that feed meanwhile. */
export interface FeedRead {
  readonly readerId: number;
  stale: boolean;
}

/**
 * Each reader's last friends' feed answer, ready to send, kept under a stamp: an answer is
 * only given back under the same stamp, and `forget` lets one go when its reader's feed
 * changed. The bytes kept are bounded; the least recently read feeds go first.
 */
export class KeptFeeds {
  readonly #feeds = new Map<number, { stamp: string; body: Buffer }>();
  readonly #reads = new Map<number, Set<FeedRead>>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#feeds.size;
  }

  /** The kept answer for this reader if it was kept under this stamp. */
  get(readerId: number, stamp: string): Buffer | undefined {
    const kept = this.#feeds.get(readerId);
    if (!kept) return undefined;
    this.#feeds.delete(readerId);
    if (kept.stamp !== stamp) {
      this.#bytes -= kept.body.length;
      return undefined;
    }
    // Re-inserted last: a Map iterates in insertion order, so the first is the least recent.
    this.#feeds.set(readerId, kept);
    return kept.body;
  }

  keep(readerId: number, stamp: string, body: Buffer): void {
    this.#drop(readerId);
    if (body.length > this.maxBytes) return;
    this.#feeds.set(readerId, { stamp, body });
    this.#bytes += body.length;
    for (const [oldestId, oldest] of this.#feeds) {
      if (this.#bytes <= this.maxBytes) break;
      this.#feeds.delete(oldestId);
      this.#bytes -= oldest.body.length;
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
  finishRead(read: FeedRead, stamp: string, body: Buffer | undefined): void {
    const reads = this.#reads.get(read.readerId);
    reads?.delete(read);
    if (reads?.size === 0) this.#reads.delete(read.readerId);
    if (body && !read.stale) this.keep(read.readerId, stamp, body);
  }

  /** This reader's feed changed: the kept answer goes, and so does any read still running. */
  forget(readerId: number): void {
    this.#drop(readerId);
    for (const read of this.#reads.get(readerId) ?? []) read.stale = true;
  }

  forgetAll(): void {
    this.#feeds.clear();
    this.#bytes = 0;
    for (const reads of this.#reads.values()) for (const read of reads) read.stale = true;
  }

  #drop(readerId: number): void {
    const kept = this.#feeds.get(readerId);
    if (!kept) return;
    this.#feeds.delete(readerId);
    this.#bytes -= kept.body.length;
  }
}
