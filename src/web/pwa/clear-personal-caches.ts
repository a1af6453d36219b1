import { PERSONAL_CACHES } from './offline-policy.js';
import { clearAllDrafts } from '../offline/drafts.js';
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
