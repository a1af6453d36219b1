/**
 * Where drafts are kept in this browser, apart from drafts.ts (what a draft holds), so that
 * signing out forgets them all at once without loading anything more.
 */

const PREFIX = 'threefold-draft:';

/** The localStorage key of one person's draft for one day. */
export const keyOf = (userId: number, dayNumber: number) => `${PREFIX}${userId}:${dayNumber}`;

/** Runs `work` on localStorage, which a browser may refuse (storage off, or full). */
export function withStorage<T>(work: (storage: Storage) => T, fallback: T): T {
  try {
    return work(window.localStorage);
  } catch (error) {
    console.warn('Could not use the drafts kept in this browser', error);
    return fallback;
  }
}

/** Forgets every draft in this browser: done on signing out. */
export function clearAllDrafts(): void {
  withStorage((storage) => {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) storage.removeItem(key);
  }, null);
}
