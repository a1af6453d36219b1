import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, setCacheNameDetails, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  KEEP_OPEN_DAYS_MESSAGE,
  STOP_KEEPING_OPEN_DAYS_MESSAGE,
  NETWORK_TIMEOUT_SECONDS,
  READINGS_CACHE,
  READINGS_MAX_ENTRIES,
  SESSION_CACHE,
  SKIP_WAITING_MESSAGE,
  isAppNavigation,
  isPublicDayNavigation,
  notificationTargetUrl,
  offlineCacheFor,
} from './offline-policy.js';
import {
  circleNoticeMessage,
  parseCircleNoticePayload,
  parseReminderPushPayload,
} from '#shared/push-payload';
import { reminderDay, reminderMessage } from '#shared/reminder-schedule';
import { OFFLINE_PAGE_URL } from '#shared/web-build';
import { keepOpenDays, stopKeepingOpenDays } from './keep-open-days.js';
import type { ServiceWorkerScope, WorkerWindowClient } from './service-worker-scope.js';

declare const self: ServiceWorkerScope;

setCacheNameDetails({ prefix: 'threefold-path' });

// The app shell and every built asset, refreshed as a whole with each new version.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The first install takes over open pages at once, so a first visit already works offline.
// Later versions wait until the reader agrees to reload (see register-service-worker.ts).
clientsClaim();

// Every app route is the single-page app: answer navigations with the precached page the
// server would send for it (the landing and the signed-in shell come rendered, the rest empty).
const landingPage = createHandlerBoundToURL('/landing.html');
const appShellPage = createHandlerBoundToURL('/app-shell.html');
const indexPage = createHandlerBoundToURL('/index.html');
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url.pathname),
  (options) => {
    const { pathname } = options.url;
    if (pathname === '/landing' || pathname === '/landing/') return landingPage(options);
    if (pathname === '/app' || pathname.startsWith('/app/')) return appShellPage(options);
    return indexPage(options);
  },
);

// A day's public page comes from the server, which renders it for visitors; without a network
// the app's own offline page says so calmly and offers to try again, never the browser's error.
const offlinePageInstead: WorkboxPlugin = {
  handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE_URL)) ?? Response.error(),
};
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isPublicDayNavigation(url.pathname),
  new NetworkOnly({ plugins: [offlinePageInstead] }),
);

const onlyCompleteAnswers = new CacheableResponsePlugin({ statuses: [200] });

// Stanzas and stanza info: fresh from the network when it answers in time, else the copy kept.
const readings = new NetworkFirst({
  cacheName: READINGS_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    onlyCompleteAnswers,
    new ExpirationPlugin({ maxEntries: READINGS_MAX_ENTRIES, purgeOnQuotaError: true }),
  ],
});
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && offlineCacheFor(request.method, url.pathname) === 'readings',
  readings,
);

/** A 401 means the session is over: the copy of the signed-in user must not outlive it. */
const forgetEndedSession: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    // caches.open would create the cache; a signed-out visitor should leave none behind.
    if (response.status === 401 && (await caches.has(SESSION_CACHE))) {
      await (await caches.open(SESSION_CACHE)).delete(request.url);
    }
    return response;
  },
};

// Who is signed in, so the signed-in shell opens offline. Deleted on sign-out and on a 401.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && offlineCacheFor(request.method, url.pathname) === 'session',
  new NetworkFirst({
    cacheName: SESSION_CACHE,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [onlyCompleteAnswers, forgetEndedSession],
  }),
);
// Nothing else under /api/ has a route, so journal, friends and people always go to the network.

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; throughDay?: unknown; headers?: unknown } | null;
  if (data?.type === SKIP_WAITING_MESSAGE) event.waitUntil(self.skipWaiting());
  if (data?.type === KEEP_OPEN_DAYS_MESSAGE) {
    // Resolves once the reading is in the cache, not only answered: a sign-out waits for it.
    const fetchReading = async (request: Request) => {
      const [response, kept] = readings.handleAll({ request, event });
      await kept;
      return response;
    };
    event.waitUntil(keepOpenDays(data, self.location.origin, fetchReading));
  }
  if (data?.type === STOP_KEEPING_OPEN_DAYS_MESSAGE) event.waitUntil(stopKeepingOpenDays());
});

// The server's pushes: a circle notice names its circle; anything else is the daily reminder,
// whose payload names the day and whose text is the in-page reminder's.
self.addEventListener('push', (event) => {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    text = null;
  }
  const notice = parseCircleNoticePayload(text);
  if (notice) {
    const { title, body } = circleNoticeMessage(notice.circle.name);
    event.waitUntil(
      self.registration.showNotification(title, {
        body,
        tag: `circle-${notice.circle.id}`,
        data: { url: `/app/circles/${notice.circle.id}` },
      }),
    );
    return;
  }
  // Browsers require a visible notification for every push, so a bad payload still shows one.
  const day = parseReminderPushPayload(text)?.day ?? reminderDay(new Date());
  const { title, body } = reminderMessage(day);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag: 'daily-gatha-reminder',
      data: { url: `/app/daily-ritual/${day}` },
    }),
  );
});

// Each notice carries data.url: the reminder's day, or the circle's page.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTargetUrl(event.notification.data, self.location.origin);
  event.waitUntil(focusOrOpen(target));
});

/** Brings an open window of the app forward on the notice's page, or opens one there. */
async function focusOrOpen(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => client.url === url);
  if (showing) {
    await showing.focus();
    return;
  }
  const open: WorkerWindowClient | undefined = windows[0];
  if (open) {
    const focused = await open.focus();
    // navigate() works only on pages this worker controls; an uncontrolled one stays as it is.
    await focused.navigate(url).catch(() => null);
    return;
  }
  await self.clients.openWindow(url);
}
