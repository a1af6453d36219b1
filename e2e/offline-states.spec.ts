import { type Page, expect } from '@playwright/test';
import { entriesKnownOnDevice, entryText } from './offline-support.js';
import {
  type TestUser,
  apiCall,
  expectNoAxeViolations,
  expectToast,
  openExplanation,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { type NewDevice, test } from './fixtures.js';

// Without a connection the app says so, once, wherever the reader is; screens whose data cannot
// load say "You're offline" rather than showing an empty state; and when the connection returns
// they load by themselves.

// Offline, the app's screens come from the service worker, as they do for a reader.
test.use({ serviceWorkers: 'allow' });

const OFFLINE_BANNER = "You're offline. What you save waits on this device.";

const banner = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE_BANNER });

/** Opens a screen and waits until the service worker, with every screen's code, controls it. */
async function openInstalled(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A friend in their own browser who shares one reflection. */
async function friendWhoShared(newDevice: NewDevice, page: Page, words: string) {
  const device = await newDevice();
  const friendPage = await device.newPage();
  await signUpViaApi(friendPage, { fullName: 'Mitra Farrokh' });
  const me = await apiCall<{ user: TestUser }>(page, 'GET', '/api/auth/me');
  expect(
    (await apiCall(friendPage, 'POST', `/api/friend-requests/${me.body.user.id}`)).status,
  ).toBe(201);
  const requests = await apiCall<{ received: { id: number }[] }>(
    page,
    'GET',
    '/api/friend-requests',
  );
  const id = requests.body.received[0]?.id;
  expect((await apiCall(page, 'POST', `/api/friend-requests/${id}/accept`)).status).toBe(200);
  const shared = await apiCall(friendPage, 'POST', '/api/journal', {
    dayNumber: 99,
    entryText: entryText({ thoughts: '', words, deeds: '' }),
    isPublic: true,
  });
  expect(shared.status).toBe(201);
}

test('offline, the dashboard says so instead of empty states, and loads by itself when the connection returns', async ({
  page,
  context,
  newDevice,
}) => {
  await signUpViaApi(page);
  await friendWhoShared(newDevice, page, 'Walked my grandmother to the market.');

  await openInstalled(page, '/app/daily-ritual');
  await expect(page.getByRole('button', { name: 'Read Explanation' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await context.setOffline(true);
  await expect(banner(page)).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(banner(page)).toHaveCount(1);
  const friends = page.getByRole('tabpanel');
  await expect(friends.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(
    friends.getByText("Friends' reflections will appear when the connection returns."),
  ).toBeVisible();
  await expect(page.getByText('No Shared Reflections Yet')).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: 'Your journey' })
      .getByText("You're offline: your journey will load when the connection returns."),
  ).toBeVisible();
  await saveScreenshot(page, {
    path: 'test-results/screens/offline/dashboard-offline.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Refresh reflections' }).click();
  await expectToast(page, "You're offline");

  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByText('Walked my grandmother to the market.')).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Your journey' }).getByText('Days completed'),
  ).toBeVisible();
});

test("offline, My Journal shows the reader's entries as last saved on the device, and the server's once back", async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  const mine = await apiCall(page, 'POST', '/api/journal', {
    dayNumber: 98,
    entryText: entryText({ thoughts: 'My own words from yesterday.', words: '', deeds: '' }),
    isPublic: false,
  });
  expect(mine.status).toBe(201);

  await openInstalled(page, '/app/daily-ritual');
  await expect(page.getByRole('button', { name: 'Read Explanation' })).toBeVisible();
  // The app keeps the reader's own entries on the device as it starts.
  await expect.poll(() => entriesKnownOnDevice(page)).toBe(1);

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('tab', { name: 'My Journal' }).click();
  await expect(
    page.getByText("You're offline: this is your journal as last saved on this device."),
  ).toBeVisible();
  await expect(page.getByText('My own words from yesterday.')).toBeVisible();
  await saveScreenshot(page, {
    path: 'test-results/screens/offline/journal-offline.png',
    fullPage: true,
  });

  const later = await apiCall(page, 'POST', '/api/journal', {
    dayNumber: 99,
    entryText: entryText({ thoughts: 'Written on another device.', words: '', deeds: '' }),
    isPublic: false,
  });
  expect(later.status).toBe(201);
  await context.setOffline(false);
  await expect(page.getByText('Written on another device.')).toBeVisible();
  await expect(page.getByText('My own words from yesterday.')).toBeVisible();
  await expect(page.getByText(/You're offline/)).toHaveCount(0);
});

test('the offline line appears once, on every screen of the app, and goes when the connection returns', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  await openInstalled(page, '/app/community');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.setOffline(true);
  await expect(banner(page)).toBeVisible();
  for (const tab of ['Daily Ritual', 'Dashboard', 'Community']) {
    await page.getByRole('link', { name: tab }).click();
    await expect(banner(page)).toHaveCount(1);
  }
  await saveScreenshot(page, {
    path: 'test-results/screens/offline/community-offline.png',
    fullPage: true,
  });
  await context.setOffline(false);
  await expect(banner(page)).toHaveCount(0);
});

test.describe('a part of the page whose code could not load', () => {
  // Without the service worker, the form's code comes from the network only.
  test.use({ serviceWorkers: 'block' });

  const NOT_LOADED = 'This part of the page has not loaded yet.';
  const NOT_SHOWN = 'This part of the page could not be shown.';

  /** Today's reading, with the reflection form's code held back until `release` is called. */
  async function withFormCodeHeldBack(page: Page) {
    let held = true;
    await page.route('**/assets/reflection-panel-*.js', (route) =>
      held ? route.abort('internetdisconnected') : route.fallback(),
    );
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    await openExplanation(page);
    return () => {
      held = false;
    };
  }

  test('offline, it says so in its place, the rest of the day stays, and it comes by itself with the connection', async ({
    page,
    context,
  }) => {
    const release = await withFormCodeHeldBack(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Reflect' }).click();

    const notice = page.getByRole('alert').filter({ hasText: NOT_LOADED });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Reading steps' })).toBeVisible();
    await expect(banner(page)).toBeVisible();
    await saveScreenshot(page, { path: 'test-results/screens/offline/part-not-loaded.png' });
    await expectNoAxeViolations(page);

    release();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Daily Reflection', level: 2 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toBeEnabled();
    await expect(notice).toHaveCount(0);
  });

  test('online, it offers to try again, and trying again brings it', async ({ page }) => {
    const release = await withFormCodeHeldBack(page);
    await page.getByRole('button', { name: 'Reflect' }).click();

    const notice = page.getByRole('alert').filter({ hasText: NOT_SHOWN });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Reading steps' })).toBeVisible();

    release();
    await notice.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Daily Reflection', level: 2 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toBeEnabled();
  });
});
