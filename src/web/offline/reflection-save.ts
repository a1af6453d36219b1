import type { JournalEntry } from '#shared/journal-schemas';
import { waitsOnDevice } from './offline-outbox.js';
import {
  type ReflectionValues,
  type SavedVersion,
  sameContent,
  valuesOf,
} from './reflection-versions.js';

/** What a reflection is saved as: the text, with who may see it. */
export interface ReflectionToSave {
  entryText: string;
  isPublic: boolean;
  sharedParts: ReflectionValues['sharedParts'];
  /** The reader's circles it is shared with. */
  circleIds: ReflectionValues['circleIds'];
}

/**
 * The words the form began from and the saved version they belong to (null when no entry was
 * known). A save names that version, so it never replaces another one unseen
 * (docs/product.md#journal).
 */
export interface SaveBasis {
  values: ReflectionValues;
  base: SavedVersion | null;
}

/** How a save ended, for the screen to show. */
export type SaveOutcome =
  /** The journal holds the words. */
  | { kind: 'saved'; entry: JournalEntry }
  /** No connection (or no answer): the words wait on this device and sync later. */
  | { kind: 'waiting-on-device' }
  /** The entry changed elsewhere: the words wait on this device beside it, for a choice. */
  | { kind: 'changed-elsewhere'; changedTo: JournalEntry }
  /** Neither the journal nor this device could keep them: they stay in the form. */
  | { kind: 'not-kept' }
  /** The session is over: the app signs the device out; the words stay in the draft. */
  | { kind: 'signed-out' };

/** The world a save talks to: the journal, this device's outbox, the connection. */
export interface SaveChannels {
  /** POST /api/journal naming the version the words replace; rejects with the API's error. */
  post(save: ReflectionToSave, baseUpdatedAt: string | null): Promise<JournalEntry>;
  /** Keeps the words on this device (beside `changedTo` when the entry changed elsewhere). */
  keepOnDevice(
    save: ReflectionToSave,
    base: SavedVersion | null,
    changedTo?: JournalEntry,
  ): Promise<void>;
  /** Runs `work` while no sync of this device's outbox runs. */
  takeTurnsWithSync<T>(work: () => Promise<T>): Promise<T>;
  /** Drops a save of the day kept here before `startedAt`, now older than the journal's. */
  forgetOlderSave(startedAt: number): Promise<void>;
  online(): boolean;
  now(): number;
  /** The entry the server holds, when `error` is its 409 answer. */
  currentEntryOf(error: unknown): JournalEntry | null;
  /** The HTTP status of an API error, or null. */
  statusOf(error: unknown): number | null;
  isNetworkFailure(error: unknown): boolean;
  warn(message: string, error: unknown): void;
}

/**
 * Saves `save`, begun from `began`, to the journal or, failing that, to this device. A retried
 * send whose first answer was lost counts as saved; a conflict with the device's own earlier
 * save, synced meanwhile, is sent again over it; any other version the reader has not seen is
 * never replaced.
 */
export async function saveReflection(
  channels: SaveChannels,
  save: ReflectionToSave,
  began: SaveBasis,
  savesWaitingHere: boolean,
): Promise<SaveOutcome> {
  const keepOnThisDevice = async (changedTo?: JournalEntry): Promise<SaveOutcome> => {
    try {
      await channels.keepOnDevice(save, began.base, changedTo);
    } catch (error) {
      // Without IndexedDB nothing can wait here; the words stay in the form and its draft.
      channels.warn('Could not keep the reflection on this device', error);
      return { kind: 'not-kept' };
    }
    return changedTo ? { kind: 'changed-elsewhere', changedTo } : { kind: 'waiting-on-device' };
  };
  if (!channels.online()) return keepOnThisDevice();

  const startedAt = channels.now();
  const send = async (): Promise<JournalEntry> => {
    try {
      return await channels.post(save, began.base?.updatedAt ?? null);
    } catch (error) {
      const current = channels.currentEntryOf(error);
      if (!current) throw error;
      // An earlier send of these words arrived and only its answer was lost.
      if (sameContent(valuesOf(current), valuesOf(save))) return current;
      // Saved again with the words this form began from (this device's own waiting save,
      // synced meanwhile): nothing the reader has not seen would be replaced.
      if (sameContent(valuesOf(current), began.values))
        return channels.post(save, current.updatedAt);
      throw error;
    }
  };
  try {
    // With a save of this day waiting, a sync may be sending it: take turns with it.
    const entry = await (savesWaitingHere ? channels.takeTurnsWithSync(send) : send());
    // The journal now has newer words than the save waiting here, which must not follow them.
    if (savesWaitingHere) {
      await channels
        .forgetOlderSave(startedAt)
        .catch((error: unknown) =>
          channels.warn('Could not clear the older save kept on this device', error),
        );
    }
    return { kind: 'saved', entry };
  } catch (error) {
    const current = channels.currentEntryOf(error);
    if (current) return keepOnThisDevice(current);
    const status = channels.statusOf(error);
    if (channels.isNetworkFailure(error) || (status !== null && waitsOnDevice(status))) {
      return keepOnThisDevice();
    }
    if (status === 401) return { kind: 'signed-out' };
    return { kind: 'not-kept' };
  }
}
