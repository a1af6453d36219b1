import { CIRCLE_NOT_FOUND } from '#shared/circle-messages';
import type { CreateJournalEntryInput, JournalEntry } from '#shared/journal-schemas';
import type { SavedVersion } from './reflection-versions.js';
import type { EntryPart } from '#shared/shared-parts';

/**
 * Rules of the offline outbox: reflections saved while the server could not be reached wait on
 * the device and are sent, in the order they were made, once it can be reached again. A save
 * never replaces a version of the entry it did not begin from: that one waits for the reader.
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
  /**
   * The reading circles it is shared with; absent in saves kept before circles could be chosen,
   * which leave the entry's circles as they are.
   */
  circleIds?: number[];
  /** When it was made (ms since the epoch); the outbox sends the oldest first. */
  savedAt: number;
  /**
   * Tells this save apart from a later one of the same day that replaced it while it was being
   * sent, so removing the sent one never removes the newer text.
   */
  saveId: string;
  /**
   * The saved version the text began from, or null when the device knew of none. Saves kept by
   * earlier versions of the app have none recorded and count as begun from none.
   */
  base?: SavedVersion | null;
  /**
   * The server's entry met when sending, which had changed since `base`: the save waits until
   * the reader has seen both and chosen.
   */
  changedTo?: JournalEntry;
}

/** What becomes of a pending save after one attempt to send it. */
export type SendOutcome =
  /** The server has it: remove it from the device. */
  | 'sent'
  /** It may succeed later (no connection, signed out, busy server): keep it and stop for now. */
  | 'keep'
  /** The server refused it for good: sending it again could never succeed. */
  | 'drop'
  /** The entry changed since the save began (409): the reader chooses between the two. */
  | 'changed';

/**
 * The outcome for an answer's HTTP status, or for `null` when no answer came at all.
 * 401 waits for the person to sign in again; 408 and 429 are worth retrying; any other 4xx is
 * about the save itself, except 409: the entry changed since the save began. 5xx and other
 * statuses are the server's trouble, so the save waits.
 */
export function sendOutcome(status: number | null): SendOutcome {
  if (status === null) return 'keep';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 409) return 'changed';
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

/**
 * One person's pending saves in the order they were made (never anyone else's), leaving out
 * those waiting for the reader to choose between them and a changed entry.
 */
export function sendingOrder(saves: readonly PendingSave[], userId: number): PendingSave[] {
  return latestPerDay(saves.filter((save) => save.userId === userId))
    .filter((save) => !save.changedTo)
    .sort((a, b) => a.savedAt - b.savedAt || a.dayNumber - b.dayNumber);
}

/** The save of a day still waiting on the device, which the form shows over the server's copy. */
export function pendingSaveFor(
  saves: readonly PendingSave[],
  userId: number,
  dayNumber: number,
): PendingSave | undefined {
  return latestPerDay(saves).find((save) => save.userId === userId && save.dayNumber === dayNumber);
}

/**
 * The version a save asks the server to replace: the `updatedAt` it began from, or null for
 * none. Once the reader has seen a changed entry and chosen their own text, that entry's.
 */
export function baseUpdatedAt(save: Pick<PendingSave, 'base' | 'changedTo'>): string | null {
  return save.changedTo?.updatedAt ?? save.base?.updatedAt ?? null;
}

/**
 * Whether a save the server could not answer (no answer, or one saying "try later") waits on
 * the device to be sent again by itself. Other refusals are shown to the reader at once.
 */
export function waitsOnDevice(status: number | null): boolean {
  return status === null || [408, 429, 502, 503, 504].includes(status);
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/**
 * How long the device waits before sending again after `failures` attempts in a row that did
 * not get through: 1 s, doubling each time, never more than 5 minutes.
 */
export function retryDelayMs(failures: number): number {
  const doublings = Math.max(0, Math.min(failures - 1, 20));
  return Math.min(FIRST_RETRY_MS * 2 ** doublings, LONGEST_RETRY_MS);
}

/**
 * What sending a pending save asks of the journal: its text and all its sharing, circles too,
 * replacing the version `baseUpdatedAt`. Without `circles`, the entry's circles stay as they are.
 */
export function pendingSaveBody(
  save: PendingSave,
  baseUpdatedAt: string | null,
  circles = true,
): CreateJournalEntryInput {
  return {
    dayNumber: save.dayNumber,
    entryText: save.entryText,
    isPublic: save.isPublic,
    ...(save.sharedParts ? { sharedParts: save.sharedParts } : {}),
    ...(circles && save.circleIds ? { circleIds: save.circleIds } : {}),
    baseUpdatedAt,
  };
}

/**
 * Whether a refusal was only about the save's circles: one of them is gone, or the reader left
 * it while the save waited. The words are then sent without the circles, never lost.
 */
export function refusedForItsCircles(
  save: PendingSave,
  status: number | null,
  message: string | undefined,
): boolean {
  return status === 404 && message === CIRCLE_NOT_FOUND && (save.circleIds?.length ?? 0) > 0;
}
