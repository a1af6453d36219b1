/**
 * What the installed app keeps for reading offline, and what it must never keep.
 * Shared by the service worker (which caches) and the page (which warms and clears the caches).
 */

import { PUBLIC_DAY_PATH } from '#shared/shared-day';

/**
 * Public readings: the stanzas (/api/thoughts/*), their stanza info (/api/gathas/info/*) and the
 * outline of every day the contents screen lists (/api/gathas/info), and the glossary with its
 * days (/api/glossary).
 */
export const READINGS_CACHE = 'threefold-path-readings';
/** The answer of GET /api/auth/me, so the signed-in shell still opens without a network. */
export const SESSION_CACHE = 'threefold-path-session';
/**
 * Caches that belong to whoever is signed in: the session answer, and the readings, which tell
 * which days that person opened. Signing out deletes them all.
 */
export const PERSONAL_CACHES: readonly string[] = [READINGS_CACHE, SESSION_CACHE];

/** A slow network answers from the cache after this long (NetworkFirst's timeout). */
export const NETWORK_TIMEOUT_SECONDS = 3;
/** Enough for every day's stanza and stanza info, with room for today's and the total. */
export const READINGS_MAX_ENTRIES = 600;

export const SERVICE_WORKER_URL = '/service-worker.js';
/** How often the service worker looks for a new version (docs/product.md#the-screens). */
export const UPDATE_CHECK_INTERVAL_MS = 3_600_000;
/** Asked when a new version is installed. */
export const UPDATE_PROMPT_TEXT = 'A new version is available! Reload to update?';

/** Messages the page sends the service worker. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** Where a reminder without a usable address leads. */
export const DAILY_RITUAL_PATH = '/app/daily-ritual';

export type OfflineCache = 'readings' | 'session';

const readingPaths = [/^\/api\/thoughts\/.+$/, /^\/api\/gathas\/info(\/.+)?$/, /^\/api\/glossary$/];

/**
 * The cache allowed to keep the answer to `method pathname`, or null: every other API answer is
 * personal (journal, friends, people) and always goes to the network.
 */
export function offlineCacheFor(method: string, pathname: string): OfflineCache | null {
  if (method.toUpperCase() !== 'GET') return null;
  if (pathname === '/api/auth/me') return 'session';
  if (readingPaths.some((pattern) => pattern.test(pathname))) return 'readings';
  return null;
}

export function cacheNameOf(cache: OfflineCache): string {
  return cache === 'readings' ? READINGS_CACHE : SESSION_CACHE;
}

/**
 * Whether a page navigation to `pathname` is one of the app's routes, answered offline with the
 * app shell (index.html). API calls, the days' public pages (the server renders them for
 * visitors) and files with an extension (icons, the manifest) are not.
 */
export function isAppNavigation(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (pathname === PUBLIC_DAY_PATH || pathname.startsWith(`${PUBLIC_DAY_PATH}/`)) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * The address a clicked reminder opens: its data.url when that is a page of this app, else the
 * daily ritual. Never another origin, so a notification cannot send anyone elsewhere.
 */
export function notificationTargetUrl(data: unknown, origin: string): string {
  const fallback = new URL(DAILY_RITUAL_PATH, origin).href;
  const url =
    data && typeof data === 'object' && 'url' in data && typeof data.url === 'string'
      ? data.url
      : null;
  if (!url) return fallback;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : fallback;
  } catch {
    return fallback;
  }
}
