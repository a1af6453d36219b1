import { type BrowserContext, type CDPSession, type Page, expect } from '@playwright/test';
import { expectToast, signUpViaApi } from './support.js';
import { MID_CYCLE, setServiceWorkerDate, test } from './fixtures.js';

// The reminder push is handled by the service worker, so these tests run with one. 10 April at
// noon (day 100) is 10 April on the device's calendar in every zone within 12 hours of UTC.
test.use({ serviceWorkers: 'allow', now: MID_CYCLE });

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: unknown;
}

async function waitForServiceWorkerControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The id the DevTools protocol gives the app's service worker registration. */
async function workerRegistrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Delivers a push message to the service worker, as the browser does for a push service. */
async function deliverPush(page: Page, data: string) {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await workerRegistrationId(cdp, origin);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  await cdp.detach();
}

/**
 * Delivers a push until the service worker shows what `shown` looks for, at most three times,
 * each given 3 s. The DevTools protocol answers before the worker has the message, and once, on
 * a loaded machine, a delivery showed nothing at all while the same test's retry showed it at
 * once; a push service, too, delivers again what was not received.
 */
async function deliverPushUntil(
  page: Page,
  data: string,
  shown: (reminders: ShownNotification[]) => boolean,
) {
  for (let attempt = 1; ; attempt++) {
    await deliverPush(page, data);
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      if (shown(await shownReminders(page))) return;
      await page.waitForTimeout(100);
    }
    if (attempt === 3) return;
  }
}

/** A new person on the settings screen, notifications allowed, the service worker in control. */
async function signedInWithNotifications(page: Page, context: BrowserContext, baseURL: string) {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signUpViaApi(page);
  await page.goto('/app/settings');
  await waitForServiceWorkerControl(page);
}

/** The reminders the service worker has on screen. */
function shownReminders(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications({ tag: 'daily-gatha-reminder' });
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  });
}

test('a reminder push shows the day’s notification, which leads to that day', async ({
  page,
  context,
  baseURL,
}) => {
  await signedInWithNotifications(page, context, baseURL!);
  expect(await shownReminders(page)).toEqual([]);

  await deliverPushUntil(page, JSON.stringify({ day: 42 }), (shown) => shown.length > 0);

  await expect
    .poll(() => shownReminders(page))
    .toEqual([
      {
        title: 'Daily Gatha Reminder',
        body: "Time for today's reflection - Day 42 of the Gathas awaits you.",
        tag: 'daily-gatha-reminder',
        url: '/app/daily-ritual/42',
      },
    ]);

  // A later push replaces the reminder rather than piling up a second one.
  await deliverPushUntil(page, JSON.stringify({ day: 43 }), (shown) =>
    shown.some((n) => n.url === '/app/daily-ritual/43'),
  );
  await expect
    .poll(async () => (await shownReminders(page)).map((n) => n.url))
    .toEqual(['/app/daily-ritual/43']);

  // The click handler opens the notification's address (the DevTools protocol cannot click a
  // system notification); it is a page of the app that shows that day.
  await page.goto('/app/daily-ritual/43');
  await expect(page).toHaveURL(/\/app\/daily-ritual\/43$/);
});

test('a push without a readable payload still shows a reminder, for today', async ({
  page,
  context,
  baseURL,
}) => {
  await signedInWithNotifications(page, context, baseURL!);
  await setServiceWorkerDate(page);

  await deliverPushUntil(page, 'not json', (shown) => shown.length > 0);

  await expect
    .poll(() => shownReminders(page))
    .toEqual([
      {
        title: 'Daily Gatha Reminder',
        body: "Time for today's reflection - Day 100 of the Gathas awaits you.",
        tag: 'daily-gatha-reminder',
        url: '/app/daily-ritual/100',
      },
    ]);
});

test('where the browser refuses a push subscription, the in-page reminder is used and said so', async ({
  page,
  context,
  baseURL,
}) => {
  // A test's browser context is a private profile, where Chromium refuses push subscriptions.
  await signedInWithNotifications(page, context, baseURL!);

  await page.getByRole('switch', { name: 'Daily Reminder' }).click();

  await expectToast(page, 'Notifications Enabled', "You'll receive daily reminders at 08:30");
  await expect(page.getByText('Reminders appear while the app is open in a tab.')).toBeVisible();
  expect(
    await page.evaluate(async () =>
      (await navigator.serviceWorker.ready).pushManager.getSubscription(),
    ),
  ).toBeNull();
});
