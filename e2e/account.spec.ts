import fs from 'node:fs';
import { type Page, expect } from '@playwright/test';
import {
  type TestUser,
  apiCall,
  expectNoAxeViolations,
  expectToast,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { type NewDevice, test } from './fixtures.js';

const entryText = (parts: { thoughts?: string; words?: string; deeds?: string }) =>
  JSON.stringify({ thoughts: '', words: '', deeds: '', ...parts });

async function writeEntry(page: Page, dayNumber: number, text: string, isPublic: boolean) {
  const { status } = await apiCall(page, 'POST', '/api/journal', {
    dayNumber,
    entryText: text,
    isPublic,
  });
  expect([200, 201]).toContain(status);
}

const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another browser (its own cookies) signed in as `user`, from `timeZone` when given. */
async function signedInElsewhere(
  newDevice: NewDevice,
  user: TestUser,
  userAgent?: string,
  timeZone?: string,
) {
  const context = await newDevice(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      ...(timeZone ? { 'X-Timezone': timeZone } : {}),
    },
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(200);
  return { page, close: () => context.close() };
}

/** Whether a fresh browser can sign in with these details. */
async function canSignIn(newDevice: NewDevice, username: string, password: string) {
  const context = await newDevice();
  const page = await context.newPage();
  const login = await apiCall(page, 'POST', '/api/auth/login', { username, password });
  await context.close();
  return login.status === 200;
}

const isSignedIn = async (page: Page) =>
  (await apiCall(page, 'GET', '/api/auth/me')).status === 200;

const profileCard = (page: Page) => page.getByRole('region', { name: 'Account Information' });

test('a profile edit shows in the card and the avatar menu; a taken username is refused', async ({
  page,
  newDevice,
}) => {
  const otherContext = await newDevice();
  const taken = await signUpViaApi(await otherContext.newPage());
  const user = await signUpViaApi(page, { fullName: 'Shirin Azadi' });
  await page.goto('/app/settings');

  const card = profileCard(page);
  await expect(card.getByText('Shirin Azadi', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Edit profile' }).click();
  await expect(card.getByLabel('Full name')).toBeFocused();
  await expect(card.getByLabel('Full name')).toHaveValue('Shirin Azadi');
  await expect(card.getByLabel('Email')).toHaveValue(user.email);

  // The sign-up rules apply, with the message beside the field.
  await card.getByLabel('Full name').fill('');
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expect(card.getByText('Full name is required')).toBeVisible();
  await expect(card.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

  // Someone else's username, in other letters, is refused by the server.
  await card.getByLabel('Full name').fill('Shirin Azadi Mehr');
  await card.getByLabel('Username').fill(taken.username.toUpperCase());
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expect(card.getByText('Username already taken')).toBeVisible();
  await expect(card.getByLabel('Username')).toHaveAccessibleDescription('Username already taken');
  await expect(card.getByLabel('Username')).toBeFocused();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, {
    path: 'test-results/screens/settings-profile-edit.png',
    fullPage: true,
  });

  await card.getByLabel('Username').fill(user.username);
  await card.getByLabel('City (optional)').fill('Yazd');
  await card.getByLabel('WhatsApp number (optional)').fill('+98 912 000 0000');
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expectToast(page, 'Profile saved');
  await expect(card.getByRole('button', { name: 'Edit profile' })).toBeFocused();
  await expect(card.getByText('Shirin Azadi Mehr', { exact: true })).toBeVisible();
  await expect(card.getByText('Yazd', { exact: true })).toBeVisible();
  await expect(card.getByText('+98 912 000 0000', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Shirin Azadi Mehr')).toBeVisible();
  await page.keyboard.press('Escape');

  // The change is stored: it is still there after a reload.
  await page.reload();
  await expect(profileCard(page).getByText('Shirin Azadi Mehr', { exact: true })).toBeVisible();
  const me = await apiCall<{ user: TestUser & { city: string } }>(page, 'GET', '/api/auth/me');
  expect(me.body.user).toMatchObject({ fullName: 'Shirin Azadi Mehr', city: 'Yazd' });
  await otherContext.close();
});

test('a new email asks for the current password, beside the field', async ({ page, newDevice }) => {
  const user = await signUpViaApi(page);
  await page.goto('/app/settings');
  const card = profileCard(page);
  await card.getByRole('button', { name: 'Edit profile' }).click();
  const passwordField = card.getByLabel('Current password (to change your email)');
  // Other changes need no password, so none is asked for until the email differs.
  await expect(passwordField).toHaveCount(0);
  await card.getByLabel('Email').fill(user.email.toUpperCase());
  await expect(passwordField).toHaveCount(0);

  const newEmail = `moved.${user.username.toLowerCase()}@example.test`;
  await card.getByLabel('Email').fill(newEmail);
  await expect(passwordField).toBeVisible();
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expect(card.getByText('Enter your current password to change your email')).toBeVisible();
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');

  await passwordField.fill('not my password');
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expect(card.getByText('Current password is incorrect')).toBeVisible();
  await expectNoAxeViolations(page);

  await passwordField.fill(user.password);
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expectToast(page, 'Profile saved');
  await expect(card.getByText(newEmail, { exact: true })).toBeVisible();
  expect(await canSignIn(newDevice, newEmail, user.password)).toBe(true);
});

test('changing the password signs out the other devices; only the new one signs in', async ({
  page,
  newDevice,
}) => {
  const user = await signUpViaApi(page);
  const phone = await signedInElsewhere(newDevice, user);
  expect(await isSignedIn(phone.page)).toBe(true);
  const newPassword = 'another calm long password';

  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'Password' });
  await card.getByLabel('Current password').fill('not my password');
  await card.getByLabel('New password', { exact: true }).fill(newPassword);
  await card.getByLabel('Confirm new password').fill('something else entirely');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText("Passwords don't match")).toBeVisible();

  await card.getByLabel('Confirm new password').fill(newPassword);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Current password is incorrect')).toBeVisible();
  await expect(card.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  expect(await isSignedIn(phone.page)).toBe(true);

  await card.getByLabel('Current password').fill(user.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed', 'Other devices have been signed out.');
  await expect(card.getByLabel('Current password')).toHaveValue('');

  // This device stays signed in; the other one is signed out.
  expect(await isSignedIn(page)).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect(await isSignedIn(phone.page)).toBe(false);
  await phone.page.goto('/app/settings');
  await expect(phone.page).toHaveURL(/\/landing$/);

  expect(await canSignIn(newDevice, user.username, user.password)).toBe(false);
  expect(await canSignIn(newDevice, user.username, newPassword)).toBe(true);
  await phone.close();
});

test('the devices list tells devices apart, marks this one and signs out others, one or all', async ({
  page,
  newDevice,
}) => {
  const user = await signUpViaApi(page);
  const laptop = await signedInElsewhere(newDevice, user, FIREFOX_ON_WINDOWS, 'Europe/Berlin');
  const tablet = await signedInElsewhere(
    newDevice,
    user,
    SAFARI_ON_IPAD,
    'America/Argentina/Buenos_Aires',
  );

  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'Signed-in devices' });
  const devices = card.getByRole('list', { name: 'Devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(3);
  const thisDevice = devices.filter({ hasText: 'This device' });
  await expect(thisDevice).toHaveCount(1);
  await expect(thisDevice).toContainText('Chrome on Android');
  await expect(thisDevice).toContainText('Active now');
  await expect(thisDevice.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
  const laptopRow = devices.filter({ hasText: 'Firefox' });
  const tabletRow = devices.filter({ hasText: 'Safari' });
  await expect(laptopRow).toContainText('Firefox on Windows');
  await expect(laptopRow).toContainText(/Berlin · Last active .* ago/);
  await expect(tabletRow).toContainText('Safari on iOS');
  await expect(tabletRow).toContainText(/Buenos Aires · Last active .* ago/);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/settings-devices.png', fullPage: true });

  await laptopRow.getByRole('button', { name: /^Sign out Firefox on Windows in Berlin/ }).click();
  await expectToast(page, 'Signed out');
  await expect(devices).toHaveCount(2);
  await expect(laptopRow).toHaveCount(0);
  expect(await isSignedIn(laptop.page)).toBe(false);
  expect(await isSignedIn(tablet.page)).toBe(true);

  await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expectToast(page, 'Signed out everywhere else', '1 device signed out.');
  await expect(devices).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);
  expect(await isSignedIn(tablet.page)).toBe(false);
  expect(await isSignedIn(page)).toBe(true);
  await laptop.close();
  await tablet.close();
});

test('the journal downloads as JSON and as Markdown with what was written', async ({ page }) => {
  const user = await signUpViaApi(page);
  await writeEntry(
    page,
    1,
    entryText({
      thoughts: 'Morning light on the water.',
      words: 'Thanked my teacher.',
      deeds: 'Mended the gate.',
    }),
    false,
  );
  await writeEntry(page, 2, entryText({ words: 'Spoke gently to my brother.' }), true);
  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'Your data' });

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download as JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^threefold-path-journal-\d{4}-\d{2}-\d{2}\.json$/);
  // The card says the file was made, and names it.
  await expect(card.getByRole('status')).toHaveText(
    `Made ${json.suggestedFilename()}. Your browser keeps it with your downloads.`,
  );
  const exported = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as {
    user: { username: string; email: string };
    entries: { dayNumber: number; goodThoughts: string; goodWords: string; isPublic: boolean }[];
  };
  expect(exported.user).toMatchObject({ username: user.username, email: user.email });
  expect(exported.entries).toHaveLength(2);
  expect(exported.entries[0]).toMatchObject({
    dayNumber: 1,
    goodThoughts: 'Morning light on the water.',
    isPublic: false,
  });
  expect(exported.entries[1]).toMatchObject({
    dayNumber: 2,
    goodWords: 'Spoke gently to my brother.',
    isPublic: true,
  });

  const [markdown] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download as Markdown' }).click(),
  ]);
  expect(markdown.suggestedFilename()).toMatch(/^threefold-path-journal-\d{4}-\d{2}-\d{2}\.md$/);
  await expect(card.getByRole('status')).toContainText(markdown.suggestedFilename());
  const text = fs.readFileSync(await markdown.path(), 'utf8');
  expect(text).toMatch(/^## Day 1\b/m);
  expect(text).toMatch(/^## Day 2\b/m);
  for (const written of [
    'Morning light on the water.',
    'Thanked my teacher.',
    'Mended the gate.',
    'Spoke gently to my brother.',
  ]) {
    expect(text).toContain(written);
  }
  expect(text).toContain('Good Thoughts');
  expect(text.indexOf('## Day 1')).toBeLessThan(text.indexOf('## Day 2'));
});

test('deleting the account needs the password, ends on landing and leaves friends nothing', async ({
  page,
  newDevice,
}) => {
  const user = await signUpViaApi(page, { fullName: 'Leaving Person' });
  const friendContext = await newDevice();
  const friendPage = await friendContext.newPage();
  const friend = await signUpViaApi(friendPage);
  const sent = await apiCall(friendPage, 'POST', `/api/friend-requests/${user.id}`);
  expect(sent.status).toBe(201);
  const requests = await apiCall<{ received: { id: number }[] }>(
    page,
    'GET',
    '/api/friend-requests',
  );
  const accepted = await apiCall(
    page,
    'POST',
    `/api/friend-requests/${requests.body.received[0]!.id}/accept`,
  );
  expect(accepted.status).toBe(200);
  await writeEntry(page, 1, entryText({ thoughts: 'A shared goodbye thought.' }), true);
  const feedBefore = await apiCall(friendPage, 'GET', '/api/journal/friends');
  expect(JSON.stringify(feedBefore.body)).toContain('A shared goodbye thought.');

  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'Delete account' });
  await card.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(/Every reflection, friendship and friend request .* cannot be undone\./),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/settings-delete-account.png' });

  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await isSignedIn(page)).toBe(true);

  await card.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/settings$/);
  expect(await isSignedIn(page)).toBe(true);

  await dialog.getByLabel('Your password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expectToast(page, 'Account deleted');
  expect(await isSignedIn(page)).toBe(false);
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/landing$/);

  expect(await canSignIn(newDevice, user.username, user.password)).toBe(false);
  const feedAfter = await apiCall(friendPage, 'GET', '/api/journal/friends');
  expect(JSON.stringify(feedAfter.body)).not.toContain('A shared goodbye thought.');
  const friends = await apiCall<unknown[]>(friendPage, 'GET', '/api/friends');
  expect(friends.status).toBe(200);
  expect(JSON.stringify(friends.body)).not.toContain(user.username);
  expect(await canSignIn(newDevice, friend.username, friend.password)).toBe(true);
  await friendContext.close();
});
