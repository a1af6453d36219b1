/**
 * Signed-in sessions this process has looked up, by token hash, with their user, so a request
 * need not read them again. Only safe beside the change log (ChangeTail): every change to a
 * person's account or sessions, made by any process, lets go of all of that person's entries
 * before the next request is answered. The number kept is bounded; the least recently used
 * go first.
 */
export class KeptSessions<Row extends { id: number }> {
  readonly #byToken = new Map<string, Row>();
  readonly #tokensOfUser = new Map<number, Set<string>>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.#byToken.size;
  }

  get(tokenHash: string): Row | undefined {
    const row = this.#byToken.get(tokenHash);
    if (row) {
      this.#byToken.delete(tokenHash);
      this.#byToken.set(tokenHash, row);
    }
    return row;
  }

  keep(tokenHash: string, row: Row): void {
    if (this.maxEntries <= 0) return;
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
    for (const tokenHash of this.#tokensOfUser.get(userId) ?? []) this.#byToken.delete(tokenHash);
    this.#tokensOfUser.delete(userId);
  }

  forgetAll(): void {
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
