import { useEffect } from 'react';
import { KEEP_OPEN_DAYS_MESSAGE } from './offline-policy.js';
import { useCurrentUser } from '../api/auth.js';
import { browserTimeZone } from '../api/client.js';
import { useTodayThought } from '../api/thoughts.js';
import { useOnline } from '../offline/use-online.js';

/** The worker controlling the page: now, or once the first install takes the page over. */
function controllingWorker(signal: AbortSignal): Promise<ServiceWorker | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return Promise.resolve(null);
  }
  const container = navigator.serviceWorker;
  if (container.controller) return Promise.resolve(container.controller);
  return new Promise((resolve) => {
    const taken = () => resolve(container.controller);
    container.addEventListener('controllerchange', taken, { once: true, signal });
    signal.addEventListener('abort', () => resolve(null), { once: true });
  });
}

/**
 * While the signed-in app is open and online, asks the service worker to keep every day the
 * reader may open (1..today under their pace, as the server counts it) for offline reading,
 * and no later day (docs/decisions/028-every-open-day-offline.md). Asked again when today
 * changes or the connection returns; the worker fetches only what it does not keep yet.
 */
export function useOpenDaysKeptOffline(): void {
  // Signing out clears the answers while this is still mounted: nothing is asked again then,
  // so nothing is kept after the reader's caches are deleted.
  const signedIn = Boolean(useCurrentUser().data);
  const throughDay = useTodayThought({ enabled: signedIn }).data?.currentDay;
  const online = useOnline();
  useEffect(() => {
    if (!signedIn || !online || !throughDay) return;
    const stop = new AbortController();
    void controllingWorker(stop.signal).then((worker) => {
      if (!worker || stop.signal.aborted) return;
      worker.postMessage({
        type: KEEP_OPEN_DAYS_MESSAGE,
        throughDay,
        // The same headers as the app's own calls, so "today" is the reader's today.
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Timezone': browserTimeZone() },
      });
    });
    return () => stop.abort();
  }, [signedIn, online, throughDay]);
}
