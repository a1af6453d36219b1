/**
 * What the app builds from the loaded readings (today's answers per zone, the readings'
 * vocabulary), kept until a content pack is loaded by any process. Bounded in number; the
 * least recently kept go first.
 */
export class ContentCache {
  readonly #entries = new Map<string, unknown>();
  /** Moves whenever the cache is let go, so a build overtaken by a new pack is not kept. */
  #generation = 0;

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Marks the start of a build; hand the result back to `keep`. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): unknown {
    return this.#entries.get(key);
  }

  /** Keeps a value built since `generation`, unless the readings changed meanwhile. */
  keep(key: string, value: unknown, generation: number): void {
    if (generation !== this.#generation) return;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries) break;
      this.#entries.delete(oldest);
    }
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
