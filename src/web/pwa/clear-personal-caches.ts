import { PERSONAL_CACHES, STOP_KEEPING_OPEN_DAYS_MESSAGE } from './offline-policy.js';
import { clearAllDrafts } from '../offline/draft-storage.js';
import { forgetKnownEntries } from '../offline/known-entries.js';

/**
 * Deletes what this browser kept for the person who signed out: what the service worker cached
 * (who they are, which days they read), their entries kept for reading offline, and the drafts
 * typed and not saved. The app shell stays cached: it holds nothing personal. Saves still
 * waiting for the server stay too, and go out only once their author signs in again.
 */
export async function clearPersonalCaches(): Promise<void> {
  clearAllDrafts();
  const forgetting = forgetKnownEntries();
  // The worker may be keeping the open days for offline reading: it stops, and deletes what
  // its last fetches keep once they end.
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    navigator.serviceWorker.controller?.postMessage({ type: STOP_KEEPING_OPEN_DAYS_MESSAGE });
  }
  if (typeof caches !== 'undefined') {
    try {
      await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
    } catch (error) {
      // Storage the browser refuses to open has nothing we could clear.
      console.warn('Could not clear the offline caches', error);
    }
  }
  await forgetting;
}
