/** A read of one reader's view of a circle's day from the database, under way. */
interface ViewRead {
  readonly circleId: number;
  readonly readerId: number;
  /** Set when the circle, or what the reader sees of it, changed meanwhile. */
  stale: boolean;
}

interface CachedView {
  circleId: number;
  readerId: number;
  body: Buffer;
  /** A day before the reader's today: few are opened twice, so they get a small share. */
  past: boolean;
}

/** The part of the budget views of past days may hold. */
export const PAST_DAYS_SHARE = 1 / 8;

/** The day of a circle's page, and whether it is before the reader's today. */
export interface CircleDay {
  day: number;
  past: boolean;
}

/**
 * Each member's view of a circle's reflections of a day, ready to send. A view depends on the
 * circle (its shares, its members and their names) and on the reader (whom they block or are
 * blocked by, what they appreciated), so a change to either lets go of exactly the views it
 * touches. Bounded in bytes; the least recently read go first, and views of past days, which a
 * reader seldom opens twice while everyone opens today's, hold at most PAST_DAYS_SHARE of the
 * bytes. A read that something it shows changed during is not kept.
 */
export class CircleCache {
  readonly #views = new Map<string, CachedView>();
  readonly #keysOfCircle = new Map<number, Set<string>>();
  readonly #keysOfReader = new Map<number, Set<string>>();
  readonly #reads = new Set<ViewRead>();
  /** The views of past days, least recently read first, as #views orders all of them. */
  readonly #pastViews = new Set<string>();
  #bytes = 0;
  #pastBytes = 0;

  readonly #pastMaxBytes: number;

  constructor(readonly maxBytes: number) {
    this.#pastMaxBytes = maxBytes * PAST_DAYS_SHARE;
  }

  get size(): number {
    return this.#views.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(circleId: number, day: number, readerId: number): Buffer | undefined {
    const key = viewKey(circleId, day, readerId);
    const cached = this.#views.get(key);
    if (!cached) return undefined;
    // Moved to the end: a Map iterates in insertion order, so the first is the least recent.
    this.#views.delete(key);
    this.#views.set(key, cached);
    if (cached.past) {
      this.#pastViews.delete(key);
      this.#pastViews.add(key);
    }
    return cached.body;
  }

  startRead(circleId: number, readerId: number): ViewRead {
    const read = { circleId, readerId, stale: false };
    this.#reads.add(read);
    return read;
  }

  /** Keeps what a read found, unless something it shows changed meanwhile. */
  finishRead(read: ViewRead, { day, past }: CircleDay, body: Buffer | undefined): void {
    this.#reads.delete(read);
    const budget = past ? this.#pastMaxBytes : this.maxBytes;
    if (read.stale || body === undefined || body.length > budget) return;
    const { circleId, readerId } = read;
    const key = viewKey(circleId, day, readerId);
    this.#drop(key);
    this.#views.set(key, { circleId, readerId, body, past });
    this.#bytes += body.length;
    if (past) {
      this.#pastViews.add(key);
      this.#pastBytes += body.length;
    }
    this.#keysOfCircle.set(circleId, (this.#keysOfCircle.get(circleId) ?? new Set()).add(key));
    this.#keysOfReader.set(readerId, (this.#keysOfReader.get(readerId) ?? new Set()).add(key));
    for (const oldest of this.#pastViews) {
      if (this.#pastBytes <= this.#pastMaxBytes) break;
      this.#drop(oldest);
    }
    for (const oldest of this.#views.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  /** Something the circle's pages show changed: every member's view of every day goes. */
  forgetCircle(circleId: number): void {
    for (const key of this.#keysOfCircle.get(circleId) ?? []) this.#drop(key);
    for (const read of this.#reads) if (read.circleId === circleId) read.stale = true;
  }

  /** Whom this reader blocks or is blocked by, or what they appreciate, changed: their views go. */
  forgetReader(readerId: number): void {
    for (const key of this.#keysOfReader.get(readerId) ?? []) this.#drop(key);
    for (const read of this.#reads) if (read.readerId === readerId) read.stale = true;
  }

  clear(): void {
    this.#views.clear();
    this.#pastViews.clear();
    this.#pastBytes = 0;
    this.#keysOfCircle.clear();
    this.#keysOfReader.clear();
    this.#bytes = 0;
    for (const read of this.#reads) read.stale = true;
  }

  #drop(key: string): void {
    const cached = this.#views.get(key);
    if (!cached) return;
    this.#views.delete(key);
    this.#bytes -= cached.body.length;
    if (cached.past) {
      this.#pastViews.delete(key);
      this.#pastBytes -= cached.body.length;
    }
    forgetKey(this.#keysOfCircle, cached.circleId, key);
    forgetKey(this.#keysOfReader, cached.readerId, key);
  }
}

const viewKey = (circleId: number, day: number, readerId: number) =>
  `${circleId}:${day}:${readerId}`;

function forgetKey(index: Map<number, Set<string>>, id: number, key: string): void {
  const keys = index.get(id);
  keys?.delete(key);
  if (keys?.size === 0) index.delete(id);
}
