import { useEffect, useState } from 'react';
import type { JournalEntry } from '#shared/journal-schemas';
import { knownEntry, knownJournal } from './known-entries.js';

/**
 * Reads what the device knows once `wanted` (the server could not be asked), for `key`; the
 * answer of an earlier key is never shown for a later one.
 */
function useDeviceRead<T>(wanted: boolean, key: string | null, read: () => Promise<T>) {
  const [state, setState] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    if (!wanted || key === null) return;
    let live = true;
    void read().then((value) => {
      if (live) setState({ key, value });
    });
    return () => {
      live = false;
    };
    // `read` follows `key`: a new key brings a new read.
  }, [wanted, key]);
  return state !== null && state.key === key ? { loaded: true, value: state.value } : null;
}

/** The day's entry as last saved on this device, read when `wanted`; null when none is known. */
export function useKnownEntry(userId: number | undefined, day: number, wanted: boolean) {
  const read = useDeviceRead(wanted, userId === undefined ? null : `${userId}:${day}`, () =>
    knownEntry(userId ?? 0, day),
  );
  return { loaded: read !== null, entry: read?.value ?? null };
}

/** A person's journal as last saved on this device, read when `wanted`. */
export function useKnownJournal(userId: number | undefined, wanted: boolean) {
  const read = useDeviceRead(wanted, userId === undefined ? null : String(userId), () =>
    knownJournal(userId ?? 0),
  );
  return { loaded: read !== null, entries: read?.value ?? ([] as JournalEntry[]) };
}
