import { type Page, expect } from '@playwright/test';
import {
  type TestUser,
  apiCall,
  expectNoAxeViolations,
  expectToast,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { MID_CYCLE, type NewDevice, test } from './fixtures.js';

// 10 April 2026, day 100: entries are dated that day, and days 1 to 3 are open.
test.use({ now: MID_CYCLE });

const entryText = (parts: { thoughts?: string; words?: string; deeds?: string }) =>
  JSON.stringify({ thoughts: '', words: '', deeds: '', ...parts });

async function writeEntry(
  page: Page,
  dayNumber: number,
  text: string,
  isPublic: boolean,
): Promise<{ id: number }> {
  const { status, body } = await apiCall<{ id: number }>(page, 'POST', '/api/journal', {
    dayNumber,
    entryText: text,
    isPublic,
  });
  expect([200, 201]).toContain(status);
  return body;
}

/** A second person in their own browser context who becomes the page user's friend. */
async function befriend(newDevice: NewDevice, page: Page, fullName: string) {
  const context = await newDevice();
  const friendPage = await context.newPage();
  const friend = await signUpViaApi(friendPage, { fullName });
  const me = await apiCall<{ user: TestUser }>(page, 'GET', '/api/auth/me');
  const sent = await apiCall(friendPage, 'POST', `/api/friend-requests/${me.body.user.id}`);
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
  return { friend, friendPage, close: () => context.close() };
}

/** Over 200 characters, with "grudges" running across the 200th. */
const LONG_THOUGHTS =
  'At dawn I sat by the window and let the noise of the week settle, one breath at a time, ' +
  'until only a few plain intentions were left: to listen, to be honest, and to keep my mind ' +
  'clear of the old grudges, even the ones that still feel justified.';
const LONG_THOUGHTS_CUT =
  'At dawn I sat by the window and let the noise of the week settle, one breath at a time, ' +
  'until only a few plain intentions were left: to listen, to be honest, and to keep my mind ' +
  'clear of the old...';
const LONG_WORDS =
  'Today I chose my words with care, speaking gently to a colleague who was struggling. ' +
  'I noticed how a kind sentence can change the shape of a whole afternoon, and how silence ' +
  'can also be a gift when it listens. Tomorrow I will try to keep that patience.';

/** The toast on screen with this title (the area shows one at a time). */
const openToast = (page: Page, title: string) =>
  page.locator('li[data-state="open"]').getByText(title, { exact: true });

test("Friends' Reflections shows every shared part of a friend's entries under its badge, with read more, likes and refresh", async ({
  page,
  newDevice,
}) => {
  await signUpViaApi(page, { fullName: 'Roxana Mehr' });
  const { friendPage, close } = await befriend(newDevice, page, 'Dariush Ardeshir Kavian');
  await writeEntry(
    friendPage,
    1,
    entryText({
      thoughts: 'A quiet mind at dawn.',
      words: 'Thanked the baker by name.',
      deeds: 'Watered the street trees.',
    }),
    true,
  );
  await writeEntry(
    friendPage,
    2,
    entryText({ thoughts: LONG_THOUGHTS, words: LONG_WORDS, deeds: 'Swept the steps.' }),
    true,
  );
  await writeEntry(friendPage, 3, entryText({ thoughts: 'Only for me, never shared.' }), false);

  await page.goto('/app/dashboard');
  await expect(page.getByRole('tab', { name: "Friends' Reflections" })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Community Reflections' })).toBeVisible();

  const cards = page.getByRole('tabpanel').getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('Only for me, never shared.')).toHaveCount(0);

  // Every part written is shown, each under its own badge, in the order it was written.
  const fullCard = cards.filter({ hasText: 'A quiet mind at dawn.' });
  await expect(fullCard.getByRole('heading', { name: 'Dariush Ardeshir Kavian' })).toBeVisible();
  await expect(fullCard.getByText('DK', { exact: true })).toBeVisible();
  // Written moments ago: however slowly the page came, it says so in minutes at most.
  // Each entry names its stanza, for friends reading on other days.
  await expect(
    fullCard.getByText(/^Day 1, Yasna 28 \(opening\) • (less than a minute|\d+ minutes?) ago$/),
  ).toBeVisible();
  await expect(fullCard.getByRole('term')).toHaveText([
    'Good Thoughts',
    'Good Words',
    'Good Deeds',
  ]);
  await expect(fullCard.getByRole('definition')).toHaveText([
    'A quiet mind at dawn.',
    'Thanked the baker by name.',
    'Watered the street trees.',
  ]);
  await expect(fullCard.getByRole('button', { name: 'Read more' })).toHaveCount(0);

  // A part over 200 characters is cut at the last whole word, with its own Read more under
  // it; a short part beside it has none.
  const longCard = cards.filter({ hasText: 'At dawn I sat by the window' });
  await expect(longCard.getByText('Day 2, Yasna 27.14 •', { exact: false })).toBeVisible();
  await expect(longCard.getByRole('term')).toHaveText([
    'Good Thoughts',
    'Good Words',
    'Good Deeds',
  ]);
  const [thoughts, words, deeds] = [0, 1, 2].map((n) => longCard.getByRole('definition').nth(n));
  await expect(thoughts!.getByRole('paragraph')).toHaveText(LONG_THOUGHTS_CUT);
  await expect(words!.getByRole('paragraph')).toHaveText(`${LONG_WORDS.slice(0, 200)}...`);
  await expect(deeds!).toHaveText('Swept the steps.');
  await expect(deeds!.getByRole('button')).toHaveCount(0);
  const readMore = thoughts!.getByRole('button', { name: 'Read more of Good Thoughts' });
  await expect(readMore).toHaveAttribute('aria-expanded', 'false');
  await readMore.focus();
  await page.keyboard.press('Enter');
  await expect(thoughts!.getByRole('paragraph')).toHaveText(LONG_THOUGHTS);
  // Only the part asked for opens.
  await expect(words!.getByRole('paragraph')).toHaveText(`${LONG_WORDS.slice(0, 200)}...`);
  const showLess = thoughts!.getByRole('button', { name: 'Show less of Good Thoughts' });
  await expect(showLess).toHaveAttribute('aria-expanded', 'true');
  await expect(showLess).toBeFocused();
  await page.keyboard.press('Space');
  await expect(thoughts!.getByRole('paragraph')).toHaveText(LONG_THOUGHTS_CUT);
  await words!.getByRole('button', { name: 'Read more of Good Words' }).click();
  await expect(words!.getByRole('paragraph')).toHaveText(LONG_WORDS);

  // A favourite (the spec's heart) stays on this device, and says so.
  const like = fullCard.getByRole('button', {
    name: 'Favourite reflection by Dariush Ardeshir Kavian',
  });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  // Its tooltip says favourite too; appreciation, which reaches the writer, is its own button.
  await expect(like).toHaveAttribute('title', 'Mark as a favourite on this device');
  await expect(
    fullCard.getByRole('button', { name: /^Appreciate reflection by Dariush Ardeshir Kavian/ }),
  ).toBeVisible();
  await expect(fullCard.getByText('Saved on this device')).toHaveCount(0);
  await like.click();
  await expectToast(
    page,
    'Added to Favorites',
    'Kept on this device only; it is not sent to anyone.',
  );
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('title', 'Favourite, kept on this device');
  await expect(like).toHaveAccessibleDescription('Saved on this device');
  await expect(fullCard.getByText('Saved on this device', { exact: true })).toBeVisible();
  await expect(longCard.getByRole('button', { name: /^Favourite reflection/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await saveScreenshot(page, {
    path: 'test-results/screens/dashboard-friends.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);

  // Two toasts in a row: the second waits until the first has closed, then shows alone. (Pressed
  // from the keyboard: on a small phone at large text the first toast lies over the button.)
  await like.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(openToast(page, 'Removed')).toBeVisible();
  await expect(openToast(page, 'Added to Favorites')).toHaveCount(0);
  await expect(openToast(page, 'Added to Favorites')).toBeVisible();
  await expect(openToast(page, 'Removed')).toHaveCount(0);
  await expect(page.locator('li[data-state="open"]')).toHaveCount(1);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(like).toHaveAttribute('aria-pressed', 'false');

  // A new shared reflection shows up after a refresh.
  await writeEntry(friendPage, 4, entryText({ deeds: 'Carried groceries for a neighbour.' }), true);
  await page.getByRole('button', { name: 'Refresh reflections' }).click();
  await expectToast(page, 'Refreshed', 'Dashboard updated with latest reflections.');
  const deedsCard = cards.filter({ hasText: 'Carried groceries for a neighbour.' });
  await expect(deedsCard.getByRole('term')).toHaveText(['Good Deeds']);
  await expect(cards).toHaveCount(3);
  await close();
});

test('both tabs show their empty states, with links onward', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'No Shared Reflections Yet' })).toBeVisible();
  await saveScreenshot(page, {
    path: 'test-results/screens/dashboard-friends-empty.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Connect with Friends' }).click();
  await expect(page).toHaveURL(/\/app\/community$/);

  await page.goto('/app/dashboard');
  await page.getByRole('tab', { name: 'My Journal' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard\?tab=journal$/);
  await expect(page.getByRole('heading', { name: 'My Journal Entries' })).toBeVisible();
  await expect(page.getByText('Your personal reflections on the Gathas')).toBeVisible();
  await expect(
    page.getByText("No journal entries yet. Start reflecting on today's Gatha!"),
  ).toBeVisible();
  await saveScreenshot(page, {
    path: 'test-results/screens/dashboard-journal-empty.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: "Go to Today's Gatha" }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});

test('My Journal lists entries with their day, date, visibility and filled sections', async ({
  page,
}) => {
  await signUpViaApi(page);
  await writeEntry(
    page,
    1,
    entryText({
      thoughts: 'Begin with a clear mind.',
      words: 'Said thank you and meant it.',
      deeds: 'Planted basil on the sill.',
    }),
    true,
  );
  await writeEntry(page, 2, entryText({ thoughts: '   ', words: 'Spoke softly today.' }), false);
  // Text from an older client that is not JSON reads as Good Thoughts.
  await writeEntry(page, 3, 'An older plain-text reflection.', false);

  await page.goto('/app/dashboard?tab=journal');
  await expect(page.getByRole('tab', { name: 'My Journal' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const entries = page.getByRole('tabpanel').getByRole('listitem');
  await expect(entries).toHaveCount(3);
  const day1 = entries.filter({ has: page.getByRole('heading', { name: 'Day 1', exact: true }) });
  await expect(day1.getByText('Apr 10, 2026', { exact: true })).toBeVisible();
  await expect(day1.getByText('Shared with friends', { exact: true })).toBeVisible();
  await expect(day1.getByText(/Friends see only/)).toHaveCount(0);
  for (const text of [
    'Good Thoughts',
    'Begin with a clear mind.',
    'Good Words',
    'Said thank you and meant it.',
    'Good Deeds',
    'Planted basil on the sill.',
  ]) {
    await expect(day1.getByText(text, { exact: true })).toBeVisible();
  }

  const day2 = entries.filter({ has: page.getByRole('heading', { name: 'Day 2', exact: true }) });
  await expect(day2.getByText('Private', { exact: true })).toBeVisible();
  await expect(day2.getByText('Good Words', { exact: true })).toBeVisible();
  await expect(day2.getByText('Spoke softly today.', { exact: true })).toBeVisible();
  await expect(day2.getByText('Good Thoughts', { exact: true })).toHaveCount(0);
  await expect(day2.getByText('Good Deeds', { exact: true })).toHaveCount(0);

  const day3 = entries.filter({ has: page.getByRole('heading', { name: 'Day 3', exact: true }) });
  await expect(day3.getByText('Private', { exact: true })).toBeVisible();
  await expect(day3.getByText('Good Thoughts', { exact: true })).toBeVisible();
  await expect(day3.getByText('An older plain-text reflection.', { exact: true })).toBeVisible();

  // Shared entries are named for who sees them, never "Public".
  await expect(page.getByRole('tabpanel').getByText(/public/i)).toHaveCount(0);
  await saveScreenshot(page, {
    path: 'test-results/screens/dashboard-journal.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);

  await day1.getByRole('link', { name: 'Reread Day 1' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/1$/);
});

test('both tabs show three skeleton cards while loading', async ({ page }) => {
  await signUpViaApi(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/journal(\/friends)?$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/app/dashboard');
  await expect(page.getByTestId('loading-card')).toHaveCount(3);
  await page.getByRole('tab', { name: 'My Journal' }).click();
  await expect(page.getByTestId('loading-card')).toHaveCount(3);
  await saveScreenshot(page, {
    path: 'test-results/screens/dashboard-loading.png',
    fullPage: true,
  });

  release();
  await expect(
    page.getByText("No journal entries yet. Start reflecting on today's Gatha!"),
  ).toBeVisible();
  await expect(page.getByTestId('loading-card')).toHaveCount(0);
});

test('the reflections come first, and each number says what it counts', async ({ page }) => {
  await signUpViaApi(page);
  await writeEntry(page, 1, entryText({ thoughts: 'First light.' }), false);
  await page.goto('/app/dashboard');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' });
  const journey = page.getByRole('region', { name: 'Your journey' });
  await expect(journey.getByRole('definition').first()).toHaveText('1');
  // The tabs, the reader's journal among them, are on the first screen, above the statistics.
  await expect(page.getByRole('tab', { name: 'My Journal' })).toBeInViewport();
  expect((await tabs.boundingBox())!.y).toBeLessThan((await journey.boundingBox())!.y);
  await expect(journey.getByRole('term')).toHaveText([
    'Days completed(stanzas read or reflected on)',
    'Current streak(dates with a reflection)',
    'Longest streak(dates with a reflection)',
  ]);
  await expect(
    journey.getByRole('list', { name: 'Dates you saved a reflection, last 12 weeks' }),
  ).toBeVisible();
  await saveScreenshot(page, { path: 'test-results/screens/dashboard-order.png', fullPage: true });
});
