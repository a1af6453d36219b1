import type { JournalEntry } from '#shared/journal-schemas';
import { type PendingSave, sendOutcome, sendingOrder } from '#shared/offline-outbox';
import { ApiError, callApiIfSignedIn, serverMessage } from '../api/client.js';
import { postJournalEntry } from '../api/journal.js';
import { allPendingSaves, removeUnlessReplaced, withOutboxLock } from './outbox.js';

/** A connection that accepts a request and never answers must not hold the outbox forever. */
const ANSWER_TIME_LIMIT_MS = 20_000;

export interface SyncReport {
  /** The server's copies of the saves it accepted, in the order they were sent. */
  synced: JournalEntry[];
  /** Saves the server refused for good, now removed from the device. */
  refused: { dayNumber: number; reason: string | undefined }[];
}

type Attempt =
  | { outcome: 'sent'; entry: JournalEntry }
  | { outcome: 'keep' }
  | { outcome: 'drop'; reason: string | undefined };

async function attempt(save: PendingSave): Promise<Attempt> {
  try {
    const entry = await postJournalEntry(
      {
        dayNumber: save.dayNumber,
        entryText: save.entryText,
        isPublic: save.isPublic,
        ...(save.sharedParts ? { sharedParts: save.sharedParts } : {}),
      },
      typeof AbortSignal.timeout === 'function'
        ? AbortSignal.timeout(ANSWER_TIME_LIMIT_MS)
        : undefined,
    );
    return { outcome: 'sent', entry };
  } catch (error) {
    const outcome = sendOutcome(error instanceof ApiError ? error.status : null);
    return outcome === 'drop' ? { outcome, reason: serverMessage(error) } : { outcome: 'keep' };
  }
}

/**
 * Whether the browser's session belongs to this person right now. Another tab may have signed
 * someone else in on this browser, and their session must never carry this person's words.
 */
async function signedInAs(userId: number): Promise<boolean> {
  try {
    const data = await callApiIfSignedIn('GET /api/auth/me');
    return data?.user.id === userId;
  } catch {
    return false;
  }
}

/**
 * Sends one person's pending saves, oldest first, each as POST /api/journal. A save leaves the
 * device only once the server answered 2xx (or refused it for good); the first one that may
 * still succeed later stops the run, since the next would meet the same trouble.
 * `onSent` runs before a sent save leaves the outbox, so a screen showing it can switch to the
 * server's copy without a moment of showing an older one.
 */
export function sendPendingSaves(
  userId: number,
  onSent: (entry: JournalEntry) => void,
): Promise<SyncReport> {
  return withOutboxLock(async () => {
    const report: SyncReport = { synced: [], refused: [] };
    if (!navigator.onLine) return report;
    const saves = sendingOrder(await allPendingSaves(), userId);
    if (saves.length === 0 || !(await signedInAs(userId))) return report;
    for (const save of saves) {
      const result = await attempt(save);
      if (result.outcome === 'keep') break;
      if (result.outcome === 'sent') {
        onSent(result.entry);
        report.synced.push(result.entry);
      } else {
        report.refused.push({ dayNumber: save.dayNumber, reason: result.reason });
      }
      await removeUnlessReplaced(save);
    }
    return report;
  });
}
