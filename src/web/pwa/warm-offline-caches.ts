import { offlineCacheFor } from '#shared/offline-policy';
import { browserTimeZone } from '../api/client.js';

/**
 * On a first visit the page reads today's stanza and who is signed in before the service worker
 * exists, so nothing was cached. Once the worker controls the page, it is asked to fetch again,
 * into its caches, exactly those of the page's earlier reads it may keep offline (workbox's
 * CACHE_URLS message, answered by the worker's own routes).
 */
export function cacheWhatThePageAlreadyRead(worker: ServiceWorker): void {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin !== window.location.origin) continue;
    if (offlineCacheFor('GET', url.pathname)) urls.add(url.href);
  }
  if (urls.size === 0) return;
  // The same headers as the app's own calls, so "today" is the reader's today.
  const init: RequestInit = {
    credentials: 'include',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Timezone': browserTimeZone() },
  };
  worker.postMessage({
    type: 'CACHE_URLS',
    payload: { urlsToCache: [...urls].map((url) => [url, init]) },
  });
}
