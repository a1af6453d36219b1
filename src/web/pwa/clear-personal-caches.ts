import { PERSONAL_CACHES } from '#shared/offline-policy';

/**
 * Deletes what the service worker kept for the person who signed out (who they are, which days
 * they read). The app shell stays cached: it holds nothing personal.
 */
export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
  } catch (error) {
    // Storage the browser refuses to open has nothing we could clear.
    console.warn('Could not clear the offline caches', error);
  }
}
