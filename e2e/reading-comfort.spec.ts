import { type Page, expect } from '@playwright/test';
import { expectNoAxeViolations, saveScreenshot, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const PAPER = 'rgb(247, 243, 234)';
const NIGHT = 'rgb(23, 20, 16)';

/** Every policy violation the page reports, so a blocked head script cannot pass unseen. */
function policyViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy'))
      seen.push(`${page.url()}: ${message.text()}`);
  });
  return seen;
}

test('a theme and text size chosen in Settings apply at once, and before paint on the next visit', async ({
  page,
  textSize,
}) => {
  const violations = policyViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await signUpViaApi(page);
  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'Reading comfort' });
  await expect(card.getByRole('radio', { name: 'As this device' })).toBeChecked();
  await expect(card.getByRole('radio', { name: 'Standard' })).toBeChecked();
  expect(await background(page)).toBe(PAPER);

  await card.getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(() => background(page)).toBe(NIGHT);
  await expect(page.locator('meta[name=theme-color][data-scheme=dark]')).toHaveAttribute(
    'media',
    'all',
  );
  // A test run at a larger text size holds the root size itself: the size steps are checked at 100%.
  if (textSize === 100) {
    await card.getByRole('radio', { name: 'Largest' }).check();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
      .toBe('24px');
  }
  await expectNoAxeViolations(page);
  await saveScreenshot(page, {
    path: `test-results/screens/reading-comfort/settings-dark-${test.info().project.name}.png`,
    fullPage: true,
  });

  // With the app's scripts held back, the page the server sends is already dark and large:
  // the choice is applied by the head, before anything is painted.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/app/daily-ritual');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  expect(await background(page)).toBe(NIGHT);
  if (textSize === 100) {
    expect(await page.evaluate(() => document.documentElement.style.fontSize)).toBe('150%');
  }
  await page.unroute('**/assets/*.js');

  // "As this device" gives the page back to the system's choice.
  await page.goto('/app/settings');
  await page.emulateMedia({ colorScheme: 'dark' });
  await card.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(() => background(page)).toBe(PAPER);
  await card.getByRole('radio', { name: 'As this device' }).check();
  await expect.poll(() => background(page)).toBe(NIGHT);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe(PAPER);
  if (textSize === 100) await card.getByRole('radio', { name: 'Standard' }).check();
  expect(violations).toEqual([]);
});

test('a choice made in one tab reaches the app open in another', async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signUpViaApi(page);
  await page.goto('/app/dashboard');
  const settings = await context.newPage();
  await settings.emulateMedia({ colorScheme: 'light' });
  await settings.goto('/app/settings');
  await settings
    .getByRole('region', { name: 'Reading comfort' })
    .getByRole('radio', { name: 'Dark' })
    .check();
  await expect.poll(() => background(page)).toBe(NIGHT);
  await settings.close();
});
