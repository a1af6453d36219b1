import { useSyncExternalStore } from 'react';
import { type PendingSave, pendingSaveFor } from './offline-outbox.js';
import { allPendingSaves, onOutboxChange } from './outbox.js';

/** What the outbox held when last read; null until the first read finishes. */
let snapshot: readonly PendingSave[] | null = null;
const listeners = new Set<() => void>();
let reads = 0;
let watching = false;

async function reread() {
  const read = ++reads;
  let saves: PendingSave[];
  try {
    saves = await allPendingSaves();
  } catch (error) {
    // Without IndexedDB (a locked-down browser) nothing can wait here: show nothing pending.
    console.warn('Could not read the offline outbox', error);
    saves = [];
  }
  // Only the newest read counts, so a slow earlier one never brings back a removed save.
  if (read !== reads) return;
  snapshot = saves;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Watched for the rest of the page's life once anyone asks: the snapshot then stays current
  // for the next screen that needs it, with no empty moment while it is read again.
  if (!watching) {
    watching = true;
    onOutboxChange(() => void reread());
    void reread();
  }
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => snapshot;

/**
 * A person's save of a day still waiting on this device. `loaded` is false until the outbox has
 * been read, so a form can wait for it rather than show the server's older copy first.
 */
export function usePendingSave(
  userId: number | undefined,
  dayNumber: number,
): { loaded: boolean; pending: PendingSave | undefined } {
  const saves = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  if (userId === undefined) return { loaded: true, pending: undefined };
  return {
    loaded: saves !== null,
    pending: saves ? pendingSaveFor(saves, userId, dayNumber) : undefined,
  };
}
