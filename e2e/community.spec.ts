import { type Page, expect } from '@playwright/test';
import {
  type TestUser,
  apiCall,
  expectNoAxeViolations,
  expectToast,
  newUserDetails,
  saveScreenshot,
} from './support.js';
import { type NewDevice, test } from './fixtures.js';

interface SignUpOverrides {
  fullName?: string;
  postalCode?: string;
  city?: string;
  whatsapp?: string;
}

/** Signs up through the API with the optional profile fields too; the page is then signed in. */
async function signUpViaApi(page: Page, overrides: SignUpOverrides = {}): Promise<TestUser> {
  const details = { ...newUserDetails(), ...overrides };
  const response = await page.request.post('/api/auth/signup', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: details,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user: TestUser }).user;
}

/** Another person, signed in in a browser context of their own. */
async function newPerson(newDevice: NewDevice, overrides: SignUpOverrides = {}) {
  const context = await newDevice();
  const page = await context.newPage();
  const user = await signUpViaApi(page, overrides);
  return { page, user };
}

/** A short tag that makes names unique to this test and searchable. */
function uniqueTag(): string {
  return Math.random().toString(36).slice(2, 8);
}

async function makeFriendsViaApi(a: Page, b: { page: Page; user: TestUser }) {
  const sent = await apiCall<{ id: number }>(a, 'POST', `/api/friend-requests/${b.user.id}`);
  expect(sent.status).toBe(201);
  expect(
    (await apiCall(b.page, 'POST', `/api/friend-requests/${sent.body.id}/accept`)).status,
  ).toBe(200);
}

async function openCommunityTab(page: Page, tab: 'Friends' | 'Requests' | 'Discover') {
  await page.goto('/app/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Community' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
}

const searchBox = (page: Page) => page.getByPlaceholder('Search for people by name or username...');
const fail500 = { status: 500, contentType: 'application/json', body: '{"message":"boom"}' };

test('search finds a person, a request is sent, they accept it and both see each other as friends', async ({
  page,
  newDevice,
}) => {
  const tag = uniqueTag();
  const me = await signUpViaApi(page, { fullName: `Roxana Mehr ${tag}` });
  const them = await newPerson(newDevice, { fullName: `Darius Kavian ${tag}` });

  await openCommunityTab(page, 'Discover');
  await expect(page.getByText('Connect and share your journey with friends')).toBeVisible();
  await searchBox(page).fill('D');
  await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
  await searchBox(page).fill(`Darius Kavian ${tag}`);
  await expect(page.getByText('Found 1 person')).toBeVisible();
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(result).toContainText(`@${them.user.username}`);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/community-search.png', fullPage: true });

  await result.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(page, 'Friend Request Sent');
  await expect(result.getByText('Request Sent')).toBeVisible();
  await expect(result.getByRole('button', { name: 'Send Request' })).toHaveCount(0);

  // The receiver sees it in search as received, and on the Requests tab with a count.
  await openCommunityTab(them.page, 'Discover');
  await searchBox(them.page).fill(tag);
  await expect(them.page.getByText('Found 1 person')).toBeVisible();
  await expect(them.page.getByText('Request Received')).toBeVisible();
  await them.page.getByRole('tab', { name: 'Requests' }).click();
  await expect(them.page.getByTestId('received-count')).toHaveText('1 received');
  const received = them.page.getByRole('list', { name: 'Received Requests' }).getByRole('listitem');
  await expect(received).toContainText(`Roxana Mehr ${tag}`);
  await expect(received).toContainText(`@${me.username}`);
  await expectNoAxeViolations(them.page);
  await saveScreenshot(them.page, {
    path: 'test-results/screens/community-requests.png',
    fullPage: true,
  });

  // A failed accept says so and leaves the request in place.
  await them.page.route('**/api/friend-requests/*/accept', (route) => route.fulfill(fail500));
  await received.getByRole('button', { name: 'Accept' }).click();
  await expectToast(them.page, 'Failed to accept friend request.');
  await expect(received).toHaveCount(1);
  await them.page.unroute('**/api/friend-requests/*/accept');

  await received.getByRole('button', { name: 'Accept' }).click();
  await expectToast(them.page, 'Friend Request Accepted', 'You are now connected!');
  await expect(them.page.getByText('No pending friend requests')).toBeVisible();
  await expect(them.page.getByTestId('received-count')).toHaveCount(0);
  await them.page.getByRole('tab', { name: 'Friends' }).click();
  await expect(them.page.getByRole('list', { name: 'Friends' })).toContainText(
    `Roxana Mehr ${tag}`,
  );
  await expect(them.page.getByRole('list', { name: 'Friends' })).toContainText(me.email);

  await openCommunityTab(page, 'Friends');
  const friends = page.getByRole('list', { name: 'Friends' });
  await expect(friends).toContainText(`Darius Kavian ${tag}`);
  await expect(friends).toContainText(`@${them.user.username}`);
  await expect(page.getByText('1 friend', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Discover' }).click();
  await searchBox(page).fill(tag);
  await expect(page.getByText('Already friends')).toBeVisible();
});

test('the receiver declines a request; the sender saw it as pending until then', async ({
  page,
  newDevice,
}) => {
  const tag = uniqueTag();
  const me = await signUpViaApi(page, { fullName: `Mina Farahani ${tag}` });
  const them = await newPerson(newDevice, { fullName: `Kourosh Ardalan ${tag}` });
  expect((await apiCall(page, 'POST', `/api/friend-requests/${them.user.id}`)).status).toBe(201);

  await openCommunityTab(page, 'Requests');
  const sent = page.getByRole('list', { name: 'Sent Requests' }).getByRole('listitem');
  await expect(sent).toContainText(`Kourosh Ardalan ${tag}`);
  await expect(sent.getByText('Pending')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Received Requests' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await openCommunityTab(them.page, 'Requests');
  const received = them.page.getByRole('list', { name: 'Received Requests' }).getByRole('listitem');
  await expect(received).toContainText(`@${me.username}`);

  await them.page.route('**/api/friend-requests/*/reject', (route) => route.fulfill(fail500));
  await received.getByRole('button', { name: 'Decline' }).click();
  await expectToast(them.page, 'Failed to reject friend request.');
  await them.page.unroute('**/api/friend-requests/*/reject');

  await received.getByRole('button', { name: 'Decline' }).click();
  await expectToast(them.page, 'Request Rejected');
  await expect(them.page.getByText('No pending friend requests')).toBeVisible();
  await them.page.getByRole('tab', { name: 'Friends' }).click();
  await expect(
    them.page.getByText('No friends yet. Start connecting in the Discover tab!'),
  ).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page.getByText('No pending friend requests')).toBeVisible();
});

test('removing a friend asks for confirmation first, and the friends list filters locally', async ({
  page,
  newDevice,
}) => {
  const tag = uniqueTag();
  await signUpViaApi(page, { fullName: `Shirin Bahar ${tag}` });
  const them = await newPerson(newDevice, {
    fullName: `Arash Tir ${tag}`,
    whatsapp: '+44 7700 900123',
  });
  const other = await newPerson(newDevice, { fullName: `Parisa Noor ${tag}` });
  await makeFriendsViaApi(page, them);
  await makeFriendsViaApi(page, other);

  await openCommunityTab(page, 'Friends');
  await expect(page.getByText('2 friends', { exact: true })).toBeVisible();
  const friends = page.getByRole('list', { name: 'Friends' }).getByRole('listitem');
  await expect(friends).toHaveCount(2);
  const arash = friends.filter({ hasText: `Arash Tir ${tag}` });
  await expect(arash).toContainText(`@${them.user.username}`);
  await expect(arash).toContainText(them.user.email);
  await expect(arash).toContainText('+44 7700 900123');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, {
    path: 'test-results/screens/community-friends.png',
    fullPage: true,
  });

  const search = page.getByPlaceholder('Search your friends...');
  await search.fill('nobody-like-this');
  await expect(page.getByText('No friends found matching your search.')).toBeVisible();
  await search.fill(them.user.username.toUpperCase());
  await expect(friends).toHaveCount(1);
  await search.fill('parisa');
  await expect(friends).toHaveCount(1);
  await expect(friends).toContainText(`Parisa Noor ${tag}`);
  await search.fill('');
  await expect(friends).toHaveCount(2);

  // Cancel keeps the friend.
  await arash.getByRole('button', { name: `Remove Arash Tir ${tag}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Friend' });
  await expect(dialog).toContainText(
    'Are you sure you want to remove this person from your friends? You can always add them back later.',
  );
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/community-remove.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(friends).toHaveCount(2);

  // A failed removal says so and keeps the friend.
  await page.route('**/api/friends/*', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill(fail500) : route.fallback(),
  );
  await arash.getByRole('button', { name: `Remove Arash Tir ${tag}` }).click();
  await dialog.getByRole('button', { name: 'Remove Friend' }).click();
  await expectToast(page, 'Failed to remove friend. Please try again.');
  await expect(friends).toHaveCount(2);
  await page.unroute('**/api/friends/*');

  await arash.getByRole('button', { name: `Remove Arash Tir ${tag}` }).click();
  await dialog.getByRole('button', { name: 'Remove Friend' }).click();
  await expectToast(page, 'Friend Removed', 'You are no longer connected.');
  await expect(friends).toHaveCount(1);
  await expect(page.getByText('1 friend', { exact: true })).toBeVisible();

  await openCommunityTab(them.page, 'Friends');
  await expect(
    them.page.getByText('No friends yet. Start connecting in the Discover tab!'),
  ).toBeVisible();
  await expect(them.page.getByText('0 friends', { exact: true })).toBeVisible();
});

test('discover suggests people nearest first with proximity badges, and a request takes them off the list', async ({
  page,
  newDevice,
}) => {
  // Digits after a letter no other test uses (one for each project, which run this test at the
  // same time on one server), so only these people share leading characters.
  const letter = test.info().project.name === 'large-text' ? 'J' : 'Q';
  const base = `${letter}${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const tag = uniqueTag();
  // Created farthest first: the server must sort by proximity, not by age.
  await newPerson(newDevice, { fullName: `Far Person ${tag}`, postalCode: 'ZZZZZ' });
  const city = await newPerson(newDevice, {
    fullName: `City Person ${tag}`,
    postalCode: `${letter}XXXX`,
  });
  const region = await newPerson(newDevice, {
    fullName: `Region Person ${tag}`,
    postalCode: `${base.slice(0, 2)}XXX`,
  });
  const area = await newPerson(newDevice, {
    fullName: `Area Person ${tag}`,
    postalCode: `${base.slice(0, 3)}XX`,
  });
  const near = await newPerson(newDevice, {
    fullName: `Near Person ${tag}`,
    // Spaces and case do not matter.
    postalCode: `${base.slice(0, 3).toLowerCase()} ${base.slice(3, 5)}X`,
  });
  const me = await signUpViaApi(page, {
    fullName: `Home Person ${tag}`,
    postalCode: base,
    city: 'Yazd',
  });

  await openCommunityTab(page, 'Discover');
  await expect(page.getByRole('heading', { name: 'People near you' })).toBeVisible();
  const suggestions = page.getByTestId('suggestion');
  // A stranger is judged on the first 3 characters only: five shared are the same area as
  // three, and the newer comes first.
  const expected = [
    [near, 'Same area', 'area'],
    [area, 'Same area', 'area'],
    [region, 'Same region', 'region'],
    [city, 'Same city', 'city'],
  ] as const;
  for (const [index, [person, label, category]] of expected.entries()) {
    const card = suggestions.nth(index);
    await expect(card).toContainText(person.user.fullName);
    await expect(card.locator(`[data-distance="${category}"]`)).toHaveText(label);
  }
  // Everyone else in the database, the far person included, shares no leading character.
  await expect(suggestions.nth(4).locator('[data-distance="other"]')).toHaveText('Elsewhere');
  await expectNoAxeViolations(page);
  await saveScreenshot(page, {
    path: 'test-results/screens/community-discover.png',
    fullPage: true,
  });

  await suggestions.nth(0).getByRole('button', { name: 'Request' }).click();
  await expectToast(page, 'Friend Request Sent');
  await expect(suggestions.nth(0)).toContainText(area.user.fullName);
  await expect(suggestions.filter({ hasText: near.user.fullName })).toHaveCount(0);

  // The near person no longer sees me as a suggestion: the request is pending.
  await openCommunityTab(near.page, 'Discover');
  await expect(near.page.getByRole('heading', { name: 'People near you' })).toBeVisible();
  await expect(near.page.getByTestId('suggestion').first()).toBeVisible();
  await expect(near.page.getByTestId('suggestion').filter({ hasText: me.fullName })).toHaveCount(0);
  await near.page.getByRole('tab', { name: 'Requests' }).click();
  await expect(near.page.getByTestId('received-count')).toHaveText('1 received');
});

test('sending from a stale screen: their pending request connects us, a duplicate shows the server message', async ({
  page,
  newDevice,
}) => {
  const tag = uniqueTag();
  const me = await signUpViaApi(page, { fullName: `Nasrin Dara ${tag}` });
  const asker = await newPerson(newDevice, { fullName: `Asker Vahid ${tag}` });
  const target = await newPerson(newDevice, { fullName: `Target Yas ${tag}` });

  await openCommunityTab(page, 'Discover');
  await searchBox(page).fill(tag);
  await expect(page.getByText('Found 2 people')).toBeVisible();
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results.getByRole('button', { name: 'Send Request' })).toHaveCount(2);

  // Meanwhile I ask the target from elsewhere: this screen still offers Send Request.
  expect((await apiCall(page, 'POST', `/api/friend-requests/${target.user.id}`)).status).toBe(201);
  await results
    .filter({ hasText: 'Target Yas' })
    .getByRole('button', { name: 'Send Request' })
    .click();
  await expectToast(page, 'Friend request already sent');
  await expect(results.filter({ hasText: 'Target Yas' }).getByText('Request Sent')).toBeVisible();

  // Then the asker asks me while the screen still offers Send Request: sending connects us.
  expect((await apiCall(asker.page, 'POST', `/api/friend-requests/${me.id}`)).status).toBe(201);
  await results
    .filter({ hasText: 'Asker Vahid' })
    .getByRole('button', { name: 'Send Request' })
    .click();
  await expectToast(
    page,
    'Friend Request Accepted',
    `You and Asker Vahid ${tag} are now connected!`,
  );
  await expect(
    results.filter({ hasText: 'Asker Vahid' }).getByText('Already friends'),
  ).toBeVisible();
});

test('empty states and load failures on every tab', async ({ page }) => {
  await signUpViaApi(page);
  await page.route(
    (url) => url.pathname === '/api/users/search' && url.searchParams.get('discover') === 'true',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );

  await openCommunityTab(page, 'Friends');
  await expect(
    page.getByText('No friends yet. Start connecting in the Discover tab!'),
  ).toBeVisible();
  await expect(page.getByText('0 friends', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(page.getByText('No pending friend requests')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Discover' }).click();
  await expect(page.getByRole('heading', { name: 'Suggested connections' })).toBeVisible();
  await expect(page.getByText('Add your city to discover people near you')).toBeVisible();
  await expect(page.getByText('Add a city to your profile', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/community-empty.png', fullPage: true });

  const nobody = `zz${uniqueTag()}qq`;
  await searchBox(page).fill(nobody);
  await expect(page.getByText('Found 0 people')).toBeVisible();
  await expect(page.getByText(`No users found matching "${nobody}"`)).toBeVisible();
  await searchBox(page).fill('');
  await expect(page.getByRole('heading', { name: 'Suggested connections' })).toBeVisible();

  await page.route(
    (url) => url.pathname === '/api/users/search' && url.searchParams.has('q'),
    (route) => route.fulfill(fail500),
  );
  await searchBox(page).fill('failing search');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to search users' })).toBeVisible();

  await page.unrouteAll();
  await page.route(
    (url) => url.pathname === '/api/users/search' && url.searchParams.get('discover') === 'true',
    (route) => route.fulfill(fail500),
  );
  await page.reload();
  await page.getByRole('tab', { name: 'Discover' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load users' })).toBeVisible();
});

test('someone with a city but nobody nearby is told so', async ({ page }) => {
  await signUpViaApi(page, { city: 'Kerman', postalCode: 'K1234' });
  await page.route(
    (url) => url.pathname === '/api/users/search' && url.searchParams.get('discover') === 'true',
    (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
  );
  await openCommunityTab(page, 'Discover');
  await expect(page.getByRole('heading', { name: 'People near you' })).toBeVisible();
  await expect(page.getByText('No nearby users found yet')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a stranger's Report and Block wait in a small menu, reached from the keyboard, with plain words", async ({
  page,
  newDevice,
}) => {
  const tag = uniqueTag();
  await signUpViaApi(page, { fullName: `Menu Reader ${tag}` });
  const stranger = await newPerson(newDevice, { fullName: `Quiet Stranger ${tag}` });
  const name = stranger.user.fullName;

  await openCommunityTab(page, 'Discover');
  await searchBox(page).fill(tag);
  const card = page
    .getByRole('list', { name: 'Search results' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(card.getByRole('button', { name: 'Send Request' })).toBeVisible();
  // Only Request stands on the card; Report and Block are behind "More".
  await expect(card.getByRole('button', { name: /Report|Block/ })).toHaveCount(0);
  const more = card.getByRole('button', { name: `More for ${name}` });
  const request = card.getByRole('button', { name: 'Send Request' });
  expect((await more.boundingBox())!.width).toBeLessThan((await request.boundingBox())!.width);
  await expectNoAxeViolations(page);

  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Report', 'Block']);
  await expect(menu.getByRole('menuitem', { name: 'Report' })).toBeFocused();
  await saveScreenshot(page, { path: 'test-results/screens/community-more-menu.png' });
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(`Report ${name}`);
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('heading', { name: "Thanks — we'll review it." })).toBeVisible();
  await expect(
    dialog.getByText(
      `Only the people who run The Threefold Path see your report. ${name} is never told who reported them.`,
    ),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // The focus comes back to the menu's button.
  await expect(more).toBeFocused();

  // Block, from the keyboard too: the confirmation asks first, and Cancel changes nothing.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Block' })).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: `Block ${name}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(more).toBeFocused();
  await expect(card).toBeVisible();
});
