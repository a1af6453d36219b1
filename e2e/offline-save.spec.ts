import { type Page, expect } from '@playwright/test';
import {
  type JournalEntry,
  PENDING,
  countWaiting,
  journalPosts,
  openReflection,
  reconnect,
  reflection,
  savesWaiting,
  syncOver,
} from './offline-support.js';
import {
  apiCall,
  currentDay,
  expectNoAxeViolations,
  expectToast,
  keepProgressAwayFrom,
  signInThroughTheSheet,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

// A reflection saved without a connection waits in the browser (IndexedDB) and reaches the
// server once, in order, when the connection returns, even if the tab was closed meanwhile.

async function saveThoughts(page: Page, thoughts: string) {
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill(thoughts);
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
}

async function entriesFor(page: Page, day: number) {
  const { body } = await apiCall<JournalEntry[]>(page, 'GET', '/api/journal');
  return body.filter((entry) => entry.dayNumber === day);
}

const thoughtsOf = (entry: Pick<JournalEntry, 'entryText'> | undefined) =>
  (JSON.parse(entry?.entryText ?? '{}') as { thoughts?: string }).thoughts;

test('a reflection saved offline waits on the device, then reaches the server once when the connection returns', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  const posts = journalPosts(page);
  await openReflection(page);

  await context.setOffline(true);
  await page
    .getByRole('textbox', { name: 'Good Deeds' })
    .fill('Carry the shopping for a neighbour.');
  await saveThoughts(page, 'A quiet thought written on the train.');
  await expectToast(page, PENDING);
  await expect(reflection(page).getByText(PENDING)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue(
    'A quiet thought written on the train.',
  );
  expect(await countWaiting(page)).toBe(1);
  expect(await entriesFor(page, today)).toHaveLength(0);
  await expectNoAxeViolations(page);

  // Opening the panel again still shows the words waiting here, not the server's empty copy.
  await page.getByRole('button', { name: 'Back to Gatha' }).click();
  await page.getByRole('button', { name: 'Read Explanation' }).click();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue(
    'A quiet thought written on the train.',
  );
  await expect(page.getByRole('textbox', { name: 'Good Deeds' })).toHaveValue(
    'Carry the shopping for a neighbour.',
  );
  await expect(reflection(page).getByText(PENDING)).toBeVisible();

  await context.setOffline(false);
  await expectToast(
    page,
    'Reflection synced',
    `Your reflection for day ${today} is now in your journal.`,
  );
  await expect(reflection(page).getByText(PENDING)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue(
    'A quiet thought written on the train.',
  );

  const entries = await entriesFor(page, today);
  expect(entries).toHaveLength(1);
  expect(JSON.parse(entries[0]?.entryText ?? '{}')).toEqual({
    thoughts: 'A quiet thought written on the train.',
    words: '',
    deeds: 'Carry the shopping for a neighbour.',
  });
  expect(entries[0]?.isPublic).toBe(false);
  expect(posts).toHaveLength(1);
  expect(await countWaiting(page)).toBe(0);

  // Going offline and back again has nothing left to send.
  await reconnect(page, context);
  expect(posts).toHaveLength(1);
  expect(await countWaiting(page)).toBe(0);
});

test('a reflection saved offline with a circle chosen is shared with that circle once sent', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpViaApi(page);
  const circle = await apiCall<{ id: number }>(page, 'POST', '/api/circles', {
    name: 'Morning readers',
  });
  expect(circle.status).toBe(201);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  await openReflection(page);
  const circles = page.getByRole('group', { name: 'Share with your circles' });
  await expect(circles.getByRole('checkbox', { name: 'Morning readers' })).toBeVisible();

  await context.setOffline(true);
  await circles.getByRole('checkbox', { name: 'Morning readers' }).check();
  await saveThoughts(page, 'Written on the ferry, for the circle.');
  await expectToast(page, PENDING);
  expect(await countWaiting(page)).toBe(1);

  await context.setOffline(false);
  await expectToast(
    page,
    'Reflection synced',
    `Your reflection for day ${today} is now in your journal.`,
  );
  const [entry] = (await entriesFor(page, today)) as (JournalEntry & { circleIds: number[] })[];
  expect(entry?.circleIds).toEqual([circle.body.id]);
  const shared = await apiCall<{ thoughts?: string }[]>(
    page,
    'GET',
    `/api/circles/${circle.body.id}/reflections?day=${today}`,
  );
  expect(shared.body.map((reflection) => reflection.thoughts)).toEqual([
    'Written on the ferry, for the circle.',
  ]);
});

test('several offline saves of the same day become one entry with the last text', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  const posts = journalPosts(page);
  await openReflection(page);

  await context.setOffline(true);
  for (const text of ['First draft.', 'Second draft.', 'The words I mean.']) {
    await saveThoughts(page, text);
    await expectToast(page, PENDING);
  }
  await page.getByRole('switch').click();
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expect(page.getByRole('switch')).toHaveAccessibleName('Share with friends');
  // One save waits for the day: the last one, shared.
  await expect
    .poll(async () =>
      (await savesWaiting(page)).map((save) => ({
        dayNumber: save.dayNumber,
        thoughts: thoughtsOf(save),
        isPublic: save.isPublic,
      })),
    )
    .toEqual([{ dayNumber: today, thoughts: 'The words I mean.', isPublic: true }]);

  await context.setOffline(false);
  await expectToast(page, 'Reflection synced');
  const entries = await entriesFor(page, today);
  expect(entries).toHaveLength(1);
  expect(thoughtsOf(entries[0])).toBe('The words I mean.');
  expect(entries[0]?.isPublic).toBe(true);
  expect(posts).toHaveLength(1);
});

test('a save kept while offline survives the tab closing and is sent when the app opens again', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  await openReflection(page);

  await context.setOffline(true);
  await saveThoughts(page, 'Written just before the battery ran out.');
  await expectToast(page, PENDING);
  await page.close();

  await context.setOffline(false);
  expect(await entriesFor(page, today)).toHaveLength(0);
  const next = await context.newPage();
  await openReflection(next);
  // Sent at app start or as the reflection opens (whichever mounts the sync first), so the
  // toast may already have come and gone: the server and the form tell what happened.
  await expect
    .poll(async () => (await entriesFor(next, today)).map(thoughtsOf))
    .toEqual(['Written just before the battery ran out.']);
  await expect(reflection(next).getByText(PENDING)).toHaveCount(0);
  await expect(next.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue(
    'Written just before the battery ran out.',
  );
  expect(await countWaiting(next)).toBe(0);
});

test('a save the server refuses for good is dropped with a toast naming the day', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  await openReflection(page);

  await context.setOffline(true);
  await saveThoughts(page, 'The server will not take this one.');
  await expectToast(page, PENDING);

  await page.route('**/api/journal', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Validation failed' }),
        })
      : route.fallback(),
  );
  await context.setOffline(false);
  await expectToast(page, `Reflection for day ${today} could not be synced`);
  await expect(reflection(page).getByText(PENDING)).toHaveCount(0);
  await expect.poll(() => countWaiting(page)).toBe(0);
  expect(await entriesFor(page, today)).toHaveLength(0);
});

test('a save that gets no answer waits on the device, a 401 keeps it, and it is sent after signing in again', async ({
  page,
  context,
  baseURL,
}) => {
  const user = await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  await openReflection(page);

  // The browser believes it is online, but the request never gets through.
  await page.route('**/api/journal', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await saveThoughts(page, 'Sent from a tunnel.');
  await expectToast(page, PENDING);
  await expect(reflection(page).getByText(PENDING)).toBeVisible();
  await page.unroute('**/api/journal');

  // The session ends as the retry is on its way: the server answers it 401, the device is signed
  // out, and the save stays on it.
  let sessionEnded = false;
  await page.route('**/api/journal', async (route) => {
    if (route.request().method() !== 'POST' || sessionEnded) return route.fallback();
    sessionEnded = true;
    expect((await apiCall(page, 'POST', '/api/auth/logout')).status).toBe(200);
    return route.fulfill({ response: await route.fetch() });
  });
  const refused = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/journal',
  );
  await context.setOffline(true);
  await context.setOffline(false);
  expect((await refused).status()).toBe(401);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('status').filter({ hasText: 'Sign in again' })).toBeVisible();
  expect(await countWaiting(page)).toBe(1);

  await signInThroughTheSheet(page, user);
  await expectToast(page, 'Reflection synced');
  await expect.poll(() => countWaiting(page)).toBe(0);
  const entries = await entriesFor(page, today);
  expect(entries).toHaveLength(1);
  expect(thoughtsOf(entries[0])).toBe('Sent from a tunnel.');
});

test('a save waits for its own author: another person signed in on this browser never sends or sees it', async ({
  page,
  context,
  baseURL,
}) => {
  const author = await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  const posts = journalPosts(page);
  await openReflection(page);

  await context.setOffline(true);
  await saveThoughts(page, 'Only mine to send.');
  await expectToast(page, PENDING);

  // Someone else signs in on this browser (another tab); the author's tab comes back online.
  await signUpViaApi(page);
  const checked = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/me',
  );
  await reconnect(page, context);
  expect((await checked).status()).toBe(200);
  await expect(reflection(page).getByText(PENDING)).toBeVisible();
  expect(await countWaiting(page)).toBe(1);
  expect(posts).toHaveLength(0);

  // The other person's app neither sends the author's words nor shows them.
  const other = await context.newPage();
  await openReflection(other);
  await syncOver(other);
  await expect(other.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue('');
  await expect(reflection(other).getByText(PENDING)).toHaveCount(0);
  expect(await entriesFor(other, today)).toHaveLength(0);
  expect(await countWaiting(other)).toBe(1);
  await other.close();
  await page.close();

  // Back as the author, the save is sent.
  const again = await context.newPage();
  const login = await apiCall(again, 'POST', '/api/auth/login', {
    username: author.username,
    password: author.password,
  });
  expect(login.status).toBe(200);
  await openReflection(again);
  await expect
    .poll(async () => (await entriesFor(again, today)).map(thoughtsOf))
    .toEqual(['Only mine to send.']);
  await expect(again.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue(
    'Only mine to send.',
  );
});
