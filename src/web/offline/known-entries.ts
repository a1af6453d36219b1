import type { JournalEntry } from '#shared/journal-schemas';
import { KNOWN_ENTRIES, openOfflineDatabase } from './offline-database.js';

/**
 * The reader's own entries as last saved, kept on the device whenever the app hears of them, so
 * that offline a reflection opens as it was written. Signing out forgets them. Storage the
 * browser refuses (a locked-down profile) leaves the app working as before, only without them.
 */

async function quietly<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    console.warn('Could not use the entries kept on this device', error);
    return fallback;
  }
}

/** Keeps one entry as the latest known version of its day. */
export function rememberEntry(entry: JournalEntry): Promise<void> {
  return quietly(async () => {
    await (await openOfflineDatabase()).put(KNOWN_ENTRIES, entry);
  }, undefined);
}

/** Keeps a person's whole journal, forgetting entries of theirs that are no longer in it. */
export function rememberJournal(userId: number, entries: readonly JournalEntry[]): Promise<void> {
  return quietly(async () => {
    const db = await openOfflineDatabase();
    const tx = db.transaction(KNOWN_ENTRIES, 'readwrite');
    const kept = new Set(entries.map((entry) => entry.dayNumber));
    for (const key of await tx.store.index('by-user').getAllKeys(userId)) {
      if (!kept.has(key[1])) await tx.store.delete(key);
    }
    for (const entry of entries) if (entry.userId === userId) await tx.store.put(entry);
    await tx.done;
  }, undefined);
}

/** Forgets a day the server says has no entry. */
export function forgetKnownEntry(userId: number, dayNumber: number): Promise<void> {
  return quietly(async () => {
    await (await openOfflineDatabase()).delete(KNOWN_ENTRIES, [userId, dayNumber]);
  }, undefined);
}

/** The day's entry as last known on this device, or null when none is known. */
export function knownEntry(userId: number, dayNumber: number): Promise<JournalEntry | null> {
  return quietly(
    async () =>
      (await (await openOfflineDatabase()).get(KNOWN_ENTRIES, [userId, dayNumber])) ?? null,
    null,
  );
}

/** A person's entries as last known on this device, most recently updated first. */
export function knownJournal(userId: number): Promise<JournalEntry[]> {
  return quietly(async () => {
    const entries = await (
      await openOfflineDatabase()
    ).getAllFromIndex(KNOWN_ENTRIES, 'by-user', userId);
    return entries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  }, []);
}

/** Forgets every entry kept here, whoever wrote it: done on signing out. */
export function forgetKnownEntries(): Promise<void> {
  return quietly(async () => {
    await (await openOfflineDatabase()).clear(KNOWN_ENTRIES);
  }, undefined);
}
