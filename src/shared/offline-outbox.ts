import type { EntryPart } from './shared-parts.js';

/**
 * Rules of the offline outbox: reflections saved while the server could not be reached wait on
 * the device and are sent, in the order they were made, once it can be reached again.
 */

/** One reflection waiting on this device for the server. */
export interface PendingSave {
  /** Whose it is: only sent while this person is signed in. */
  userId: number;
  dayNumber: number;
  entryText: string;
  isPublic: boolean;
  /** The parts friends see; absent in saves kept before parts could be chosen (all three). */
  sharedParts?: EntryPart[];
  /** When it was made (ms since the epoch); the outbox sends the oldest first. */
  savedAt: number;
  /**
   * Tells this save apart from a later one of the same day that replaced it while it was being
   * sent, so removing the sent one never removes the newer text.
   */
  saveId: string;
}

/** What becomes of a pending save after one attempt to send it. */
export type SendOutcome =
  /** The server has it: remove it from the device. */
  | 'sent'
  /** It may succeed later (no connection, signed out, busy server): keep it and stop for now. */
  | 'keep'
  /** The server refused it for good: sending it again could never succeed. */
  | 'drop';

/**
 * The outcome for an answer's HTTP status, or for `null` when no answer came at all.
 * 401 waits for the person to sign in again; 408 and 429 are worth retrying; any other 4xx is
 * about the save itself. 5xx and other statuses are the server's trouble, so the save waits.
 */
export function sendOutcome(status: number | null): SendOutcome {
  if (status === null) return 'keep';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401 || status === 408 || status === 429) return 'keep';
  if (status >= 400 && status < 500) return 'drop';
  return 'keep';
}

const sameDay = (a: PendingSave, b: PendingSave) =>
  a.userId === b.userId && a.dayNumber === b.dayNumber;

/** Later saves of the same day and person replace earlier ones: only the latest is sent. */
export function latestPerDay(saves: readonly PendingSave[]): PendingSave[] {
  return saves.filter(
    (save) =>
      !saves.some(
        (other) =>
          other !== save &&
          sameDay(save, other) &&
          (other.savedAt > save.savedAt ||
            (other.savedAt === save.savedAt && other.saveId > save.saveId)),
      ),
  );
}

/** One person's pending saves in the order they were made (never anyone else's). */
export function sendingOrder(saves: readonly PendingSave[], userId: number): PendingSave[] {
  return latestPerDay(saves.filter((save) => save.userId === userId)).sort(
    (a, b) => a.savedAt - b.savedAt || a.dayNumber - b.dayNumber,
  );
}

/** The save of a day still waiting on the device, which the form shows over the server's copy. */
export function pendingSaveFor(
  saves: readonly PendingSave[],
  userId: number,
  dayNumber: number,
): PendingSave | undefined {
  return sendingOrder(saves, userId).find((save) => save.dayNumber === dayNumber);
}
