/** A read of one circle's page from the database, under way. */
interface PageRead {
  readonly circleId: number;
  /** Set when something the circle's pages show changed meanwhile. */
  stale: boolean;
}

interface CachedPage {
  circleId: number;
  value: unknown;
  bytes: number;
}

/**
 * Each circle's reflections of a day, as every member sees them before their own blocks and
 * appreciations are applied, so a change to a circle (a share, an edit, a member leaving) lets go
 * of exactly that circle's pages. Bounded in bytes; the least recently read go first. A read that
 * its circle changed during is not kept.
 */
export class CircleCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #keysOf = new Map<number, Set<string>>();
  readonly #reads = new Set<PageRead>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.#pages.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(circleId: number, day: number): unknown {
    const key = `${circleId}:${day}`;
    const cached = this.#pages.get(key);
    if (!cached) return undefined;
    this.#pages.delete(key);
    this.#pages.set(key, cached);
    return cached.value;
  }

  startRead(circleId: number): PageRead {
    const read = { circleId, stale: false };
    this.#reads.add(read);
    return read;
  }

  finishRead(read: PageRead, day: number, value: unknown, bytes: number | undefined): void {
    this.#reads.delete(read);
    if (read.stale || bytes === undefined || bytes > this.maxBytes) return;
    const key = `${read.circleId}:${day}`;
    this.#drop(key);
    this.#pages.set(key, { circleId: read.circleId, value, bytes });
    this.#bytes += bytes;
    const keys = this.#keysOf.get(read.circleId) ?? new Set();
    this.#keysOf.set(read.circleId, keys.add(key));
    for (const oldest of this.#pages.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  /** Something the circle's pages show changed: every day of it goes. */
  forgetCircle(circleId: number): void {
    for (const key of this.#keysOf.get(circleId) ?? []) this.#drop(key);
    for (const read of this.#reads) if (read.circleId === circleId) read.stale = true;
  }

  clear(): void {
    this.#pages.clear();
    this.#keysOf.clear();
    this.#bytes = 0;
    for (const read of this.#reads) read.stale = true;
  }

  #drop(key: string): void {
    const cached = this.#pages.get(key);
    if (!cached) return;
    this.#pages.delete(key);
    this.#bytes -= cached.bytes;
    const keys = this.#keysOf.get(cached.circleId);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOf.delete(cached.circleId);
  }
}
