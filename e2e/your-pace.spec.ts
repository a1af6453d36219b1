import { type Page, expect } from '@playwright/test';
import {
  apiCall,
  expectNoAxeViolations,
  expectToast,
  newUserDetails,
  signUpViaApi,
} from './support.js';
import { MID_CYCLE, setTestDate, test } from './fixtures.js';

// 10 April 2026, day 100 of the calendar's cycle; the browser runs in UTC.
test.use({ now: MID_CYCLE });

const xhr = { 'X-Requested-With': 'XMLHttpRequest', 'X-Timezone': 'UTC' };

async function signUpThroughTheForm(page: Page) {
  const details = newUserDetails();
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Begin Your Journey' }).click();
  const form = page.getByRole('tabpanel', { name: 'Create Account' });
  await form.getByLabel('Full name').fill(details.fullName);
  await form.getByLabel('Username').fill(details.username);
  await form.getByLabel('Email').fill(details.email);
  await form.getByLabel('Password', { exact: true }).fill(details.password);
  await form.getByLabel('Confirm password').fill(details.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
}

test('a newcomer walks their own path from day 1, a day at a time, and returns to everyone in Settings', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signUpThroughTheForm(page);

  // The first daily screen asks once, reading with everyone already chosen.
  const welcome = page.getByRole('region', { name: 'Your pace' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('radio', { name: 'Read with everyone' })).toBeChecked();
  await expect(
    welcome.getByText('Start at day 1 today and open one new day each day after.'),
  ).toBeVisible();
  await expect(page.getByText('Day 100 of 241')).toBeVisible();
  await expectNoAxeViolations(page);

  await welcome.getByRole('radio', { name: 'My own path' }).check();
  await welcome.getByRole('button', { name: 'Start reading' }).click();
  await expect(welcome).toBeHidden();
  await expect(page.getByText('Day 1 of 241')).toBeVisible();
  // Day 2 is not open on the path's first day.
  await page.goto('/app/daily-ritual/2');
  await expect(
    page.getByText("Tomorrow's reading is not open yet", { exact: false }),
  ).toBeVisible();

  // The next local day opens day 2, on the page the server renders and in the app alike.
  await setTestDate(context, '2026-04-11T09:00:00Z');
  await page.goto('/app/daily-ritual');
  await expect(page.getByText('Day 2 of 241')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your pace' })).toHaveCount(0);
  await page.goto('/contents');
  await expect(page.getByText('Today is day 2.', { exact: false })).toBeVisible();

  // Settings shows the path and takes the reader back to everyone's day.
  await page.goto('/app/settings');
  const settings = page.getByRole('region', { name: 'Your pace' });
  await expect(settings.getByRole('radio', { name: 'My own path' })).toBeChecked();
  await expect(
    settings.getByText('You are on your own path, begun on April 10, 2026.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await settings.getByRole('radio', { name: 'Read with everyone' }).click();
  await expectToast(page, 'Saved', 'You read with everyone.');
  await expect(settings.getByRole('radio', { name: 'Read with everyone' })).toBeChecked();

  // Choosing the own path again says first that it begins again at day 1; Cancel keeps everyone's.
  await settings.getByRole('radio', { name: 'My own path' }).click();
  await expect(
    settings.getByText('Your own path starts at day 1 today, even if you walked it before.'),
  ).toBeVisible();
  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(settings.getByRole('radio', { name: 'Read with everyone' })).toBeChecked();

  await page.goto('/app/daily-ritual');
  await expect(page.getByText('Day 101 of 241')).toBeVisible();
});

test("a friend on their own path is understood in the feed: each card names the entry's stanza", async ({
  page,
  newDevice,
}) => {
  await signUpViaApi(page);
  const friendPage = await (await newDevice()).newPage();
  const friend = await signUpViaApi(friendPage, { fullName: 'Shirin Own Path' });
  const sent = await apiCall<{ id: number }>(page, 'POST', `/api/friend-requests/${friend.id}`);
  expect(sent.status).toBe(201);
  expect(
    (await apiCall(friendPage, 'POST', `/api/friend-requests/${sent.body.id}/accept`)).status,
  ).toBe(200);
  const chosen = await friendPage.request.fetch('/api/users/me', {
    method: 'PATCH',
    headers: xhr,
    data: { pace: 'own' },
  });
  expect(chosen.status()).toBe(200);
  const refused = await friendPage.request.fetch('/api/users/me', {
    method: 'PATCH',
    headers: xhr,
    data: { pace: 'fast' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe(
    'Pace must be "together" (read with everyone) or "own" (my own path)',
  );
  const entryText = JSON.stringify({
    thoughts: 'My first day on my own path.',
    words: '',
    deeds: '',
  });
  expect(
    (await apiCall(friendPage, 'POST', '/api/journal', { dayNumber: 1, entryText, isPublic: true }))
      .status,
  ).toBe(201);

  await page.goto('/app/dashboard');
  const card = page.getByRole('listitem').filter({ hasText: 'My first day on my own path.' });
  await expect(card.getByText(/^Day 1, Yasna 28 \(opening\) • /)).toBeVisible();
  await expectNoAxeViolations(page);
});
