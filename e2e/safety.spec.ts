import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Page, expect } from '@playwright/test';
import {
  type TestUser,
  apiCall,
  e2eDatabaseUrl,
  expectNoAxeViolations,
  chooseFromPersonMenu,
  expectToast,
  newUserDetails,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { type NewDevice, test } from './fixtures.js';

const BLOCK_EXPLANATION =
  "They won't be told. You'll no longer see each other anywhere in the app; any friendship or request between you ends.";

/** Signs the page up through the API; the page is then signed in. */
async function signUp(page: Page, overrides: { fullName?: string; postalCode?: string } = {}) {
  const response = await page.request.post('/api/auth/signup', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { ...newUserDetails(), ...overrides },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user: TestUser }).user;
}

async function newPerson(newDevice: NewDevice, overrides: Parameters<typeof signUp>[1] = {}) {
  const page = await (await newDevice()).newPage();
  return { page, user: await signUp(page, overrides) };
}

const tagOf = () => Math.random().toString(36).slice(2, 8);

async function searchPeople(page: Page, query: string) {
  await page.goto('/app/community');
  await page.getByRole('tab', { name: 'Discover' }).click();
  await page.getByPlaceholder('Search for people by name or username...').fill(query);
}

async function confirmBlock(page: Page, name: string) {
  const dialog = page.getByRole('alertdialog', { name: `Block ${name}?` });
  await expect(dialog).toContainText(BLOCK_EXPLANATION);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await expectToast(page, `${name} is blocked`);
}

test('blocking someone from Discover hides each from the other until unblocked in Settings', async ({
  page,
  newDevice,
}) => {
  const tag = tagOf();
  // A postal code of this test's own, so the two are each other's nearest suggestion.
  const postalCode = `Q${tag.slice(0, 2).toUpperCase()} 1AA`;
  const meName = `Blocker ${tag}`;
  const themName = `Blocked ${tag}`;
  await signUp(page, { fullName: meName, postalCode });
  const them = await newPerson(newDevice, { fullName: themName, postalCode });
  const me = (await apiCall<{ user: TestUser }>(page, 'GET', '/api/auth/me')).body.user;

  await page.goto('/app/community');
  await page.getByRole('tab', { name: 'Discover' }).click();
  const suggestion = page.getByTestId('suggestion').filter({ hasText: `@${them.user.username}` });
  await expect(suggestion).toBeVisible();
  await chooseFromPersonMenu(page, suggestion, 'Block', themName);
  await confirmBlock(page, themName);
  await expect(suggestion).toHaveCount(0);

  // The blocked person finds the blocker nowhere, and is answered as for an unknown person.
  await searchPeople(them.page, meName);
  await expect(them.page.getByText(`No users found matching "${meName}"`)).toBeVisible();
  const request = await apiCall(them.page, 'POST', `/api/friend-requests/${me.id}`);
  expect(request).toEqual({ status: 404, body: { message: 'User not found' } });

  await page.goto('/app/settings');
  const blocked = page.getByRole('region', { name: 'Blocked people' });
  await expect(blocked.getByRole('listitem')).toContainText(themName);
  await expectNoAxeViolations(page);
  await blocked.getByRole('button', { name: `Unblock ${themName}` }).click();
  await expectToast(page, `${themName} is unblocked`);
  await expect(blocked.getByText('You haven’t blocked anyone.')).toBeVisible();

  await searchPeople(them.page, meName);
  await expect(them.page.getByText('Found 1 person')).toBeVisible();
});

test('a friend is blocked from their card in the feed, and leaves the friends list', async ({
  page,
  newDevice,
}) => {
  const tag = tagOf();
  await signUp(page, { fullName: `Reader ${tag}` });
  const friendName = `Friend ${tag}`;
  const friend = await newPerson(newDevice, { fullName: friendName });
  const me = (await apiCall<{ user: TestUser }>(page, 'GET', '/api/auth/me')).body.user;
  const sent = await apiCall<{ id: number }>(friend.page, 'POST', `/api/friend-requests/${me.id}`);
  expect((await apiCall(page, 'POST', `/api/friend-requests/${sent.body.id}/accept`)).status).toBe(
    200,
  );
  const shared = await apiCall(friend.page, 'POST', '/api/journal', {
    dayNumber: 1,
    entryText: JSON.stringify({ thoughts: `Shared ${tag}`, words: '', deeds: '' }),
    isPublic: true,
  });
  expect(shared.status).toBe(201);

  await page.goto('/app/dashboard');
  const card = page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ hasText: `Shared ${tag}` });
  await chooseFromPersonMenu(page, card, 'Block', friendName);
  await confirmBlock(page, friendName);
  await expect(card).toHaveCount(0);

  await page.goto('/app/community');
  await expect(page.getByText(friendName)).toHaveCount(0);
  expect((await apiCall<unknown[]>(friend.page, 'GET', '/api/friends')).body).toEqual([]);
});

test('"Nobody" hides you from search; "Only by exact username" shows you for it alone', async ({
  page,
  newDevice,
}) => {
  const tag = tagOf();
  const myName = `Hidden ${tag}`;
  await signUp(page, { fullName: myName });
  const me = (await apiCall<{ user: TestUser }>(page, 'GET', '/api/auth/me')).body.user;
  const other = await newPerson(newDevice);

  await page.goto('/app/settings');
  const card = page.getByRole('region', { name: 'Who can find me' });
  await expect(card.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  await expect(card).toContainText('No one can find you; friends you already have still see you.');
  await card.getByRole('radio', { name: 'Nobody' }).check();
  await expectToast(page, 'Saved');
  await expectNoAxeViolations(page);

  await searchPeople(other.page, myName);
  await expect(other.page.getByText(`No users found matching "${myName}"`)).toBeVisible();

  await page.reload();
  await expect(card.getByRole('radio', { name: 'Nobody' })).toBeChecked();
  await card.getByRole('radio', { name: 'Only by exact username' }).check();
  await expectToast(page, 'Saved');
  await searchPeople(other.page, me.username);
  await expect(other.page.getByText('Found 1 person')).toBeVisible();
  await searchPeople(other.page, myName);
  await expect(other.page.getByText(`No users found matching "${myName}"`)).toBeVisible();
});

test('the block controls fit a phone screen', async ({ page, newDevice }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = tagOf();
  const postalCode = `Q${tag.slice(0, 2).toUpperCase()} 2BB`;
  await signUp(page, { postalCode });
  const them = await newPerson(newDevice, {
    fullName: `A rather long full name ${tag}`,
    postalCode,
  });
  await page.goto('/app/community');
  await page.getByRole('tab', { name: 'Discover' }).click();
  const suggestion = page.getByTestId('suggestion').filter({ hasText: `@${them.user.username}` });
  for (const name of ['Request', `More for ${them.user.fullName}`]) {
    const button = suggestion.getByRole('button', { name });
    // At large text the list runs below the first screen: brought into view, it must fit.
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    // Clicking at its centre reaches the button itself: nothing covers it.
    await button.click({ trial: true });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await saveScreenshot(page, {
    path: 'test-results/screens/community-block-phone.png',
    fullPage: true,
  });
});

/** What an operator runs (`npm run reports -- ...`), against the database the app serves. */
async function reportsCommand(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['dist/server/reports/reports-command.js', ...args],
    { env: { ...process.env, DATABASE_URL: e2eDatabaseUrl, LOG_LEVEL: 'warn' } },
  );
  return stdout;
}

async function reportFromCard(page: Page, card: ReturnType<Page['getByRole']>, name: string) {
  await chooseFromPersonMenu(page, card, 'Report', name);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Report ${name}` })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('heading', { name: "Thanks — we'll review it." })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
}

test('a friend and a stranger’s request are reported; the suspended friend is told so and may only take their journal', async ({
  page,
  newDevice,
}) => {
  const tag = tagOf();
  await signUp(page, { fullName: `Reporter ${tag}` });
  const me = (await apiCall<{ user: TestUser }>(page, 'GET', '/api/auth/me')).body.user;
  const friendPage = await (await newDevice()).newPage();
  const friend = await signUpViaApi(friendPage, { fullName: `Friend ${tag}` });
  const sent = await apiCall<{ id: number }>(friendPage, 'POST', `/api/friend-requests/${me.id}`);
  expect((await apiCall(page, 'POST', `/api/friend-requests/${sent.body.id}/accept`)).status).toBe(
    200,
  );
  const stranger = await newPerson(newDevice, { fullName: `Stranger ${tag}` });
  expect((await apiCall(stranger.page, 'POST', `/api/friend-requests/${me.id}`)).status).toBe(201);

  await page.goto('/app/community');
  const friendCard = page.getByRole('list', { name: 'Friends' }).getByRole('listitem');
  await expect(friendCard).toContainText(friend.fullName);
  await reportFromCard(page, friendCard, friend.fullName);
  await page.getByRole('tab', { name: /Requests/ }).click();
  const requestCard = page.getByRole('listitem').filter({ hasText: stranger.user.fullName });
  await reportFromCard(page, requestCard, stranger.user.fullName);

  const listing = await reportsCommand();
  expect(listing).toContain(`user ${stranger.user.id} `);
  const line = listing.split('\n').find((l) => l.includes(`user ${friend.id} `))!;
  expect(line).toContain('harassment');
  await reportsCommand('suspend', /^#(\d+)/.exec(line)![1]!);

  // The suspended friend's device is signed out; signing in again shows why and what is left.
  await friendPage.goto('/app/dashboard');
  await expect(friendPage).toHaveURL(/\/landing/);
  await friendPage.getByRole('button', { name: 'I already have an account' }).click();
  const signIn = friendPage.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Username or email').fill(friend.username);
  await signIn.getByLabel('Password', { exact: true }).fill(friend.password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    friendPage.getByRole('heading', { name: 'Your account is suspended', level: 1 }),
  ).toBeVisible();
  await expect(friendPage.getByRole('navigation')).toHaveCount(0);
  await expect(friendPage.getByText('Welcome back', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(friendPage);
  await saveScreenshot(friendPage, {
    path: 'test-results/screens/suspended-account.png',
    fullPage: true,
  });
  const download = friendPage.waitForEvent('download');
  await friendPage.getByRole('button', { name: 'Download as Markdown' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.md$/);
  // Every other screen shows the same, whatever its address.
  await friendPage.goto('/app/community');
  await expect(
    friendPage.getByRole('heading', { name: 'Your account is suspended' }),
  ).toBeVisible();
  await expect(friendPage.getByRole('button', { name: 'Delete account' })).toBeVisible();
  // The daily page, which the server renders for a reader, is not rendered for them.
  await friendPage.goto('/app/daily-ritual');
  await expect(
    friendPage.getByRole('heading', { name: 'Your account is suspended' }),
  ).toBeVisible();
  await expect(friendPage.getByRole('button', { name: 'Read Explanation' })).toHaveCount(0);
  await friendPage.getByRole('button', { name: 'Log out' }).click();
  await expect(friendPage).toHaveURL(/\/landing/);

  // For everyone else they are gone.
  await page.getByRole('tab', { name: 'Friends' }).click();
  await page.reload();
  await expect(
    page.getByText('No friends yet. Start connecting in the Discover tab!'),
  ).toBeVisible();
});
