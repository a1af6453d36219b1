import { clearDraft } from './drafts.js';
import { forgetKnownEntry } from './known-entries.js';
import { forgetPendingSave } from './outbox.js';

/**
 * Forgets everything this device keeps of one day's reflection once it is deleted: the copy
 * kept for reading offline, a draft typed over it and a save of it still waiting to be sent.
 * Any of them left behind would bring the deleted words back to the form or to the journal.
 */
export async function forgetReflectionOnDevice(userId: number, dayNumber: number): Promise<void> {
  clearDraft(userId, dayNumber);
  await Promise.all([
    forgetKnownEntry(userId, dayNumber),
    forgetPendingSave(userId, dayNumber).catch((error: unknown) =>
      // Without IndexedDB nothing can be waiting here.
      console.warn('Could not clear the save kept on this device', error),
    ),
  ]);
}
