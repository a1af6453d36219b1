/** A read from the database under way, of an answer to keep. */
export interface AnswerRead {
  readonly key: string;
  /** What the answer shows: a change to any of these lets it go. */
  readonly shows: readonly string[];
  /** Set when something the answer shows changed meanwhile. */
  stale: boolean;
}

interface KeptAnswer {
  body: Buffer;
  shows: readonly string[];
  /** Of a day before the reader's today: few are opened twice, so they get a small share. */
  past: boolean;
}

/** The part of the budget answers about past days may hold. */
export const PAST_DAYS_SHARE = 1 / 8;

/** What a kept answer costs beside its body (its key, its places in the maps): a rough bound. */
export const BYTES_BESIDE_BODY = 64;

const bytesOf = (answer: { body: Buffer }) => answer.body.length + BYTES_BESIDE_BODY;

/**
 * Answers kept ready to send, each with what it shows (a circle, a reader, an author), so that a
 * change to one of those lets go of exactly the answers it touches. Bounded in bytes; the least
 * recently read go first, and answers about past days, which a reader seldom opens twice while
 * everyone opens today's, hold at most PAST_DAYS_SHARE of the bytes. A read that something it
 * shows changed during is not kept.
 */
export class KeptAnswers {
  readonly #answers = new Map<string, KeptAnswer>();
  readonly #keysShowing = new Map<string, Set<string>>();
  readonly #reads = new Set<AnswerRead>();
  /** The answers about past days, least recently read first, as #answers orders all of them. */
  readonly #pastKeys = new Set<string>();
  #bytes = 0;
  #pastBytes = 0;
  /** Lookups that found an answer kept, and that did not (GET /metrics). */
  hits = 0;
  misses = 0;

  readonly #pastMaxBytes: number;

  constructor(readonly maxBytes: number) {
    this.#pastMaxBytes = maxBytes * PAST_DAYS_SHARE;
  }

  get size(): number {
    return this.#answers.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The answer kept under `key`; `miss` says whether not finding one counts as a miss. */
  get(key: string, miss = true): Buffer | undefined {
    const kept = this.#answers.get(key);
    if (!kept) {
      if (miss) this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Moved to the end: a Map iterates in insertion order, so the first is the least recent.
    this.#answers.delete(key);
    this.#answers.set(key, kept);
    if (kept.past) {
      this.#pastKeys.delete(key);
      this.#pastKeys.add(key);
    }
    return kept.body;
  }

  startRead(key: string, shows: readonly string[]): AnswerRead {
    const read = { key, shows, stale: false };
    this.#reads.add(read);
    return read;
  }

  /** Keeps what a read found, unless something it shows changed meanwhile. */
  finishRead(read: AnswerRead, past: boolean, body: Buffer | undefined): void {
    this.#reads.delete(read);
    if (read.stale || body === undefined) return;
    const { key, shows } = read;
    const answer = { body, shows, past };
    const bytes = bytesOf(answer);
    if (bytes > (past ? this.#pastMaxBytes : this.maxBytes)) return;
    this.#drop(key);
    this.#answers.set(key, answer);
    this.#bytes += bytes;
    if (past) {
      this.#pastKeys.add(key);
      this.#pastBytes += bytes;
    }
    for (const shown of shows) {
      this.#keysShowing.set(shown, (this.#keysShowing.get(shown) ?? new Set()).add(key));
    }
    for (const oldest of this.#pastKeys) {
      if (this.#pastBytes <= this.#pastMaxBytes) break;
      this.#drop(oldest);
    }
    for (const oldest of this.#answers.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  /** Something changed: every answer that shows it goes, and no read under way of one is kept. */
  forget(shown: string): void {
    for (const key of this.#keysShowing.get(shown) ?? []) this.#drop(key);
    for (const read of this.#reads) if (read.shows.includes(shown)) read.stale = true;
  }

  clear(): void {
    this.#answers.clear();
    this.#pastKeys.clear();
    this.#pastBytes = 0;
    this.#keysShowing.clear();
    this.#bytes = 0;
    for (const read of this.#reads) read.stale = true;
  }

  #drop(key: string): void {
    const kept = this.#answers.get(key);
    if (!kept) return;
    this.#answers.delete(key);
    this.#bytes -= bytesOf(kept);
    if (kept.past) {
      this.#pastKeys.delete(key);
      this.#pastBytes -= bytesOf(kept);
    }
    for (const shown of kept.shows) {
      const keys = this.#keysShowing.get(shown);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysShowing.delete(shown);
    }
  }
}
