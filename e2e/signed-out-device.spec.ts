import { type Page, expect } from '@playwright/test';
import { expectForm, openReflection, reflection } from './offline-support.js';
import {
  type TestUser,
  apiCall,
  currentDay,
  expectNoAxeViolations,
  expectToast,
  keepProgressAwayFrom,
  openAccountMenu,
  openExplanation,
  saveScreenshot,
  signInThroughTheSheet,
  signUpViaApi,
} from './support.js';
import { type NewDevice, setTestDate, test } from './fixtures.js';

// A device whose session ended elsewhere is signed out at its next call, and the landing screen
// says why in one sentence; nothing typed on it is lost.

const ELSEWHERE =
  'You were signed out on this device from another of your devices. Sign in again to continue.';
const PASSWORD_CHANGED =
  'Your password was changed, so this device was signed out. Sign in with the new password to continue.';
const EXPIRED =
  'You were signed out on this device after a long time away. Sign in again to continue.';
const DRAFT = 'Draft — not saved yet';

/** Another browser of the same person, signed in through the API. */
async function laptopOf(newDevice: NewDevice, user: TestUser): Promise<Page> {
  const page = await (await newDevice()).newPage();
  const login = await apiCall(page, 'POST', '/api/auth/login', {
    username: user.username,
    password: user.password,
  });
  expect(login.status).toBe(200);
  return page;
}

/** The landing screen, saying why this device was signed out. */
async function expectToldWhy(page: Page, sentence: string) {
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('status').filter({ hasText: sentence })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I already have an account' })).toBeVisible();
}

test('signed out from another device while writing: the landing says why, and the words wait for the next sign-in', async ({
  page,
  baseURL,
  newDevice,
}) => {
  const user = await signUpViaApi(page);
  await keepProgressAwayFrom(page, baseURL, await currentDay(page));
  await openReflection(page);
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('A thought I must not lose.');
  await expect(reflection(page).getByText(DRAFT)).toBeVisible();

  const laptop = await laptopOf(newDevice, user);
  expect((await apiCall(laptop, 'POST', '/api/auth/sessions/sign-out-others')).status).toBe(200);

  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToldWhy(page, ELSEWHERE);
  await expect(page.getByText('Failed to save your reflection.')).toHaveCount(0);
  await saveScreenshot(page, {
    path: 'test-results/screens/signed-out-elsewhere.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);
  // Said again after a reload, until the person signs in.
  await page.reload();
  await expectToldWhy(page, ELSEWHERE);

  await signInThroughTheSheet(page, user);
  await openExplanation(page);
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expectForm(page, { thoughts: 'A thought I must not lose.', words: '', deeds: '' }, false);
  await expect(reflection(page).getByText(DRAFT)).toBeVisible();

  // Signing out by one's own hand says nothing of the kind.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText(ELSEWHERE)).toBeHidden();
});

test('a password changed on another device: the next tap lands on the sign-in screen, saying so', async ({
  page,
  newDevice,
}) => {
  const user = await signUpViaApi(page);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('tab', { name: 'My Journal' })).toBeVisible();

  const laptop = await laptopOf(newDevice, user);
  const changed = await apiCall(laptop, 'POST', '/api/auth/password', {
    currentPassword: user.password,
    newPassword: 'a lantern in the orchard',
  });
  expect(changed.status).toBe(200);

  await page.getByRole('link', { name: 'Community' }).click();
  await expectToldWhy(page, PASSWORD_CHANGED);
  await signInThroughTheSheet(page, user, 'a lantern in the orchard');
  await page.goto('/landing');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});

/**
 * Ends the browser's session and lets `signIn` put a new one in, as a sign-in in another tab
 * would, while the next call to `address` is still sent with the session before: the call that
 * was on its way. The server refuses it, and its 401 arrives after the sign-in.
 */
async function signInElsewhereBeforeTheCall(
  page: Page,
  address: string,
  signIn: () => Promise<void>,
) {
  // The screen's own reads are answered first: one still on its way when the session ends, and
  // refused before the new one is in, would sign the device out before the call this is about.
  await page.waitForLoadState('networkidle');
  const sessionBefore = (await page.context().cookies()).find((c) => c.name === 'tfp_session');
  expect(sessionBefore).toBeDefined();
  expect((await apiCall(page, 'POST', '/api/auth/logout')).status).toBe(200);
  await signIn();
  await page.route(
    address,
    async (route) => {
      const cookies = (await page.context().cookies(route.request().url())).map((cookie) =>
        cookie.name === sessionBefore!.name ? sessionBefore! : cookie,
      );
      const refused = await route.fetch({
        headers: {
          ...route.request().headers(),
          cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
        },
      });
      expect(refused.status()).toBe(401);
      await route.fulfill({ response: refused });
    },
    { times: 1 },
  );
}

/** The same person signs in again through the API, as they would in another tab. */
async function signInAgain(page: Page, user: TestUser) {
  const again = await apiCall(page, 'POST', '/api/auth/login', {
    username: user.username,
    password: user.password,
  });
  expect(again.status).toBe(200);
}

const NO_FRIENDS = 'No friends yet. Start connecting in the Discover tab!';

test('a call refused for a session ended while another tab signed in again signs nobody out', async ({
  page,
  context,
}) => {
  const user = await signUpViaApi(page);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('tab', { name: 'My Journal' })).toBeVisible();

  await signInElsewhereBeforeTheCall(page, '**/api/friends', () => signInAgain(page, user));
  const refused = page.waitForResponse('**/api/friends');
  await page.getByRole('link', { name: 'Community' }).click();
  expect((await refused).status()).toBe(401);
  // Asked again with the new session, the screen has its answer.
  await expect(page.getByText(NO_FRIENDS)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/community$/);
  const hint = (await context.cookies()).find((cookie) => cookie.name === 'tfp_signed_in');
  expect(hint?.value).toBe('1');
  await page.goto('/app/dashboard');
  await expect(page.getByRole('tab', { name: 'My Journal' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /signed out/ })).toHaveCount(0);
});

test('when someone else signed in on this browser meanwhile, the page becomes theirs', async ({
  page,
}) => {
  await signUpViaApi(page, { fullName: 'Anahita First' });
  await page.goto('/app/dashboard');
  await expect(page.getByRole('tab', { name: 'My Journal' })).toBeVisible();

  await signInElsewhereBeforeTheCall(page, '**/api/friends', async () => {
    await signUpViaApi(page, { fullName: 'Bahram Second' });
  });
  const refused = page.waitForResponse('**/api/friends');
  await page.getByRole('link', { name: 'Community' }).click();
  expect((await refused).status()).toBe(401);
  await expect(page.getByText(NO_FRIENDS)).toBeVisible();
  await openAccountMenu(page);
  await expect(page.getByRole('menu').getByText('Bahram Second')).toBeVisible();
  await expect(page.getByText('Anahita First')).toHaveCount(0);
});

test('a save refused for a session that a sign-in in another tab replaced keeps the words and says so', async ({
  page,
}) => {
  const user = await signUpViaApi(page);
  await openReflection(page);
  const thoughts = page.getByRole('textbox', { name: 'Good Thoughts' });
  await thoughts.fill('A thought kept through a sign-in');
  await signInElsewhereBeforeTheCall(page, '**/api/journal', () => signInAgain(page, user));
  const refused = page.waitForResponse('**/api/journal');
  await page.getByRole('button', { name: 'Save Reflection' }).click();
  expect((await refused).status()).toBe(401);
  await expectToast(page, 'Error', 'Failed to save your reflection.');
  await expect(thoughts).toHaveValue('A thought kept through a sign-in');
  await expect(reflection(page).getByText(DRAFT)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);

  // Saved again, with the session there is now, it reaches the journal.
  await page.getByRole('button', { name: 'Save Reflection' }).click();
  await expectToast(page, 'Saved!', 'Your reflection has been saved.');
  const day = await currentDay(page);
  const entry = await apiCall<{ entryText: string }>(page, 'GET', `/api/journal/day/${day}`);
  expect(entry.status).toBe(200);
  expect(JSON.parse(entry.body!.entryText)).toMatchObject({
    thoughts: 'A thought kept through a sign-in',
  });
});

test('a device removed from Settings elsewhere is told when it next opens the app', async ({
  page,
  newDevice,
}) => {
  const user = await signUpViaApi(page);
  const phone = await (await newDevice({ timezoneId: 'Asia/Tehran' })).newPage();
  const login = await phone.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-Timezone': 'Asia/Tehran' },
    data: { username: user.username, password: user.password },
  });
  expect(login.status()).toBe(200);
  await phone.goto('/app/dashboard');
  await expect(phone.getByRole('tab', { name: 'My Journal' })).toBeVisible();

  await page.goto('/app/settings');
  const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
  const phoneRow = devices.filter({ hasText: 'Tehran' });
  await expect(phoneRow).toContainText(/Tehran · Last active .* ago/);
  await phoneRow.getByRole('button', { name: /^Sign out Chrome on Android in Tehran/ }).click();
  await expectToast(page, 'Signed out');

  await phone.reload();
  await expectToldWhy(phone, ELSEWHERE);
});

test('a session left unused past its 30 days says so', async ({ page, context, now }) => {
  await signUpViaApi(page);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('tab', { name: 'My Journal' })).toBeVisible();
  await setTestDate(context, new Date(new Date(now).getTime() + 31 * 86_400_000));
  await page.goto('/app/dashboard');
  await expectToldWhy(page, EXPIRED);
});

test('the landing says why from its first paint, before the app is live, and nothing arrives later', async ({
  page,
  context,
}) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/landing');
  const buttons = [
    page.getByRole('button', { name: 'Begin Your Journey' }),
    page.getByRole('button', { name: 'I already have an account' }),
  ];
  const before = await Promise.all(buttons.map((button) => button.boundingBox()));
  // Another tab of this browser meets the end of its session: this page keeps its place.
  const otherTab = await context.newPage();
  await otherTab.goto('/landing');
  await otherTab.evaluate(() =>
    localStorage.setItem('threefold-signed-out', JSON.stringify({ ending: 'expired' })),
  );
  await page.waitForTimeout(300);
  await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toBeHidden();
  expect(await Promise.all(buttons.map((button) => button.boundingBox()))).toEqual(before);

  // Opened again, even with none of the app's code running, the page says why at once.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: EXPIRED })).toBeVisible();
  await expect(page.getByText(ELSEWHERE)).toBeHidden();
  expect(refused).toEqual([]);
  await saveScreenshot(page, { path: 'test-results/screens/landing-signed-out-notice.png' });
});
