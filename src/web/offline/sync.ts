import type { JournalEntry } from '#shared/journal-schemas';
import {
  type PendingSave,
  baseUpdatedAt,
  pendingSaveBody,
  refusedForItsCircles,
  sendOutcome,
  sendingOrder,
} from './offline-outbox.js';
import { sameReflection } from './reflection-versions.js';
import { ApiError, callApiIfSignedIn, serverMessage } from '../api/client.js';
import { postJournalEntry } from '../api/journal.js';
import { allPendingSaves, holdForChoice, removeUnlessReplaced, withOutboxLock } from './outbox.js';

/** A connection that accepts a request and never answers must not hold a save forever. */
const ANSWER_TIME_LIMIT_MS = 20_000;

/** Gives up on an answer after the time limit (where the browser can), as a network failure. */
export const answerTimeLimit = (): AbortSignal | undefined =>
  typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(ANSWER_TIME_LIMIT_MS) : undefined;

export interface SyncReport {
  /** The server's copies of the saves it accepted, in the order they were sent. */
  synced: JournalEntry[];
  /** Saves the server refused for good, now removed from the device. */
  refused: { dayNumber: number; reason: string | undefined }[];
  /** Days whose entry changed since their save began: the save waits for the reader's choice. */
  changed: JournalEntry[];
  /** Saves still waiting to be sent, for a later run. */
  waiting: number;
}

export interface SyncEvents {
  /** A save reached the server; runs before it leaves the outbox. */
  onSent: (entry: JournalEntry, save: PendingSave) => void;
  /** A save met a newer version of its entry, which is now the server's copy of the day. */
  onChanged: (entry: JournalEntry, save: PendingSave) => void;
}

type Attempt =
  | { outcome: 'sent'; entry: JournalEntry }
  | { outcome: 'changed'; entry: JournalEntry }
  | { outcome: 'keep' }
  | { outcome: 'drop'; reason: string | undefined };

/**
 * Sends the save with its circles. A circle gone, or left, while it waited refuses the whole
 * save; the words are then sent without the circles, so they are never lost.
 */
async function post(save: PendingSave, base: string | null) {
  try {
    return await postJournalEntry(pendingSaveBody(save, base), answerTimeLimit());
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    if (!refusedForItsCircles(save, status, serverMessage(error))) throw error;
    return postJournalEntry(pendingSaveBody(save, base, false), answerTimeLimit());
  }
}

/** The entry a 409 answer carries: the day's entry as the server has it now. */
export function currentEntryOf(error: unknown): JournalEntry | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const entry = error.body?.entry;
  return entry && typeof entry === 'object' ? (entry as JournalEntry) : null;
}

async function attempt(save: PendingSave): Promise<Attempt> {
  let base = baseUpdatedAt(save);
  // At most twice: once more only when the entry changed in its date alone (see below).
  for (let round = 0; round < 2; round++) {
    try {
      return { outcome: 'sent', entry: await post(save, base) };
    } catch (error) {
      const current = currentEntryOf(error);
      if (current) {
        // An earlier send arrived and only its answer was lost: the server already has it.
        if (sameReflection(current, save)) return { outcome: 'sent', entry: current };
        // Saved again elsewhere with nothing changed: the save still began from those words.
        if (round === 0 && save.base && sameReflection(current, save.base)) {
          base = current.updatedAt;
          continue;
        }
        return { outcome: 'changed', entry: current };
      }
      const outcome = sendOutcome(error instanceof ApiError ? error.status : null);
      if (outcome === 'drop') return { outcome, reason: serverMessage(error) };
      return { outcome: 'keep' };
    }
  }
  return { outcome: 'keep' };
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
 * Sends one person's pending saves, oldest first, each as POST /api/journal naming the version
 * it began from. A save leaves the device only once the server answered 2xx (or refused it for
 * good); one whose entry changed meanwhile stays, held for the reader to choose. The first save
 * that may still succeed later stops the run, since the next would meet the same trouble.
 */
export function sendPendingSaves(userId: number, events: SyncEvents): Promise<SyncReport> {
  return withOutboxLock(async () => {
    const report: SyncReport = { synced: [], refused: [], changed: [], waiting: 0 };
    const saves = sendingOrder(await allPendingSaves(), userId);
    report.waiting = saves.length;
    if (saves.length === 0 || !navigator.onLine || !(await signedInAs(userId))) return report;
    for (const save of saves) {
      const result = await attempt(save);
      if (result.outcome === 'keep') break;
      report.waiting -= 1;
      if (result.outcome === 'sent') {
        events.onSent(result.entry, save);
        report.synced.push(result.entry);
        await removeUnlessReplaced(save);
      } else if (result.outcome === 'changed') {
        events.onChanged(result.entry, save);
        report.changed.push(result.entry);
        await holdForChoice(save, result.entry);
      } else {
        report.refused.push({ dayNumber: save.dayNumber, reason: result.reason });
        await removeUnlessReplaced(save);
      }
    }
    return report;
  });
}
