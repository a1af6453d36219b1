import { offlineCacheFor } from './offline-policy.js';
import { browserTimeZone } from '../api/client.js';

/** API addresses whose answers came inside the page itself (a reader's daily page). */
const answeredInPage = new Set<string>();

/** Counts answers the page brought with it as reads of the page, for the caches below. */
export function noteAnswersInPage(paths: readonly string[]): void {
  for (const path of paths) answeredInPage.add(new URL(path, window.location.origin).href);
}

/**
 * On a first visit the page reads today's stanza and who is signed in before the service worker
 * exists (or the page brings them itself), so nothing was cached. Once the worker controls the
 * page, it is asked to fetch again, into its caches, exactly those of the page's earlier reads
 * it may keep offline (workbox's CACHE_URLS message, answered by the worker's own routes).
 */
export function cacheWhatThePageAlreadyRead(worker: ServiceWorker): void {
  const urls = new Set<string>(answeredInPage);
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
