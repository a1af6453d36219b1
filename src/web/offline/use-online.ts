import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();
// The page the server renders is the online one; the browser then says what it knows.
const onServer = () => true;

/** Whether the browser has a connection, as the data layer also sees it (see query-client.ts). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer);
}
