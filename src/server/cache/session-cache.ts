/**
 * Signed-in sessions looked up by token hash, with their person, so a request need not read them
 * again. A change to a person's account or sessions lets go of all of that person's. Bounded in
 * number; the least recently used go first.
 */
export class SessionCache<Row extends { id: number }> {
  readonly #byToken = new Map<string, Row>();
  readonly #tokensOfUser = new Map<number, Set<string>>();
  /** Moves whenever a session is let go, so a lookup overtaken by that is not cached. */
  #generation = 0;

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.#byToken.size;
  }

  /** Marks the start of a lookup in the database; hand the answer back to `keep`. */
  get generation(): number {
    return this.#generation;
  }

  get(tokenHash: string): Row | undefined {
    const row = this.#byToken.get(tokenHash);
    if (row) {
      this.#byToken.delete(tokenHash);
      this.#byToken.set(tokenHash, row);
    }
    return row;
  }

  /** Keeps a session read since `generation`, unless a session was let go meanwhile. */
  keep(tokenHash: string, row: Row, generation: number): void {
    if (this.maxEntries <= 0 || generation !== this.#generation) return;
    this.#forgetToken(tokenHash);
    this.#byToken.set(tokenHash, row);
    const tokens = this.#tokensOfUser.get(row.id) ?? new Set();
    this.#tokensOfUser.set(row.id, tokens.add(tokenHash));
    for (const oldest of this.#byToken.keys()) {
      if (this.#byToken.size <= this.maxEntries) break;
      this.#forgetToken(oldest);
    }
  }

  forgetUser(userId: number): void {
    this.#generation += 1;
    for (const tokenHash of this.#tokensOfUser.get(userId) ?? []) this.#byToken.delete(tokenHash);
    this.#tokensOfUser.delete(userId);
  }

  clear(): void {
    this.#generation += 1;
    this.#byToken.clear();
    this.#tokensOfUser.clear();
  }

  #forgetToken(tokenHash: string): void {
    const row = this.#byToken.get(tokenHash);
    if (!row) return;
    this.#byToken.delete(tokenHash);
    const tokens = this.#tokensOfUser.get(row.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.#tokensOfUser.delete(row.id);
  }
}
