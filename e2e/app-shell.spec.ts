import { expect } from '@playwright/test';
import { expectNoAxeViolations, expectToast, signUpViaApi } from './support.js';
import { test } from './test-date.js';

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
