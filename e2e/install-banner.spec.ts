import { type BrowserContextOptions, type Page, type Request, expect } from '@playwright/test';
import { expectNoAxeViolations, signUpViaApi } from './support.js';
import { type NewDevice, setTestDate, test } from './fixtures.js';

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const banner = (page: Page) => page.getByRole('region', { name: 'Install app' });

/**
 * Plays the browser offering installation: a `beforeinstallprompt` whose dialog the person
 * answers with `outcome`. Returns whether the app held the event back (its listener is live).
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  return page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const record = window as unknown as { installPromptShown?: number };
    Object.assign(event, {
      prompt: () => {
        record.installPromptShown = (record.installPromptShown ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: answer, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

/**
 * Offers installation until the app holds the offer: the page can be idle on the network a
 * moment before the app's scripts have started listening, and an offer nobody held is lost.
 */
async function offerInstallOnceListening(
  page: Page,
  outcome: 'accepted' | 'dismissed' = 'accepted',
) {
  await expect.poll(() => offerInstall(page, outcome)).toBe(true);
}

/**
 * Lets the app render whatever the last event or timer changed, so a "still hidden" check means
 * something. Preact renders in microtasks, which have all run before a MessageChannel task, and
 * a paused clock leaves those alone.
 */
async function letAppRender(page: Page) {
  await page.evaluate(async () => {
    for (let hop = 0; hop < 3; hop++) {
      await new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      });
    }
  });
}

const storedFlags = (page: Page) =>
  page.evaluate(() => ({
    installed: localStorage.getItem('pwa-installed'),
    dismissed: sessionStorage.getItem('pwa-prompt-dismissed'),
  }));

/**
 * The landing and the shell arrive rendered, so they show before the app's scripts have run;
 * an install offer means something only once they have.
 */
async function waitForAppStart(page: Page) {
  await page.waitForLoadState('networkidle');
}

async function openLanding(page: Page) {
  await page.goto('/landing');
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  await waitForAppStart(page);
}

/**
 * Opens the landing screen on a page whose clock is paused at load, stepping the fake clock only
 * as far as loading needs (the app's data layer and Suspense use timers). Returns the page's
 * milliseconds since load, so a test can count the rest of a delay itself.
 */
async function openLandingOnPausedClock(page: Page): Promise<number> {
  await setTestDate(page.context(), '2025-03-21T08:00:00Z');
  // Paused a moment later, as pauseAt only moves forward; no page has loaded yet.
  await page.clock.pauseAt(new Date('2025-03-21T08:00:01Z'));
  const loading = new Set<Request>();
  page.on('request', (request) => loading.add(request));
  page.on('requestfinished', (request) => loading.delete(request));
  page.on('requestfailed', (request) => loading.delete(request));
  await page.goto('/landing');
  const way = page.getByRole('button', { name: 'Begin Your Journey' });
  // Each step gives the page a real moment to load before moving its clock a little, so the
  // fake time spent stays far below the delays the tests count.
  const shown = () =>
    way.waitFor({ timeout: 200 }).then(
      () => true,
      () => false,
    );
  // The page starts its scripts just after its first frame (src/shared/scripts-after-paint.ts),
  // which this clock holds back too; the app's code then loads in real time. Stepped until the
  // app has adopted the page and nothing it asked for is still on its way.
  // Preact keeps the tree it rendered into an element on the element, as `__k`.
  const adopted = () => page.evaluate(() => '__k' in (document.getElementById('root') ?? {}));
  let quietSteps = 0;
  while (quietSteps < 3) {
    const settled = (await shown()) && (await adopted()) && loading.size === 0;
    quietSteps = settled ? quietSteps + 1 : 0;
    await page.clock.runFor(20);
    await page.waitForTimeout(50);
  }
  await letAppRender(page);
  // A busy machine takes more steps, so more fake time: a test that counts the 3 s itself needs
  // only that the landing showed before 2.9 s of it.
  const sinceLoad = await page.evaluate(() => performance.now());
  expect(sinceLoad, 'the landing screen loads within 2.9 s of fake time').toBeLessThan(2_900);
  return sinceLoad;
}

/** A fresh browser context on the app's origin (a new context does not inherit `use`). */
function newAppContext(newDevice: NewDevice, options: BrowserContextOptions = {}) {
  return newDevice({ baseURL: test.info().project.use.baseURL, ...options });
}

test('the browser’s install offer shows the banner above the tab bar; accepting hides it for good', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual');
  const tabBar = page.getByRole('navigation', { name: 'Main' });
  await expect(tabBar).toBeVisible();
  await waitForAppStart(page);
  await expect(banner(page)).toBeHidden();

  expect(await offerInstall(page, 'accepted')).toBe(true);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByText('The Threefold Path')).toBeVisible();
  const bannerBox = await banner(page).locator('> div').boundingBox();
  const tabBarBox = await tabBar.boundingBox();
  expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(tabBarBox!.y);

  await banner(page).getByRole('button', { name: 'Install' }).click();
  await expect(banner(page)).toBeHidden();
  expect(
    await page.evaluate(() => (window as { installPromptShown?: number }).installPromptShown),
  ).toBe(1);
  expect(await storedFlags(page)).toEqual({ installed: 'true', dismissed: null });

  await page.reload();
  await expect(tabBar).toBeVisible();
  await waitForAppStart(page);
  expect(await offerInstall(page)).toBe(true);
  await letAppRender(page);
  await expect(banner(page)).toBeHidden();
});

test('the browser’s appinstalled event marks the app installed', async ({ page }) => {
  await openLanding(page);
  await offerInstallOnceListening(page);
  await expect(banner(page)).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(banner(page)).toBeHidden();
  expect((await storedFlags(page)).installed).toBe('true');
});

test('saying no in the browser’s install dialog hides the banner for this session', async ({
  page,
}) => {
  await openLanding(page);
  await offerInstallOnceListening(page, 'dismissed');
  await banner(page).getByRole('button', { name: 'Install' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedFlags(page)).toEqual({ installed: null, dismissed: 'true' });
});

test('closing the banner hides it in this tab, even after a reload, but not in a new session', async ({
  page,
  newDevice,
}) => {
  await openLanding(page);
  await offerInstallOnceListening(page);
  await banner(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await storedFlags(page)).toEqual({ installed: null, dismissed: 'true' });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  await waitForAppStart(page);
  expect(await offerInstall(page)).toBe(true);
  await letAppRender(page);
  await expect(banner(page)).toBeHidden();

  const later = await newAppContext(newDevice);
  try {
    const next = await later.newPage();
    await openLanding(next);
    await offerInstallOnceListening(next);
    await expect(banner(next)).toBeVisible();
    await expect(banner(next).getByRole('button', { name: 'Install' })).toBeVisible();
  } finally {
    await later.close();
  }
});

test('on iOS Safari the Share steps appear after 3 seconds, with no Install button', async ({
  newDevice,
}) => {
  const iPhone = await newAppContext(newDevice, {
    userAgent: iPhoneSafari,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await iPhone.newPage();
    // Paused from the start, so "3 seconds" is counted only by the test.
    const sinceLoad = await openLandingOnPausedClock(page);
    await page.clock.runFor(Math.ceil(2_900 - sinceLoad));
    await letAppRender(page);
    await expect(banner(page)).toBeHidden();

    await page.clock.runFor(100);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText('Share');
    await expect(banner(page)).toContainText('Add to Home Screen');
    await expect(banner(page).getByRole('button', { name: 'Install' })).toHaveCount(0);

    await banner(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner(page)).toBeHidden();
    expect((await storedFlags(page)).dismissed).toBe('true');
  } finally {
    await iPhone.close();
  }
});

test('in Safari on a Mac the Add to Dock steps appear after 3 seconds, with no Install button', async ({
  newDevice,
}) => {
  const mac = await newAppContext(newDevice, {
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await mac.newPage();
    const sinceLoad = await openLandingOnPausedClock(page);
    await page.clock.runFor(Math.ceil(2_900 - sinceLoad));
    await letAppRender(page);
    await expect(banner(page)).toBeHidden();

    await page.clock.runFor(100);
    await expect(banner(page)).toContainText('To install, choose File, then Add to Dock.');
    await expect(banner(page).getByRole('button', { name: 'Install' })).toHaveCount(0);
  } finally {
    await mac.close();
  }
});

test('in Firefox on a computer, which cannot install a web app, no install is offered', async ({
  newDevice,
}) => {
  const firefox = await newAppContext(newDevice, {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  try {
    const page = await firefox.newPage();
    await openLandingOnPausedClock(page);
    await page.clock.runFor(10_000);
    await letAppRender(page);
    await expect(banner(page)).toBeHidden();
  } finally {
    await firefox.close();
  }
});

test('opened from the iOS home screen, the Share steps never appear', async ({ newDevice }) => {
  const iPhone = await newAppContext(newDevice, { userAgent: iPhoneSafari });
  try {
    const page = await iPhone.newPage();
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'standalone', { value: true });
    });
    await openLandingOnPausedClock(page);
    await page.clock.runFor(10_000);
    await letAppRender(page);
    await expect(banner(page)).toBeHidden();
  } finally {
    await iPhone.close();
  }
});

test('running as an installed app (display-mode standalone) never shows the banner', async ({
  page,
}) => {
  // Chromium cannot emulate display-mode, so the query answers as an installed app would.
  await page.addInitScript(() => {
    const realMatchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const result = realMatchMedia(query);
      if (query.includes('display-mode: standalone')) {
        Object.defineProperty(result, 'matches', { value: true });
      }
      return result;
    };
  });
  await openLanding(page);
  expect(await offerInstall(page)).toBe(true);
  await letAppRender(page);
  await expect(banner(page)).toBeHidden();
});

/** Waits out the banner's gentle fade-in, so contrast is measured on the settled colours. */
async function expectBannerSettled(page: Page) {
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).locator('> div')).toHaveCSS('opacity', '1');
}

test('the banner is accessible on the landing screen and in the signed-in shell', async ({
  page,
}) => {
  await openLanding(page);
  await offerInstallOnceListening(page);
  await expectBannerSettled(page);
  await expectNoAxeViolations(page);

  await signUpViaApi(page);
  await page.goto('/app/about');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await offerInstallOnceListening(page);
  await expectBannerSettled(page);
  await expectNoAxeViolations(page);
});
