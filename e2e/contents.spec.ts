import { type Page, expect } from '@playwright/test';
import {
  expectNoAxeViolations,
  saveScreenshot,
  screenshotsWanted,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

// The default date, 10 April 2026, is day 100: the last day of Ahunavaiti (Yasna 34.15).

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const GATHAS = ['Ahunavaiti', 'Ushtavaiti', 'Spenta Mainyu', 'Vohu Khshathra', 'Vahishto-ishti'];

function gathaToggle(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name }).getByRole('button', { name });
}

async function chooseFromAccountMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The screen as it is, light and dark, for people to look at. */
async function captureBothSchemes(page: Page, name: string) {
  if (!screenshotsWanted) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await saveScreenshot(page, {
      path: `test-results/screens/${name}-${scheme}.png`,
      scale: 'css',
    });
  }
  await page.emulateMedia({ colorScheme: null });
}

for (const size of sizes) {
  test.describe(`on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });
    // Two screens checked by axe, and five views captured light and dark.
    test.describe.configure({ timeout: 240_000 });

    test('the avatar menu and the day\u2019s place open Contents, grouped by Gatha and Yasna, with the reader\u2019s days marked', async ({
      page,
    }) => {
      await signUpViaApi(page);

      // Day 87 is completed by marking it read.
      await page.goto('/app/daily-ritual/87');
      await page.getByRole('button', { name: 'Mark as read' }).click();
      await expect(page.getByText('Day complete', { exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menuitem')).toHaveText([
        'Contents',
        'Glossary',
        'About',
        'Settings',
        'Log out',
      ]);
      await page.getByRole('menuitem', { name: 'Contents' }).click();
      await expect(page).toHaveURL(/\/contents$/);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contents');
      await expect(page.getByText('The Gathas \u00b7 241 days', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(GATHAS);

      // Today's Gatha is open, the others closed.
      await expect(gathaToggle(page, 'Ahunavaiti')).toHaveAttribute('aria-expanded', 'true');
      for (const gatha of GATHAS.slice(1)) {
        await expect(gathaToggle(page, gatha)).toHaveAttribute('aria-expanded', 'false');
      }
      await expect(page.getByRole('heading', { level: 3 })).toHaveText(
        [28, 29, 30, 31, 32, 33, 34].map((song) => `Yasna ${song}`),
      );

      const completed = page.getByRole('link', { name: 'Day 87, Yasna 34.1, completed' });
      await expect(completed).toBeVisible();
      await expect(
        page.getByRole('link', { name: 'Day 86, Yasna 33.14', exact: true }),
      ).toBeVisible();
      const today = page.getByRole('link', { name: 'Day 100, Yasna 34.15, today' });
      await expect(today).toHaveAttribute('aria-current', 'date');
      await expect(today).toContainText('Today');
      await expect(page.getByText('1 of 241 days completed', { exact: false })).toBeVisible();

      // A future day is listed, and cannot be opened.
      await gathaToggle(page, 'Ushtavaiti').click();
      await expect(gathaToggle(page, 'Ushtavaiti')).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('heading', { level: 3, name: 'Yasna 46' })).toBeVisible();
      const future = page.getByRole('listitem').filter({ hasText: /^Day 101\b/ });
      await expect(future).toContainText('Yasna 43.1');
      await expect(future).toContainText('not open yet');
      await expect(future.getByRole('link')).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Day 101\b/ })).toHaveCount(0);
      await future.click();
      await expect(page).toHaveURL(/\/contents$/);

      await expectNoAxeViolations(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await captureBothSchemes(page, `contents-${size.name}`);
      await completed.scrollIntoViewIfNeeded();
      await captureBothSchemes(page, `contents-days-${size.name}`);
      await future.scrollIntoViewIfNeeded();
      await captureBothSchemes(page, `contents-future-${size.name}`);

      // An earlier open day opens on the daily screen, at its top.
      await completed.click();
      await expect(page).toHaveURL(/\/app\/daily-ritual\/87$/);
      const dayPlace = page.getByRole('link', { name: 'Day 87 of 241, open Contents' });
      await expect(dayPlace).toBeInViewport();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Yasna 34.1 \u2022 Ahunavaiti',
      );
      await captureBothSchemes(page, `daily-day-place-${size.name}`);

      // The day's place in the cycle opens Contents at that day.
      await dayPlace.click();
      await expect(page).toHaveURL(/\/contents#day-87$/);
      await expect(
        page.getByRole('link', { name: 'Day 87, Yasna 34.1, completed' }),
      ).toBeInViewport();

      await chooseFromAccountMenu(page, 'About');
      await expect(page).toHaveURL(/\/app\/about$/);
      // Opened from a screen scrolled down to day 87, About starts at its top.
      await expect(
        page.getByRole('heading', { level: 1, name: 'About the Gathas' }),
      ).toBeInViewport();
      await expectNoAxeViolations(page);
      await captureBothSchemes(page, `about-${size.name}`);
    });
  });
}

/**
 * Opens the avatar menu with Enter. The daily page is sent rendered before the app's code runs,
 * and a key pressed before the page is live does nothing, so it is pressed again until the menu
 * opens on its first item.
 */
async function openAccountMenuByKeyboard(page: Page) {
  const first = page.getByRole('menuitem', { name: 'Contents' });
  await expect(async () => {
    if (await first.isVisible()) await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(first).toBeFocused({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('the avatar menu works from the keyboard', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual');
  await openAccountMenuByKeyboard(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Glossary' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'About' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/about$/);

  await openAccountMenuByKeyboard(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contents' })).toBeVisible();
});

test('Contents shows placeholder rows while it loads', async ({ page }) => {
  await signUpViaApi(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/gathas/info', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contents');
  // The list is held back as long as it takes; on a busy machine the page itself, and the list
  // once let through, may take longer than a step usually may.
  await expect(page.getByRole('heading', { level: 1, name: 'Contents' })).toBeVisible({
    timeout: 30_000,
  });
  const loading = page.getByRole('status', { name: 'Loading the readings' });
  await expect(loading.getByTestId('skeleton')).toHaveCount(10);
  release();
  await expect(page.getByRole('heading', { level: 2, name: 'Ahunavaiti' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(loading).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Daily Reading' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});

test('a visitor who is not signed in is sent to the landing screen', async ({ page }) => {
  await page.goto('/contents');
  await expect(page).toHaveURL(/\/landing$/);
});
