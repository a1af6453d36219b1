import { type Page, expect } from '@playwright/test';
import { expectNoAxeViolations, expectToast, saveScreenshot, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

test('a visitor is sent from / to the landing screen, and an unknown path shows Page Not Found', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/contents');
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the signed-in shell: header, avatar menu, tabs that highlight, redirects', async ({
  page,
}) => {
  const user = await signUpViaApi(page, { fullName: 'Roxana Mehr' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
  await page.goto('/landing');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
  await page.goto('/day/3');
  await expect(page).toHaveURL(/\/app\/daily-ritual\/3$/);

  await expect(page.getByRole('link', { name: 'The Threefold Path' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Daily Ritual' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Daily Ritual' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText('Roxana Mehr')).toBeVisible();
  await expect(page.getByText(`@${user.username}`)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectToast(page, 'Goodbye!', 'You have been logged out successfully.');
  await expect(page).toHaveURL(/\/landing$/);
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/landing$/);
});

test('the About screen lists the five Gathas and is accessible', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/app/about');
  await expect(page.getByText('241 stanzas in total', { exact: false })).toBeVisible();
  for (const line of [
    '1. Ahunavaiti',
    '2. Ushtavaiti',
    '3. Spenta Mainyu',
    '4. Vouru-kasha',
    '5. Vahishto-ishti',
  ]) {
    await expect(page.getByText(line)).toBeVisible();
  }
  await expect(page.getByText('Stanzas 219-241')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Gathas' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
  await page.goto('/app/about');
  await expectNoAxeViolations(page);
});

/** The skip link is the first stop of the keyboard, shows itself, and leads into `<main>`. */
async function expectSkipLinkLeadsToMain(page: Page, screenshot: string) {
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  // Hidden from sight until it has the focus.
  expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  await saveScreenshot(page, { path: `test-results/screens/${screenshot}.png` });
  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  await expect(main).toHaveAttribute('id', 'main-content');
  expect(new URL(page.url()).hash).toBe('');
  // The next stop is inside the main content, past the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
}

test('a skip link leads past the shell’s header to the main content', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('tab', { name: "Friends' Reflections" })).toBeVisible();
  await expectSkipLinkLeadsToMain(page, 'skip-link-shell');
});

test('the landing screen has the skip link too', async ({ page }) => {
  await page.goto('/landing');
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  await expectSkipLinkLeadsToMain(page, 'skip-link-landing');
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeFocused();
});
