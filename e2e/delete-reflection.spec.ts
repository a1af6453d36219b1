import { type Page, expect } from '@playwright/test';
import {
  type JournalEntry,
  type Parts,
  PENDING,
  entriesKnownOnDevice,
  entryText,
  expectForm,
  openReflection,
  savesWaiting,
  serverEntry,
  syncOver,
} from './offline-support.js';
import {
  type TestUser,
  apiCall,
  expectNoAxeViolations,
  expectToast,
  keepProgressAwayFrom,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { type NewDevice, test } from './fixtures.js';

// Deleting one reflection from My Journal: asked first, then gone from the journal, from the
// friends' feed and from everything the device kept of it, while the day stays complete.

const TAKEN_BACK: Parts = {
  thoughts: 'A thought I would rather not keep.',
  words: 'Said too much at dinner.',
  deeds: '',
};
const KEPT: Parts = { thoughts: 'Walked by the river.', words: '', deeds: '' };
const EMPTY: Parts = { thoughts: '', words: '', deeds: '' };

/** A friend in their own browser, to read the feed the reader's shared entries go to. */
async function friendOf(newDevice: NewDevice, page: Page) {
  const friendPage = await (await newDevice()).newPage();
  await signUpViaApi(friendPage, { fullName: 'Parisa Friend' });
  const me = await apiCall<{ user: TestUser }>(page, 'GET', '/api/auth/me');
  const sent = await apiCall(friendPage, 'POST', `/api/friend-requests/${me.body.user.id}`);
  expect(sent.status).toBe(201);
  const requests = await apiCall<{ received: { id: number }[] }>(
    page,
    'GET',
    '/api/friend-requests',
  );
  const id = requests.body.received[0]?.id;
  expect((await apiCall(page, 'POST', `/api/friend-requests/${id}/accept`)).status).toBe(200);
  return friendPage;
}

async function write(page: Page, dayNumber: number, parts: Parts): Promise<JournalEntry> {
  const { status, body } = await apiCall<JournalEntry>(page, 'POST', '/api/journal', {
    dayNumber,
    entryText: entryText(parts),
    isPublic: true,
  });
  expect(status).toBe(201);
  return body;
}

const feedDays = async (friendPage: Page) =>
  (await apiCall<JournalEntry[]>(friendPage, 'GET', '/api/journal/friends')).body.map(
    (entry) => entry.dayNumber,
  );

/** A page's first content waits for the app's code, which a busy machine delays. */
const firstPaint = { timeout: 30_000 };

/** The keys of the drafts this browser keeps, for any person and day. */
const draftKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('threefold-draft:')),
  );

const journalCard = (page: Page, day: number) =>
  page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Day ${day}`, exact: true }) });

test("a deleted reflection leaves the journal, the friends' feed and the device, and the day stays complete", async ({
  page,
  newDevice,
  baseURL,
}) => {
  // The reflection is opened twice, on a page the server renders first.
  test.setTimeout(180_000);
  const user = await signUpViaApi(page);
  await keepProgressAwayFrom(page, baseURL, 1);
  const friendPage = await friendOf(newDevice, page);
  await write(page, 1, TAKEN_BACK);
  await write(page, 2, KEPT);
  expect(await feedDays(friendPage)).toEqual([2, 1]);

  // On this device the day's reflection has a save that could not reach the server, waiting
  // to be sent, and a draft typed over it.
  await page.route('**/api/journal', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.goto('/app/daily-ritual/1');
  await openReflection(page, { navigate: false });
  await expectForm(page, TAKEN_BACK, true);
  await page.getByRole('textbox', { name: 'Good Deeds' }).fill('Saved only on this phone.');
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, PENDING);
  await page.getByRole('textbox', { name: 'Good Words' }).fill('A draft over it.');
  await expect.poll(() => draftKeys(page)).toEqual([`threefold-draft:${user.id}:1`]);
  expect((await savesWaiting(page)).map((save) => save.dayNumber)).toEqual([1]);

  await page.goto('/app/dashboard?tab=journal');
  await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(2, firstPaint);
  await expect.poll(() => entriesKnownOnDevice(page)).toBe(2);
  const day1 = journalCard(page, 1);
  const remove = day1.getByRole('button', { name: 'Delete reflection for Day 1' });

  // Asked first; cancelling keeps everything.
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your reflection for Day 1?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    "Your reflection for Day 1 will be removed from your journal, from this device and from your friends' feed. This cannot be undone.",
  );
  await expect(dialog).toContainText('Day 1 stays complete in your progress');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await serverEntry(page, 1))?.dayNumber).toBe(1);

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete reflection' }).click();
  await expectToast(page, 'Reflection deleted', 'Your reflection for Day 1 is deleted.');
  await expect(day1).toHaveCount(0);
  await expect(journalCard(page, 2).getByText(KEPT.thoughts)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Journal Entries' })).toBeFocused();

  // Gone from the server and the friend's feed; nothing of it is left on the device.
  expect(await serverEntry(page, 1)).toBeNull();
  expect(await feedDays(friendPage)).toEqual([2]);
  expect(await savesWaiting(page)).toEqual([]);
  expect(await draftKeys(page)).toEqual([]);
  expect(await entriesKnownOnDevice(page)).toBe(1);

  // The day stays complete: its progress is as it was.
  const progress = await apiCall<{ days: { dayNumber: number; reflectionSaved: boolean }[] }>(
    page,
    'GET',
    '/api/progress',
  );
  expect(progress.body.days).toContainEqual(
    expect.objectContaining({ dayNumber: 1, reflectionSaved: true }),
  );

  // With the connection back and the app started again, no waiting save brings it back, and
  // the day's form opens empty.
  await page.unrouteAll();
  await page.reload();
  await expect(journalCard(page, 2)).toHaveCount(1, firstPaint);
  await syncOver(page);
  expect(await serverEntry(page, 1)).toBeNull();
  await expect(journalCard(page, 1)).toHaveCount(0);
  await page.goto('/app/daily-ritual/1');
  await openReflection(page, { navigate: false });
  await expectForm(page, EMPTY, false);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the confirmation fits a phone and a desktop screen, ${scheme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await signUpViaApi(page);
    await write(page, 3, KEPT);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/app/dashboard?tab=journal');
      await expect(journalCard(page, 3)).toBeVisible(firstPaint);
      await journalCard(page, 3)
        .getByRole('button', { name: 'Delete reflection for Day 3' })
        .click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      for (const name of ['Cancel', 'Delete reflection']) {
        const box = await dialog.getByRole('button', { name }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      }
      // The screen does not scroll sideways (its layout width is the device's own).
      expect(
        await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]),
      ).toEqual([viewport.width, viewport.width]);
      await saveScreenshot(page, {
        path: `test-results/screens/delete-reflection-${viewport.width}-${scheme}.png`,
      });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
    expect((await serverEntry(page, 3))?.dayNumber).toBe(3);
  });
}
