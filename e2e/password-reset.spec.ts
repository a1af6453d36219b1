import { type Page, expect } from '@playwright/test';
import {
  expectNoAxeViolations,
  expectToast,
  latestResetToken,
  openAccountMenu,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { type NewDevice, test } from './fixtures.js';

const shot = (page: Page, name: string) =>
  saveScreenshot(page, { path: `test-results/screens/${name}.png`, fullPage: true });

/** Someone who has an account, made in a browser context of their own. */
async function existingUser(newDevice: NewDevice) {
  const context = await newDevice();
  const user = await signUpViaApi(await context.newPage());
  await context.close();
  return user;
}

async function requestResetLink(page: Page, email: string) {
  await page.goto('/password-reset');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Email Sent!', 'Check your inbox for password reset instructions.');
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
}

async function signIn(page: Page, login: string, password: string) {
  await page.getByRole('button', { name: 'I already have an account' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Username or email').fill(login);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('the whole reset: request, email, new password, back to landing, sign in', async ({
  page,
  newDevice,
}) => {
  const user = await existingUser(newDevice);
  const newPassword = 'a brand new calm password';

  await page.goto('/password-reset');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute(
    'href',
    '/landing',
  );
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Please enter a valid email address',
  );
  await shot(page, 'reset-request-error');
  await expectNoAxeViolations(page);

  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Email Sent!', 'Check your inbox for password reset instructions.');
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
  await shot(page, 'reset-check-your-email');
  await expectNoAxeViolations(page);

  const token = await latestResetToken(user.email);
  await page.goto(`/password-reset?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await expect(page.getByLabel('Reset token')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    'Password must be at least 8 characters',
  );
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something else entirely');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription(
    "Passwords don't match",
  );
  await shot(page, 'reset-new-password-errors');
  await expectNoAxeViolations(page);

  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(
    page,
    'Password Reset!',
    'Your password has been reset successfully. You can now login.',
  );
  const resetAt = Date.now();
  // The spec waits 2 seconds before leaving, so the person can read the confirmation.
  await expect(page).toHaveURL(/\/password-reset\?token=/);
  await expect(page).toHaveURL(/\/landing$/, { timeout: 5000 });
  expect(Date.now() - resetAt).toBeGreaterThan(1500);

  await signIn(page, user.username, user.password);
  await expect(page.getByRole('tabpanel', { name: 'Sign In' }).getByRole('alert')).toHaveText([
    'Invalid username or password',
  ]);
  await page
    .getByRole('tabpanel', { name: 'Sign In' })
    .getByLabel('Password', { exact: true })
    .fill(newPassword);
  await page
    .getByRole('tabpanel', { name: 'Sign In' })
    .getByRole('button', { name: 'Sign In', exact: true })
    .click();
  await expectToast(page, 'Welcome back');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});

test('Try Again returns to the form, and Back to Login leaves each state', async ({
  page,
  newDevice,
}) => {
  const user = await existingUser(newDevice);
  await requestResetLink(page, user.email);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(user.email);

  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/landing$/);

  await requestResetLink(page, user.email);
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/landing$/);

  await page.goto('/password-reset?token=anything');
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/landing$/);
});

test('a reset token can be typed in when the link did not carry it', async ({
  page,
  newDevice,
}) => {
  const user = await existingUser(newDevice);
  const newPassword = 'typed token new password';
  await requestResetLink(page, user.email);
  await page.getByRole('button', { name: 'I have a reset token' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();

  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByLabel('Reset token')).toHaveAccessibleDescription('Token is required');
  await shot(page, 'reset-token-field');
  await expectNoAxeViolations(page);

  await page.getByLabel('Reset token').fill(await latestResetToken(user.email));
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password Reset!');
  await expect(page).toHaveURL(/\/landing$/, { timeout: 5000 });
  await signIn(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});

test('an empty token parameter shows the token field', async ({ page }) => {
  await page.goto('/password-reset?token=');
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await expect(page.getByLabel('Reset token')).toBeVisible();
});

test('an unknown or already used token is refused with the server message', async ({
  page,
  newDevice,
}) => {
  await page.goto('/password-reset?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('whatever password');
  await page.getByLabel('Confirm new password').fill('whatever password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Error', 'Invalid or expired token');
  await expect(page).toHaveURL(/token=not-a-real-token/);
  await expect(page.getByRole('button', { name: 'Reset Password' })).toBeEnabled();

  const user = await existingUser(newDevice);
  await requestResetLink(page, user.email);
  const token = await latestResetToken(user.email);
  const context = await newDevice();
  const first = await context.request.post('/api/auth/password-reset', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { token, password: 'first new password' },
  });
  expect(first.status()).toBe(200);
  await context.close();
  await page.goto(`/password-reset?token=${encodeURIComponent(token)}`);
  await page.getByLabel('New password', { exact: true }).fill('second new password');
  await page.getByLabel('Confirm new password').fill('second new password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Error', 'Invalid or expired token');
});

test('a reset made while signed in signs this browser out', async ({ page }) => {
  const user = await signUpViaApi(page);
  await requestResetLink(page, user.email);
  const token = await latestResetToken(user.email);
  // Open the app first so it knows the user, then move to the reset screen without a reload.
  await page.goto('/app/daily-ritual');
  // The page arrives rendered: the app is live (and listening to the address) once its menu
  // opens, not when its button shows.
  await openAccountMenu(page);
  await page.keyboard.press('Escape');
  await page.evaluate(
    (href) => {
      window.history.pushState(null, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    `/password-reset?token=${encodeURIComponent(token)}`,
  );
  await page.getByLabel('New password', { exact: true }).fill('another new password');
  await page.getByLabel('Confirm new password').fill('another new password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expectToast(page, 'Password Reset!');
  await expect(page).toHaveURL(/\/landing$/, { timeout: 5000 });
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
});
