import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../api/auth.js';
import type { ProgressStore } from '../progress/progress-store.js';

/** The app root's progress store; each root provides its own. */
export const ProgressStoreContext = createContext<ProgressStore | null>(null);

function useProgressStore(): ProgressStore {
  const store = useContext(ProgressStoreContext);
  if (!store) throw new Error('Reading progress is used outside the app root');
  return store;
}

/**
 * While signed in, merges the local record with the server's once per sign-in and app start,
 * and writes the union back.
 */
export function useProgressSync() {
  const store = useProgressStore();
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id ?? null;
  useEffect(() => store.signedIn(userId, queryClient), [store, userId, queryClient]);
}

/** The local progress record (cookie gatha-progress) and the spec's progress actions. */
export function useProgress() {
  const store = useProgressStore();
  // On the server the store reads the request's cookies; the browser then hydrates the page
  // with the same record, read from the same cookie.
  const record = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  useProgressSync();
  return { record, markStep: store.markStep, markRead: store.markRead, reset: store.reset };
}
