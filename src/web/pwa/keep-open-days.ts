import { TOTAL_DAYS } from '#shared/constants';
import { READINGS_CACHE, dayOfReadingPath, openDayReadingPaths } from './offline-policy.js';

/** Readings fetched at once: the app's own calls still find a free connection meanwhile. */
const AT_ONCE = 4;
/** The headers a page may ask the readings to be fetched with: the reader's zone, as its calls. */
const PASSED_HEADERS = ['X-Requested-With', 'X-Timezone'];

/** One keeping at a time: a second page asking meanwhile waits, then finds the days kept. */
let running: Promise<unknown> = Promise.resolve();
/** Moves on at each sign-out: a keeping begun before it stops at its next batch. */
let signOuts = 0;

function headersFrom(value: unknown): Headers {
  const headers = new Headers();
  if (!value || typeof value !== 'object') return headers;
  for (const name of PASSED_HEADERS) {
    const given: unknown = (value as Record<string, unknown>)[name];
    if (typeof given === 'string') headers.set(name, given);
  }
  return headers;
}

/**
 * In the service worker: keeps every day 1..throughDay for offline reading, and no day after it.
 * Days past it (a pace begun again, a new cycle) are dropped first; then each reading not kept
 * yet is fetched through `fetchReading`, the readings route's strategy, which keeps it. Resolves
 * with how many readings were missing; a message without a valid day keeps nothing.
 */
export function keepOpenDays(
  message: { throughDay?: unknown; headers?: unknown },
  origin: string,
  fetchReading: (request: Request) => Promise<Response>,
): Promise<number> {
  const { throughDay } = message;
  if (typeof throughDay !== 'number' || !Number.isInteger(throughDay)) return Promise.resolve(0);
  if (throughDay < 1 || throughDay > TOTAL_DAYS) return Promise.resolve(0);
  const headers = headersFrom(message.headers);
  const askedAfter = signOuts;
  const keeping = running.then(async () => {
    if (signOuts !== askedAfter) return 0;
    const cache = await caches.open(READINGS_CACHE);
    const kept = new Set<string>();
    for (const request of await cache.keys()) {
      const { pathname } = new URL(request.url);
      const day = dayOfReadingPath(pathname);
      if (day !== null && day > throughDay) await cache.delete(request);
      else kept.add(pathname);
    }
    const missing = openDayReadingPaths(throughDay).filter((path) => !kept.has(path));
    for (let start = 0; start < missing.length && signOuts === askedAfter; start += AT_ONCE) {
      // A reading the network cannot give now is fetched on a later visit.
      await Promise.allSettled(
        missing
          .slice(start, start + AT_ONCE)
          .map((path) => fetchReading(new Request(new URL(path, origin), { headers }))),
      );
    }
    return missing.length;
  });
  running = keeping.catch(() => undefined);
  return keeping;
}

/**
 * In the service worker, when the reader signs out: no further reading is fetched for them, and
 * once the fetches under way have ended their readings are deleted again, so none of those
 * fetches leaves the cache behind the page's own deletion.
 */
export function stopKeepingOpenDays(): Promise<void> {
  signOuts += 1;
  const stopping = running.then(async () => {
    await caches.delete(READINGS_CACHE);
  });
  running = stopping.catch(() => undefined);
  return stopping;
}
