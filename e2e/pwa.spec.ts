import { type BrowserContext, type Page, devices, expect } from '@playwright/test';
import {
  apiCall,
  currentDay,
  expectNoAxeViolations,
  expectToast,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

// These tests are about the service worker itself, whatever the project's default is.
test.use({ serviceWorkers: 'allow' });

interface Thought {
  dayNumber: number;
  thought: string;
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const READINGS_CACHE = 'threefold-path-readings';
const SESSION_CACHE = 'threefold-path-session';
const UPDATE_PROMPT = 'A new version is available! Reload to update?';

/** Waits until the service worker controls the page (it claims pages on its first install). */
async function waitForServiceWorkerControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The paths a cache holds, or null when the cache does not exist (without creating it). */
async function cachedPaths(page: Page, cacheName: string): Promise<string[] | null> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return null;
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => new URL(request.url).pathname);
  }, cacheName);
}

/** Every request path held by any of the origin's caches. */
async function everyCachedPath(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      paths.push(...requests.map((request) => new URL(request.url).pathname));
    }
    return paths;
  });
}

async function expectCached(page: Page, cacheName: string, paths: string[]) {
  await expect
    .poll(async () => (await cachedPaths(page, cacheName)) ?? [])
    .toEqual(expect.arrayContaining(paths));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectPng(page: Page, url: string, size: number) {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toBe('image/png');
  expect(pngSize(await response.body()), url).toEqual({ width: size, height: size });
}

/** The stanza on screen, compared as the reader sees it (line breaks kept). */
async function expectStanza(page: Page, thought: Thought) {
  const stanza = page.getByTestId('stanza-text');
  await expect(stanza).toBeVisible();
  expect(await stanza.innerText()).toBe(thought.thought);
}

/** Asks the controlling worker which release it is; only the routed earlier release answers. */
async function askRelease(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller?.postMessage('which-release', [channel.port2]);
      }),
  );
}

async function workerStates(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      waiting: Boolean(registration?.waiting),
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
}

test('the app is installable: manifest, icons, theme colours and an active worker', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // Chromium never offers to install from an incognito profile, which is what a test's usual
  // context is ("in-incognito"); a persistent profile is an ordinary browser.
  const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7'];
  const context = await playwright.chromium.launchPersistentContext(
    testInfo.outputPath('profile'),
    {
      ...testInfo.project.use.launchOptions,
      ...pixel7,
      baseURL,
      serviceWorkers: 'allow',
    },
  );
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/landing');
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    expect(manifestErrors).toEqual([]);
    await cdp.detach();
    await expectManifestAndIcons(page);
  } finally {
    await context.close();
  }
});

/** The manifest's fields, every icon the manifest and the page name, and the worker script. */
async function expectManifestAndIcons(page: Page) {
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifestResponse = await page.request.get('/manifest.webmanifest');
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
  const manifest = (await manifestResponse.json()) as Record<string, unknown> & {
    icons: ManifestIcon[];
  };
  expect(manifest).toMatchObject({
    name: 'The Threefold Path',
    short_name: 'Threefold Path',
    description: 'Daily wisdom in thoughts, words, and deeds',
    start_url: '/app/daily-ritual',
    scope: '/',
    display: 'standalone',
    theme_color: '#f7f3ea',
    background_color: '#f7f3ea',
  });
  const iconsBySize = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`);
  expect(iconsBySize.sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    expect(icon.type).toBe('image/png');
    await expectPng(page, icon.src, Number(icon.sizes.split('x')[0]));
  }

  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(appleIcon).toBeTruthy();
  await expectPng(page, appleIcon ?? '', 180);
  await expect(
    page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]'),
  ).toHaveAttribute('content', /^#[0-9a-f]{6}$/i);
  await expect(
    page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]'),
  ).toHaveAttribute('content', '#f7f3ea');

  const worker = await page.request.get('/service-worker.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { scope: found?.scope, script: found?.active?.scriptURL };
  });
  expect(registration.scope).toBe(new URL('/', page.url()).href);
  expect(registration.script).toBe(new URL('/service-worker.js', page.url()).href);
}

test('a signed-in reader can read today and an opened day offline', async ({ page, context }) => {
  await signUpViaApi(page);
  const { body: today } = await apiCall<Thought>(page, 'GET', '/api/thoughts/today');
  const { body: dayOne } = await apiCall<Thought>(page, 'GET', '/api/thoughts/1');

  await page.goto('/app/daily-ritual');
  await expectStanza(page, today);
  await waitForServiceWorkerControl(page);
  // The first visit read today's stanza before the worker existed: it fetches those again.
  await expectCached(page, SESSION_CACHE, ['/api/auth/me']);
  await expectCached(page, READINGS_CACHE, ['/api/thoughts/today']);

  await page.goto('/app/daily-ritual/1');
  await expectStanza(page, dayOne);
  await expectCached(page, READINGS_CACHE, ['/api/thoughts/1', '/api/gathas/info/1']);

  await context.setOffline(true);
  await page.goto('/app/daily-ritual');
  await expect(page.getByRole('link', { name: 'The Threefold Path' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectStanza(page, today);

  await page.reload();
  await expectStanza(page, today);

  await page.goto('/app/daily-ritual/1');
  await expectStanza(page, dayOne);
  await expect(page.getByText('Day 1 of 241')).toBeVisible();

  // The screen also asked for the day's journal entry: personal, so no cache ever kept it.
  expect(await everyCachedPath(page)).not.toContainEqual(expect.stringMatching(/^\/api\/journal/));
  expect(await cachedPaths(page, SESSION_CACHE)).toEqual(['/api/auth/me']);
  await context.setOffline(false);
});

/** The days whose stanza or stanza info a cache holds. */
function daysIn(paths: string[]): number[] {
  return paths.flatMap((path) => {
    const day = /^\/api\/(?:thoughts|gathas\/info)\/(\d+)$/.exec(path)?.[1];
    return day ? [Number(day)] : [];
  });
}

/** Waits until the readings cache holds exactly days 1..lastDay, stanza and stanza info each. */
async function expectDaysKept(page: Page, lastDay: number) {
  const expected = Array.from({ length: lastDay }, (_, index) => [index + 1, index + 1]).flat();
  await expect
    .poll(
      async () => daysIn((await cachedPaths(page, READINGS_CACHE)) ?? []).sort((a, b) => a - b),
      {
        // Every open day is fetched in the background, a few at a time, on a busy machine.
        timeout: 60_000,
      },
    )
    .toEqual(expected);
}

test('every day the reader may open reads offline though never opened, and no later day is kept', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  const neverOpened = today - 63;
  const { body: pastDay } = await apiCall<Thought>(page, 'GET', `/api/thoughts/${neverOpened}`);

  await page.goto('/app/daily-ritual');
  await waitForServiceWorkerControl(page);
  await expectDaysKept(page, today);
  const kept = (await cachedPaths(page, READINGS_CACHE)) ?? [];
  expect(kept).toEqual(expect.arrayContaining(['/api/glossary', '/api/gathas/info']));
  expect(kept.length).toBeLessThanOrEqual(2 * today + 5);

  await context.setOffline(true);
  await page.goto(`/app/daily-ritual/${neverOpened}`);
  await expectStanza(page, pastDay);
  await expect(page.getByText(`Day ${neverOpened} of 241`)).toBeVisible();
  await context.setOffline(false);
});

test('a reader who begins their own pace keeps only the days open to them', async ({ page }) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await page.goto('/app/daily-ritual');
  await waitForServiceWorkerControl(page);
  await expectDaysKept(page, today);

  const chosen = await page.request.fetch('/api/users/me', {
    method: 'PATCH',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { pace: 'own' },
  });
  expect(chosen.status()).toBe(200);
  // On their own path the reader is on day 1: the later days leave the device.
  await page.reload();
  await expectDaysKept(page, 1);
});

test('offline, a public day page never opened here is the app’s own offline page, which tries again', async ({
  page,
  context,
}) => {
  await page.goto('/landing');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);

  await page.goto('/read/12');
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page).toHaveURL(/\/read\/12$/);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByText('Day 12 of 241')).toBeVisible();
  await expect(page).toHaveURL(/\/read\/12$/);
});

test('offline, the landing and the other pages open from the worker as the server sends them', async ({
  page,
  context,
}) => {
  await page.goto('/landing');
  await waitForServiceWorkerControl(page);
  await context.setOffline(true);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'The Threefold Path' })).toBeVisible();
  expect(await page.locator('#root').getAttribute('data-prerendered-for')).toBe('signed-out');
  await page.getByRole('button', { name: 'I already have an account' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/password-reset');
  await expect(page.getByRole('button', { name: /reset link/i })).toBeVisible();
  expect(await page.locator('#root').getAttribute('data-prerendered-for')).toBeNull();
  await context.setOffline(false);
});

/**
 * Installs an earlier release of the worker, then lets the server's build be the new one.
 * Chromium fetches a worker's update check outside any page or worker, where no route reaches,
 * so the earlier release is the routed one: the built worker plus a way to ask which it is.
 */
async function runEarlierRelease(page: Page, context: BrowserContext) {
  await context.route('**/service-worker.js', async (route) => {
    const response = await route.fetch();
    const earlierRelease = `${await response.text()}
self.addEventListener('message', (event) => {
  if (event.data === 'which-release') event.ports[0].postMessage('earlier release');
});`;
    await route.fulfill({ response, body: earlierRelease });
  });
  await page.goto('/landing');
  await waitForServiceWorkerControl(page);
  expect(await askRelease(page)).toBe('earlier release');
  await context.unroute('**/service-worker.js');
}

function countLoads(page: Page) {
  const counter = { loads: 0 };
  page.on('load', () => {
    counter.loads += 1;
  });
  return counter;
}

test('the hourly check finds a new version, asks, and reloads into it on confirm', async ({
  page,
  context,
}) => {
  await runEarlierRelease(page, context);
  const counter = countLoads(page);

  const offered = page.waitForEvent('dialog');
  await page.clock.runFor(3_600_000);
  const offer = await offered;
  expect(offer.type()).toBe('confirm');
  expect(offer.message()).toBe(UPDATE_PROMPT);
  await offer.accept();

  await expect.poll(() => counter.loads).toBe(1);
  await waitForServiceWorkerControl(page);
  expect(await workerStates(page)).toEqual({ waiting: false, controlled: true });
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  expect(counter.loads).toBe(1);
});

test('a declined new version waits, and is offered again on the next visit', async ({
  page,
  context,
}) => {
  await runEarlierRelease(page, context);
  const counter = countLoads(page);

  const offered = page.waitForEvent('dialog');
  await page.clock.runFor(3_600_000);
  const offer = await offered;
  expect(offer.message()).toBe(UPDATE_PROMPT);
  await offer.dismiss();
  await expect.poll(() => workerStates(page)).toEqual({ waiting: true, controlled: true });
  expect(counter.loads).toBe(0);
  expect(await askRelease(page)).toBe('earlier release');

  const offeredAgain = page.waitForEvent('dialog');
  await page.reload();
  const secondOffer = await offeredAgain;
  expect(secondOffer.message()).toBe(UPDATE_PROMPT);
  await secondOffer.dismiss();
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  expect(await workerStates(page)).toEqual({ waiting: true, controlled: true });
  expect(counter.loads).toBe(1);
});

test("signing out deletes the reader's offline caches but keeps the app shell", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual');
  await waitForServiceWorkerControl(page);
  await expectCached(page, SESSION_CACHE, ['/api/auth/me']);
  await expectCached(page, READINGS_CACHE, ['/api/thoughts/today']);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectToast(page, 'Goodbye!', 'You have been logged out successfully.');
  await expect(page).toHaveURL(/\/landing$/);

  await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain(SESSION_CACHE);
  // The worker may still be keeping the open days when the reader signs out: it stops, and
  // what its last fetches kept goes too (the cache's housekeeping may leave it open, empty).
  await expect.poll(async () => (await cachedPaths(page, READINGS_CACHE)) ?? []).toEqual([]);
  const names = await page.evaluate(() => caches.keys());
  expect(names.some((name) => name.startsWith('threefold-path-precache'))).toBe(true);

  // Signed out, the next visit answers 401, and nothing personal is kept again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  expect(await cachedPaths(page, SESSION_CACHE)).toBeNull();
});
