import { offlinePageHtml } from './public-day-page.js';
import { builtReadingTypeface } from './reading-typeface.js';

/**
 * The offline page of the public pages for the web build at `webDistDir`, in its reading
 * typeface. The build writes it as a file (vite.config.ts), which the service worker precaches.
 */
export function offlinePageFile(webDistDir: string): string {
  return offlinePageHtml(builtReadingTypeface(webDistDir));
}
