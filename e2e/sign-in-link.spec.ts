import { type Page, expect } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectToast,
  latestMailedToken,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

const shot = (page: Page, name: string) =>
  saveScreenshot(page, { path: `test-results/screens/${name}.png`, fullPage: true });

async function signIn(page: Page, login: string, password: string) {
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Username or email').fill(login);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a browser shut out by failures from elsewhere gets in by an emailed link, and stays known', async ({
  page,
  newDevice,
}) => {
  const phone = await newDevice();
  const user = await signUpViaApi(await phone.newPage());
  await phone.close();

  // Someone else guesses at the account from this address until new browsers here are refused.
  const attacker = await (await newDevice()).newPage();
  for (let i = 0; i < 10; i++) {
    const guess = await attacker.request.post('/api/auth/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { username: user.username, password: `wrong guess ${i}` },
    });
    expect(guess.status()).toBe(401);
  }

  await page.goto('/landing');
  await page.getByRole('button', { name: 'I already have an account' }).click();
  await signIn(page, user.email, user.password);
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await expect(panel.getByRole('alert')).toContainText('Too many attempts');
  await panel.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const offer = page.getByRole('form', { name: 'Email me a sign-in link' });
  await expect(offer.getByLabel('Email of your account')).toHaveValue(user.email);
  await shot(page, 'sign-in-link-offer');
  await expectNoAxeViolations(page);
  await offer.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'we have sent it a sign-in link' }),
  ).toBeVisible();
  await shot(page, 'sign-in-link-sent');

  const token = await latestMailedToken(user.email, 'sign-in-link');
  await page.goto(`/sign-in-link?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Sign In With Your Link' })).toBeVisible();
  await shot(page, 'sign-in-link-page');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign In on This Device' }).click();
  await expectToast(page, 'Welcome back');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);

  // Spent: the same link again is refused.
  await page.goto(`/sign-in-link?token=${encodeURIComponent(token)}`);
  await page.getByRole('button', { name: 'Sign In on This Device' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid or expired sign-in link');

  // This browser is the owner's now: signed out, its password works despite the guesses.
  const out = await page.request.post('/api/auth/logout', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(out.status()).toBe(200);
  await page.goto('/landing');
  await page.getByRole('button', { name: 'I already have an account' }).click();
  await signIn(page, user.username, user.password);
  await expectToast(page, 'Welcome back');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});
