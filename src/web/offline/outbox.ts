import type { JournalEntry } from '#shared/journal-schemas';
import type { PendingSave } from './offline-outbox.js';
import { PENDING_SAVES, openOfflineDatabase } from './offline-database.js';

/**
 * The outbox: reflections saved while the server could not be reached, kept in IndexedDB so
 * they outlive a closed tab. One record per person and day, so a later save of the same day
 * replaces the earlier one.
 */

const STORE = PENDING_SAVES;
const CHANNEL = 'threefold-offline-outbox';

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;

/** Tells other tabs of the app too, so their "saved on this device" lines stay true. */
function otherTabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (channel) channel.onmessage = () => listeners.forEach((listener) => listener());
  }
  return channel;
}

function announceChange() {
  listeners.forEach((listener) => listener());
  otherTabs()?.postMessage('changed');
}

/** Calls `listener` whenever the outbox changes, in this tab or another. */
export function onOutboxChange(listener: () => void): () => void {
  otherTabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function newSaveId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Keeps a save on the device, replacing any earlier pending save of that person's day. With
 * `changedTo`, it waits for the reader to choose between it and that newer saved entry.
 */
export async function keepOnDevice(
  input: Pick<
    PendingSave,
    | 'userId'
    | 'dayNumber'
    | 'entryText'
    | 'isPublic'
    | 'sharedParts'
    | 'circleIds'
    | 'base'
    | 'changedTo'
  >,
): Promise<PendingSave> {
  const save: PendingSave = { ...input, savedAt: Date.now(), saveId: newSaveId() };
  const db = await openOfflineDatabase();
  await db.put(STORE, save);
  announceChange();
  return save;
}

/** Everything waiting, of every person who used this device. */
export async function allPendingSaves(): Promise<PendingSave[]> {
  const db = await openOfflineDatabase();
  return db.getAll(STORE);
}

/**
 * Removes a save that was sent or refused, unless a newer save of the same day replaced it
 * meanwhile: that newer text still has to reach the server.
 */
export async function removeUnlessReplaced(save: PendingSave): Promise<void> {
  const db = await openOfflineDatabase();
  const tx = db.transaction(STORE, 'readwrite');
  const stored = await tx.store.get([save.userId, save.dayNumber]);
  if (stored?.saveId === save.saveId) await tx.store.delete([save.userId, save.dayNumber]);
  await tx.done;
  announceChange();
}

/**
 * Holds a save back for the reader, who chooses between it and `entry`, the day's entry as the
 * server has it now: changed since the save began. Nothing happens when a newer save of the day
 * replaced it meanwhile, which will meet the server on its own.
 */
export async function holdForChoice(save: PendingSave, entry: JournalEntry): Promise<void> {
  const db = await openOfflineDatabase();
  const tx = db.transaction(STORE, 'readwrite');
  const stored = await tx.store.get([save.userId, save.dayNumber]);
  if (stored?.saveId === save.saveId) await tx.store.put({ ...stored, changedTo: entry });
  await tx.done;
  announceChange();
}

/**
 * Forgets a day's pending save made before `savedBefore`, once a newer save of that day reached
 * the server directly: sending the older text later would overwrite the newer one.
 */
export async function forgetOlderSave(
  userId: number,
  dayNumber: number,
  savedBefore: number,
): Promise<void> {
  const db = await openOfflineDatabase();
  const tx = db.transaction(STORE, 'readwrite');
  const stored = await tx.store.get([userId, dayNumber]);
  if (stored && stored.savedAt < savedBefore) await tx.store.delete([userId, dayNumber]);
  await tx.done;
  if (stored) announceChange();
}

/**
 * Forgets a day's pending save, whatever its age: the reader deleted that day's reflection, and
 * sending the save later would bring it back.
 */
export async function forgetPendingSave(userId: number, dayNumber: number): Promise<void> {
  const db = await openOfflineDatabase();
  const tx = db.transaction(STORE, 'readwrite');
  const stored = await tx.store.get([userId, dayNumber]);
  if (stored) await tx.store.delete([userId, dayNumber]);
  await tx.done;
  if (stored) announceChange();
}

const LOCK = 'threefold-offline-outbox';
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` alone: one sync or direct save at a time, across this device's tabs where the
 * browser has Web Locks, so an older text can never land after a newer one.
 */
export function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  if ('locks' in navigator && navigator.locks) {
    return navigator.locks.request(LOCK, work) as Promise<T>;
  }
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}
