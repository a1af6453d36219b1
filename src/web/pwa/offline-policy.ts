/**
 * What the installed app keeps for reading offline, and what it must never keep.
 * Shared by the service worker (which caches) and the page (which warms and clears the caches).
 */

import { TOTAL_DAYS } from '#shared/constants';
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
/**
 * Enough for every day's stanza and stanza info (openDayReadingPaths(TOTAL_DAYS)), with room for
 * today's; a bound, so the cache never grows past the readings of one cycle.
 */
export const READINGS_MAX_ENTRIES = 600;

export const SERVICE_WORKER_URL = '/service-worker.js';
/** How often the service worker looks for a new version (docs/product.md#the-screens). */
export const UPDATE_CHECK_INTERVAL_MS = 3_600_000;
/** Asked when a new version is installed. */
export const UPDATE_PROMPT_TEXT = 'A new version is available! Reload to update?';

/** Messages the page sends the service worker. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/**
 * Keep every day the reader may open for offline reading:
 * `{ type, throughDay, headers }`, where throughDay is the server's current day for this reader.
 */
export const KEEP_OPEN_DAYS_MESSAGE = 'KEEP_OPEN_DAYS';

/**
 * The reader signed out: stop keeping days, and drop the readings once the fetches under way
 * have ended (the page deletes the caches at once, but a fetch still running would keep again).
 */
export const STOP_KEEPING_OPEN_DAYS_MESSAGE = 'STOP_KEEPING_OPEN_DAYS';

/** Where a reminder without a usable address leads. */
export const DAILY_RITUAL_PATH = '/app/daily-ritual';

export type OfflineCache = 'readings' | 'session';

/** What every day's reading needs besides its own stanza: the contents outline and glossary. */
const SHARED_READING_PATHS = ['/api/thoughts/meta/total', '/api/gathas/info', '/api/glossary'];

/**
 * What the app keeps so that every day 1..throughDay reads offline (docs/decisions/028-every-open-day-offline.md):
 * each day's stanza and stanza info, and what all days share. Never a day past throughDay.
 */
export function openDayReadingPaths(throughDay: number): string[] {
  const lastDay = Math.min(Math.max(Math.trunc(throughDay), 0), TOTAL_DAYS);
  const days = Array.from({ length: lastDay }, (_, index) => index + 1);
  return [
    ...SHARED_READING_PATHS,
    ...days.flatMap((day) => [`/api/thoughts/${day}`, `/api/gathas/info/${day}`]),
  ];
}

const dayReadingPath = /^\/api\/(?:thoughts|gathas\/info)\/([1-9]\d*)$/;

/** The day a kept reading belongs to (its stanza or stanza info), or null for any other path. */
export function dayOfReadingPath(pathname: string): number | null {
  const match = dayReadingPath.exec(pathname);
  return match?.[1] ? Number(match[1]) : null;
}

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
 * Whether a page navigation to `pathname` is one of the public pages the server renders for a
 * day (/read/...): the network's, else the app's own offline page.
 */
export function isPublicDayNavigation(pathname: string): boolean {
  return pathname === PUBLIC_DAY_PATH || pathname.startsWith(`${PUBLIC_DAY_PATH}/`);
}

/**
 * Whether a page navigation to `pathname` is one of the app's routes, answered offline with the
 * app shell (index.html). API calls, the days' public pages (the server renders them for
 * visitors) and files with an extension (icons, the manifest) are not.
 */
export function isAppNavigation(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  if (isPublicDayNavigation(pathname)) return false;
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
