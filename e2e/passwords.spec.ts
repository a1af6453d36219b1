import { type Locator, type Page, expect } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectToast,
  latestResetToken,
  newUserDetails,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

// A new password that is easy to guess is refused, in the form as it is typed and by the server,
// which decides; every password field can show what was typed.

const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
const TOO_PERSONAL =
  'This password is too close to your name, username or email. Choose one that is harder to guess.';
const DICTIONARIES = /\/password-dictionaries-[^/]*\.js$/;

const shot = (page: Page, name: string) =>
  saveScreenshot(page, { path: `test-results/screens/${name}.png`, fullPage: true });

const createPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Create Account' });

async function openCreateAccount(page: Page) {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Begin Your Journey' }).click();
  await expect(createPanel(page)).toBeVisible();
}

/** The strength the meter under a field announces. */
const strength = (scope: Locator | Page, word: 'Weak' | 'Fair' | 'Strong') =>
  expect(scope.getByText(`Password strength: ${word}`, { exact: true })).toBeVisible();

/** The "Show password" button of the field labelled `label` shows, then hides, what was typed. */
async function expectShowPassword(scope: Locator, label: string) {
  const field = scope.getByLabel(label, { exact: true });
  const toggle = field.locator('xpath=following-sibling::button');
  await expect(toggle).toHaveAccessibleName('Show password');
  await expect(field).toHaveAttribute('type', 'password');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(field).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(field).toHaveAttribute('type', 'password');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
}

test('sign-up refuses a common password beside its field, the meter saying so as it is typed', async ({
  page,
}) => {
  const details = newUserDetails({ fullName: 'Roshan Mistry' });
  await openCreateAccount(page);
  const create = createPanel(page);
  await create.getByLabel('Full name').fill(details.fullName);
  await create.getByLabel('Username').fill(details.username);
  await create.getByLabel('Email').fill(details.email);
  const password = create.getByLabel('Password', { exact: true });
  await password.fill('password');
  await strength(create, 'Weak');
  await create.getByLabel('Confirm password').fill('password');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(TOO_COMMON);
  await expect(page).toHaveURL(/\/landing$/);
  await shot(page, 'sign-up-common-password');
  await expectNoAxeViolations(page);

  await password.fill(`${details.username}1`);
  await strength(create, 'Weak');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(password).toHaveAccessibleDescription(TOO_PERSONAL);

  await password.fill('Summer2026!');
  await strength(create, 'Fair');
  await password.fill('a quiet walk by the river');
  await strength(create, 'Strong');
  await expect(create.getByText(TOO_PERSONAL)).toHaveCount(0);
  await expectShowPassword(create, 'Password');
  await expectShowPassword(create, 'Confirm password');
  await create.getByLabel('Confirm password').fill('a quiet walk by the river');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Welcome to The Threefold Path!');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});

test('without the dictionaries in the browser, the server refuses and its reason is shown beside the field', async ({
  page,
}) => {
  await page.route(DICTIONARIES, (route) => route.abort());
  const details = newUserDetails();
  await openCreateAccount(page);
  const create = createPanel(page);
  await create.getByLabel('Full name').fill(details.fullName);
  await create.getByLabel('Username').fill(details.username);
  await create.getByLabel('Email').fill(details.email);
  const password = create.getByLabel('Password', { exact: true });
  await password.fill('iloveyou');
  await create.getByLabel('Confirm password').fill('iloveyou');
  // No meter without the judge: the server's answer is what the person sees.
  await expect(create.getByText(/Password strength/)).toHaveCount(0);
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(password).toHaveAccessibleDescription(TOO_COMMON);
  await expect(password).toBeFocused();
  await expect(page).toHaveURL(/\/landing$/);
});

test('the dictionaries load only where a password is chosen, never with the daily screen', async ({
  page,
}) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (DICTIONARIES.test(new URL(request.url()).pathname)) loaded.push(request.url());
  });
  await page.goto('/landing');
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual');
  await expect(page.getByRole('button', { name: 'Read Explanation' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  expect(loaded).toEqual([]);

  await page.goto('/app/settings');
  await expect(page.getByRole('region', { name: 'Password' })).toBeVisible();
  await expect.poll(() => loaded.length).toBe(1);
});

test('a password change refuses a common password; every password field can be shown', async ({
  page,
}) => {
  const user = await signUpViaApi(page);
  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'Password' });
  await card.getByLabel('Current password').fill(user.password);
  const newPassword = card.getByLabel('New password', { exact: true });
  await newPassword.fill('qwertyuiop');
  await strength(card, 'Weak');
  await card.getByLabel('Confirm new password').fill('qwertyuiop');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(newPassword).toHaveAccessibleDescription(TOO_COMMON);
  await shot(page, 'settings-common-password');
  await expectNoAxeViolations(page);
  for (const label of ['Current password', 'New password', 'Confirm new password']) {
    await expectShowPassword(card, label);
  }

  await newPassword.fill('a lantern in the orchard');
  await strength(card, 'Strong');
  await card.getByLabel('Confirm new password').fill('a lantern in the orchard');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed');

  // The other password fields of Settings: a new email's current password, and deletion's.
  const account = page.getByRole('region', { name: 'Account Information' });
  await account.getByRole('button', { name: 'Edit profile' }).click();
  await account.getByLabel('Email').fill(`new_${user.email}`);
  await expectShowPassword(account, 'Current password (to change your email)');
  await account.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('region', { name: 'Delete account' })
    .getByRole('button', { name: 'Delete account' })
    .click();
  await expectShowPassword(page.getByRole('alertdialog'), 'Your password');
});

test('a reset refuses a common password, and the same link then sets a good one', async ({
  page,
}) => {
  const user = await signUpViaApi(page);
  await page.context().clearCookies();
  await page.goto('/password-reset');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Email Sent!');
  const token = await latestResetToken(user.email);
  await page.goto(`/password-reset?token=${encodeURIComponent(token)}`);
  const password = page.getByLabel('New password', { exact: true });
  await password.fill('12345678');
  await strength(page, 'Weak');
  await page.getByLabel('Confirm new password').fill('12345678');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(password).toHaveAccessibleDescription(TOO_COMMON);
  await expectShowPassword(page.locator('form'), 'New password');
  await expectShowPassword(page.locator('form'), 'Confirm new password');

  await password.fill('the river after rain');
  await page.getByLabel('Confirm new password').fill('the river after rain');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password Reset!');
});

test('the sign-in password can be shown', async ({ page }) => {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'I already have an account' }).click();
  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Password', { exact: true }).fill('what I typed');
  await expectShowPassword(signIn, 'Password');
  await expect(signIn.getByLabel('Password', { exact: true })).toHaveValue('what I typed');
});
