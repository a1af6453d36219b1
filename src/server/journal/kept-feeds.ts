/**
 * Each reader's last friends' feed answer, ready to send, kept with the feed stamp it was read
 * under (see friendsFeedStamp). An answer is only ever sent again under the same stamp, so a
 * change anywhere (in any process) that could alter the feed makes it read afresh. The bytes
 * kept are bounded; the least recently read feeds go first.
 */
export class KeptFeeds {
  readonly #feeds = new Map<number, { stamp: string; body: Buffer }>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#feeds.size;
  }

  /** The kept answer for this reader if it was read under this stamp. */
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
    this.forget(readerId);
    if (body.length > this.maxBytes) return;
    this.#feeds.set(readerId, { stamp, body });
    this.#bytes += body.length;
    for (const [oldestId, oldest] of this.#feeds) {
      if (this.#bytes <= this.maxBytes) break;
      this.#feeds.delete(oldestId);
      this.#bytes -= oldest.body.length;
    }
  }

  forget(readerId: number): void {
    const kept = this.#feeds.get(readerId);
    if (!kept) return;
    this.#feeds.delete(readerId);
    this.#bytes -= kept.body.length;
  }
}
