/** A read of one reader's feed from the database, under way. */
export interface FeedRead {
  readonly readerId: number;
  /** Set when the reader's own feed changed meanwhile. */
  stale: boolean;
  /** People whose shared entries or names changed meanwhile. */
  readonly changedAuthors: number[];
}

interface CachedFeed {
  body: Buffer;
  /** The reader's friends when it was read: the people it shows, or would. */
  authors: readonly number[];
  bytes: number;
}

/** What a cached feed's list of friends costs beside its body, per friend (a rough bound). */
const bytesPerAuthor = 16;

/**
 * Each reader's friends' feed, ready to send, with the friends it was read for, so that a change
 * to one person lets go of exactly the feeds that show them. Bounded in bytes; the least
 * recently read go first. A read that something changed while it ran is not cached.
 */
export class FeedCache {
  readonly #feeds = new Map<number, CachedFeed>();
  readonly #readersOf = new Map<number, Set<number>>();
  readonly #reads = new Set<FeedRead>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#feeds.size;
  }

  get(readerId: number): Buffer | undefined {
    const cached = this.#feeds.get(readerId);
    if (!cached) return undefined;
    // Moved to the end: a Map iterates in insertion order, so the first is the least recent.
    this.#feeds.delete(readerId);
    this.#feeds.set(readerId, cached);
    return cached.body;
  }

  keep(readerId: number, authors: readonly number[], body: Buffer): void {
    this.forgetReader(readerId);
    const bytes = body.length + authors.length * bytesPerAuthor;
    if (bytes > this.maxBytes) return;
    this.#feeds.set(readerId, { body, authors, bytes });
    this.#bytes += bytes;
    for (const author of authors) {
      const readers = this.#readersOf.get(author) ?? new Set();
      this.#readersOf.set(author, readers.add(readerId));
    }
    for (const oldest of this.#feeds.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  startRead(readerId: number): FeedRead {
    const read: FeedRead = { readerId, stale: false, changedAuthors: [] };
    this.#reads.add(read);
    return read;
  }

  /** Keeps what the read found, unless something it shows changed while it ran. */
  finishRead(read: FeedRead, found: { authors: readonly number[]; body: Buffer } | undefined) {
    this.#reads.delete(read);
    if (!found || read.stale) return;
    if (read.changedAuthors.some((author) => found.authors.includes(author))) return;
    this.keep(read.readerId, found.authors, found.body);
  }

  /** This reader's friends changed: their feed goes, and any read of it under way is stale. */
  forgetReader(readerId: number): void {
    this.#drop(readerId);
    for (const read of this.#reads) if (read.readerId === readerId) read.stale = true;
  }

  /** What this person shares, or their name, changed: every feed that shows them goes. */
  forgetReadersOf(authorId: number): void {
    for (const readerId of this.#readersOf.get(authorId) ?? []) this.#drop(readerId);
    for (const read of this.#reads) read.changedAuthors.push(authorId);
  }

  clear(): void {
    this.#feeds.clear();
    this.#readersOf.clear();
    this.#bytes = 0;
    for (const read of this.#reads) read.stale = true;
  }

  #drop(readerId: number): void {
    const cached = this.#feeds.get(readerId);
    if (!cached) return;
    this.#feeds.delete(readerId);
    this.#bytes -= cached.bytes;
    for (const author of cached.authors) {
      const readers = this.#readersOf.get(author);
      readers?.delete(readerId);
      if (readers?.size === 0) this.#readersOf.delete(author);
    }
  }
}
