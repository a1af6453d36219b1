import { type Page, expect } from '@playwright/test';
import {
  PENDING,
  type Parts,
  countWaiting,
  entriesKnownOnDevice,
  expectForm,
  openDailyScreen,
  openReflection,
  partsOf,
  reflection,
  saveElsewhere,
  serverEntry,
  syncOver,
} from './offline-support.js';
import {
  expectNoAxeViolations,
  expectToast,
  newReaderStayingOnToday,
  saveScreenshot,
} from './support.js';
import { test } from './fixtures.js';

// Editing a saved reflection without a connection: the form shows the entry as last known on
// the device, and a save made offline never replaces a newer version unseen, nor changes the
// entry's sharing. The network is cut at each step in turn: before the reflection opens, while
// it is open, while a save is on its way, while a sync is on its way, and after the server
// took a save whose answer never came back.

const SHARED: Parts = {
  thoughts: 'Stillness before the day begins.',
  words: 'I thanked my sister for her patience.',
  deeds: 'Watered the garden next door.',
};

const CONFLICT_HEADING = 'This reflection changed elsewhere';
const conflict = (page: Page) => page.getByRole('region', { name: CONFLICT_HEADING });

/**
 * Today's reflection open on the shared entry, once the app has read what it reads as it starts
 * and has the form's code: going offline earlier would fail those reads under the open form.
 */
async function openSettledReflection(page: Page) {
  await openDailyScreen(page);
  await openReflection(page, { navigate: false });
  await expectForm(page, SHARED, true);
}

/** The shared entry opened, one part edited and saved offline: the save waits on the device. */
async function saveOfflineOverShared(
  page: Page,
  baseURL: string | undefined,
  part: string,
  text: string,
) {
  const today = await newReaderStayingOnToday(page, baseURL);
  await saveElsewhere(page, today, SHARED, true);
  await openSettledReflection(page);
  await page.context().setOffline(true);
  await page.getByRole('textbox', { name: part }).fill(text);
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, PENDING);
  return today;
}

test('offline, a shared reflection opens as last saved, and one edited line syncs without losing the other parts or the sharing', async ({
  page,
  context,
  baseURL,
}) => {
  const today = await newReaderStayingOnToday(page, baseURL);
  await saveElsewhere(page, today, SHARED, true);

  // The reader has seen the entry in My Journal, then the connection drops before the
  // reflection is opened.
  await openDailyScreen(page);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('tab', { name: 'My Journal' }).click();
  await expect(page.getByText(SHARED.words)).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Daily Ritual' }).click();
  await openReflection(page, { navigate: false });

  await expectForm(page, SHARED, true);
  await expect(
    reflection(page).getByText(
      "You're offline: this is your reflection as last saved on this device.",
    ),
  ).toBeVisible();
  await saveScreenshot(page, {
    path: 'test-results/screens/offline/reflection-offline-known.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'Good Words' }).fill('I listened more than I spoke.');
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, PENDING);
  expect(partsOf(await serverEntry(page, today))).toEqual(SHARED);

  // The connection's return also reads the day again; that read is answered before the save
  // lands and arrives after it, and must not put the old words back in the form.
  let saveLanded = () => {};
  const landed = new Promise<void>((resolve) => (saveLanded = resolve));
  page.on('requestfinished', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/journal')) saveLanded();
  });
  await page.route('**/api/journal/day/**', async (route) => {
    const response = await route.fetch();
    await landed;
    await route.fulfill({ response });
  });
  await context.setOffline(false);
  await expectToast(page, 'Reflection synced');
  const synced = await serverEntry(page, today);
  expect(partsOf(synced)).toEqual({ ...SHARED, words: 'I listened more than I spoke.' });
  expect(synced?.isPublic).toBe(true);
  await expectForm(page, { ...SHARED, words: 'I listened more than I spoke.' }, true);
  await expect(reflection(page).getByText(PENDING)).toHaveCount(0);
});

test('cut while the save is on its way: the save waits on the device and is retried by itself until it lands', async ({
  page,
  baseURL,
}) => {
  const today = await newReaderStayingOnToday(page, baseURL);
  await saveElsewhere(page, today, SHARED, true);
  await openReflection(page);
  await expectForm(page, SHARED, true);

  // The browser believes it is online; the first two attempts never get through.
  let attempts = 0;
  await page.route('**/api/journal**', (route) => {
    if (route.request().method() === 'GET') return route.fallback();
    attempts += 1;
    return attempts <= 2 ? route.abort('internetdisconnected') : route.fallback();
  });
  await page.getByRole('textbox', { name: 'Good Deeds' }).fill('Carried the shopping upstairs.');
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, PENDING);
  await expect(reflection(page).getByText(PENDING)).toBeVisible();

  // No connection event comes: the app tries again by itself, waiting longer each time.
  await page.clock.runFor(2_000);
  await expect.poll(() => attempts).toBe(2);
  await page.clock.runFor(4_000);
  await expectToast(page, 'Reflection synced');
  await expect(reflection(page).getByText(PENDING)).toHaveCount(0);
  expect(attempts).toBe(3);
  const synced = await serverEntry(page, today);
  expect(partsOf(synced)).toEqual({ ...SHARED, deeds: 'Carried the shopping upstairs.' });
  expect(synced?.isPublic).toBe(true);
  expect(await countWaiting(page)).toBe(0);
});

test('cut after the server took a synced save but before its answer came: the retry finds its own words there and asks nothing', async ({
  page,
  context,
  baseURL,
}) => {
  const today = await saveOfflineOverShared(page, baseURL, 'Good Thoughts', 'A slower morning.');

  // The first sync reaches the server, whose answer is lost on the way back.
  let lost = false;
  await page.route('**/api/journal**', async (route) => {
    if (route.request().method() === 'GET' || lost) return route.fallback();
    lost = true;
    await route.fetch();
    return route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect.poll(() => lost).toBe(true);
  await page.clock.runFor(2_000);
  await expectToast(page, 'Reflection synced');
  await expect(conflict(page)).toHaveCount(0);
  await expect(reflection(page).getByText(PENDING)).toHaveCount(0);
  expect(await countWaiting(page)).toBe(0);
  const synced = await serverEntry(page, today);
  expect(partsOf(synced)).toEqual({ ...SHARED, thoughts: 'A slower morning.' });
  expect(synced?.isPublic).toBe(true);
});

test('cut while the sync is on its way: the save stays on the device and lands on a later try', async ({
  page,
  context,
  baseURL,
}) => {
  const today = await saveOfflineOverShared(page, baseURL, 'Good Words', 'Said sorry first.');

  // The connection returns, and drops again while the first sync is sent.
  let cut = false;
  await page.route('**/api/journal**', (route) => {
    if (route.request().method() === 'GET' || cut) return route.fallback();
    cut = true;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  await expect.poll(() => cut).toBe(true);
  await syncOver(page);
  await expect(reflection(page).getByText(PENDING)).toBeVisible();
  expect(await countWaiting(page)).toBe(1);
  expect(partsOf(await serverEntry(page, today))).toEqual(SHARED);

  await page.clock.runFor(2_000);
  await expectToast(page, 'Reflection synced');
  const synced = await serverEntry(page, today);
  expect(partsOf(synced)).toEqual({ ...SHARED, words: 'Said sorry first.' });
  expect(synced?.isPublic).toBe(true);
  expect(await countWaiting(page)).toBe(0);
});

/** The reflection open with the shared entry, edited and saved offline, then changed elsewhere. */
async function offlineEditMeetsAnotherVersion(page: Page, baseURL: string | undefined) {
  const today = await newReaderStayingOnToday(page, baseURL);
  await saveElsewhere(page, today, SHARED, true);
  await openSettledReflection(page);

  await page.context().setOffline(true);
  await page.getByRole('textbox', { name: 'Good Words' }).fill('Written on the train, offline.');
  await page.getByRole('switch').click();
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, PENDING);

  const elsewhere = { ...SHARED, thoughts: 'Changed on my laptop meanwhile.' };
  await saveElsewhere(page, today, elsewhere, true);
  const mine = { ...SHARED, words: 'Written on the train, offline.' };

  await page.context().setOffline(false);
  await expectToast(page, `Reflection for day ${today} changed elsewhere`);
  await syncOver(page);
  const box = conflict(page);
  await expect(box).toBeVisible();
  const saved = box.getByRole('region', { name: 'In your journal' });
  const device = box.getByRole('region', { name: 'On this device' });
  await expect(saved.getByText(elsewhere.thoughts)).toBeVisible();
  await expect(saved.getByText('Shared with friends')).toBeVisible();
  await expect(device.getByText(mine.words)).toBeVisible();
  await expect(device.getByText('Private')).toBeVisible();
  // Nothing was replaced, and the reader's words still wait on the device.
  expect(partsOf(await serverEntry(page, today))).toEqual(elsewhere);
  expect((await serverEntry(page, today))?.isPublic).toBe(true);
  expect(await countWaiting(page)).toBe(1);
  return { today, elsewhere, mine, box };
}

test('changed elsewhere while this device was offline: both versions are shown, and keeping the saved one drops the device copy', async ({
  page,
  baseURL,
}) => {
  const { today, elsewhere, box } = await offlineEditMeetsAnotherVersion(page, baseURL);
  await saveScreenshot(page, {
    path: 'test-results/screens/offline/reflection-conflict.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);

  // The choice waits across a reload: nothing typed is dropped unasked.
  await page.reload();
  await openReflection(page, { navigate: false });
  await expect(box).toBeVisible();

  await box.getByRole('button', { name: 'Keep the saved one' }).click();
  await expect(box).toHaveCount(0);
  await expectForm(page, elsewhere, true);
  await expect.poll(() => countWaiting(page)).toBe(0);
  expect(partsOf(await serverEntry(page, today))).toEqual(elsewhere);
});

test('changed elsewhere while this device was offline: keeping mine saves the device copy as the reader left it', async ({
  page,
  baseURL,
}) => {
  const { today, mine, box } = await offlineEditMeetsAnotherVersion(page, baseURL);
  await expectForm(page, mine, false);

  await box.getByRole('button', { name: 'Keep mine' }).click();
  await expectToast(page, 'Saved!');
  await expect(box).toHaveCount(0);
  const saved = await serverEntry(page, today);
  expect(partsOf(saved)).toEqual(mine);
  expect(saved?.isPublic).toBe(false);
  await expect.poll(() => countWaiting(page)).toBe(0);
});

test('cut while choosing: keeping mine offline waits on the device and replaces only the version the reader saw', async ({
  page,
  baseURL,
}) => {
  const { today, mine, box } = await offlineEditMeetsAnotherVersion(page, baseURL);

  await page.context().setOffline(true);
  await box.getByRole('button', { name: 'Keep mine' }).click();
  await expectToast(page, PENDING);
  await expect(box).toHaveCount(0);
  await expect(reflection(page).getByText(PENDING)).toBeVisible();

  await page.context().setOffline(false);
  await expectToast(page, 'Reflection synced');
  const saved = await serverEntry(page, today);
  expect(partsOf(saved)).toEqual(mine);
  expect(saved?.isPublic).toBe(false);
  expect(await countWaiting(page)).toBe(0);
});

test('changed elsewhere while this device was offline: merging puts both into the form, unsaved until the reader saves', async ({
  page,
  baseURL,
}) => {
  const { today, elsewhere, mine, box } = await offlineEditMeetsAnotherVersion(page, baseURL);

  await box.getByRole('button', { name: 'Merge both into the form' }).click();
  await expect(box).toHaveCount(0);
  // Each part takes the side that changed it; the sharing too, where only one side changed it.
  const merged = { thoughts: elsewhere.thoughts, words: mine.words, deeds: SHARED.deeds };
  await expectForm(page, merged, false);
  await expect(reflection(page).getByText('Draft — not saved yet')).toBeVisible();
  expect(partsOf(await serverEntry(page, today))).toEqual(elsewhere);

  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, 'Saved!');
  const saved = await serverEntry(page, today);
  expect(partsOf(saved)).toEqual(merged);
  expect(saved?.isPublic).toBe(false);
  await expect(reflection(page).getByText('Draft — not saved yet')).toHaveCount(0);
  expect(await countWaiting(page)).toBe(0);
});

test('nothing known on this device: an offline save never replaces the entry saved elsewhere, and the reader chooses', async ({
  page,
  context,
  baseURL,
}) => {
  const today = await newReaderStayingOnToday(page, baseURL);
  await openDailyScreen(page);

  // Saved on another device after this one last heard from the server.
  await saveElsewhere(page, today, SHARED, true);
  await context.setOffline(true);
  await openReflection(page, { navigate: false });
  await expectForm(page, { thoughts: '', words: '', deeds: '' }, false);
  await expect(
    reflection(page).getByText(
      "You're offline: a reflection saved for this day on another device cannot be shown until the connection returns.",
    ),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('One line, typed offline.');
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, PENDING);

  await context.setOffline(false);
  await expectToast(page, `Reflection for day ${today} changed elsewhere`);
  await expect(conflict(page)).toBeVisible();
  const kept = await serverEntry(page, today);
  expect(partsOf(kept)).toEqual(SHARED);
  expect(kept?.isPublic).toBe(true);

  // Both sides wrote Good Thoughts: the merge keeps the two, the saved one first.
  await conflict(page).getByRole('button', { name: 'Merge both into the form' }).click();
  await expectForm(
    page,
    { ...SHARED, thoughts: `${SHARED.thoughts}\n\nOne line, typed offline.` },
    true,
  );
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the app opened offline shows the reflection the device last knew, and its edit syncs in full', async ({
    page,
    context,
    baseURL,
  }) => {
    const today = await newReaderStayingOnToday(page, baseURL);
    await saveElsewhere(page, today, SHARED, true);
    await page.goto('/app/daily-ritual');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The app learns the reader's entries as it starts, before any reflection is opened.
    await expect.poll(() => entriesKnownOnDevice(page)).toBe(1);
    // The worker keeps today's reading once it controls the page.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Read Explanation' })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await openReflection(page, { navigate: false });
    await expectForm(page, SHARED, true);
    await expect(page.getByRole('status').getByText("You're offline")).toBeVisible();
    await page.getByRole('textbox', { name: 'Good Deeds' }).fill('Cooked for the family.');
    await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
    await expectToast(page, PENDING);

    await context.setOffline(false);
    await expectToast(page, 'Reflection synced');
    const synced = await serverEntry(page, today);
    expect(partsOf(synced)).toEqual({ ...SHARED, deeds: 'Cooked for the family.' });
    expect(synced?.isPublic).toBe(true);
  });
});
