import { expect } from '@playwright/test';
import {
  expectForm,
  openReflection,
  partsOf,
  reflection,
  saveElsewhere,
  serverEntry,
} from './offline-support.js';
import {
  currentDay,
  expectNoAxeViolations,
  expectToast,
  keepProgressAwayFrom,
  newReaderStayingOnToday,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

// Words typed into a reflection stay on the device as they are typed, per person and day, until
// they are saved: leaving the screen, reloading or opening another day never loses them.

const DRAFT = 'Draft — not saved yet';

test('a draft survives leaving for the dashboard and a reload, is marked unsaved, and goes once saved', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  await openReflection(page);
  await expect(reflection(page).getByText(DRAFT)).toHaveCount(0);

  await page
    .getByRole('textbox', { name: 'Good Thoughts' })
    .fill('Half a thought, before the bus came.');
  await page.getByRole('textbox', { name: 'Good Deeds' }).fill('Give up my seat.');
  await expect(reflection(page).getByText(DRAFT)).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.getByRole('link', { name: 'Daily Ritual' }).click();
  await openReflection(page, { navigate: false });
  const typed = {
    thoughts: 'Half a thought, before the bus came.',
    words: '',
    deeds: 'Give up my seat.',
  };
  await expectForm(page, typed, false);
  await expect(reflection(page).getByText(DRAFT)).toBeVisible();
  await saveScreenshot(page, {
    path: 'test-results/screens/offline/reflection-draft.png',
    fullPage: true,
  });
  await expectNoAxeViolations(page);

  await page.reload();
  await openReflection(page, { navigate: false });
  await expectForm(page, typed, false);

  // Another day has its own form.
  await page.goto(`/app/daily-ritual/${today - 1}`);
  await openReflection(page, { navigate: false });
  await expectForm(page, { thoughts: '', words: '', deeds: '' }, false);
  await expect(reflection(page).getByText(DRAFT)).toHaveCount(0);

  await openReflection(page);
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, 'Saved!');
  await expect(reflection(page).getByText(DRAFT)).toHaveCount(0);
  expect(partsOf(await serverEntry(page, today))).toEqual(typed);
  await page.reload();
  await openReflection(page, { navigate: false });
  await expectForm(page, typed, false);
  await expect(reflection(page).getByText(DRAFT)).toHaveCount(0);
});

test('a draft over a saved reflection keeps the typed words; typing back to the saved text is no draft', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  const saved = { thoughts: 'Saved this morning.', words: 'Spoke kindly.', deeds: '' };
  await saveElsewhere(page, today, saved, true);
  await openReflection(page);
  await expectForm(page, saved, true);
  await expect(reflection(page).getByText(DRAFT)).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Good Deeds' }).fill('Fixed the gate.');
  await page.getByRole('switch').click();
  await page.getByRole('button', { name: 'Back to Gatha' }).click();
  await openReflection(page, { navigate: false });
  await expectForm(page, { ...saved, deeds: 'Fixed the gate.' }, false);
  await expect(reflection(page).getByText(DRAFT)).toBeVisible();

  await page.getByRole('textbox', { name: 'Good Deeds' }).fill('');
  await page.getByRole('switch').click();
  await expect(reflection(page).getByText(DRAFT)).toHaveCount(0);
  await page.reload();
  await openReflection(page, { navigate: false });
  await expectForm(page, saved, true);
  await expect(reflection(page).getByText(DRAFT)).toHaveCount(0);
});

test('signing out clears the drafts kept on the device', async ({ page, baseURL }) => {
  const me = await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  await openReflection(page);
  await page
    .getByRole('textbox', { name: 'Good Words' })
    .fill('Not for the next person at this computer.');
  await expect(reflection(page).getByText(DRAFT)).toBeVisible();

  // The code that clears the offline caches loads after the sign-out: the drafts go even when
  // the reader leaves before it arrives.
  await page.route(/clear-personal-caches/, () => undefined);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  const login = await page.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { username: me.username, password: me.password },
  });
  expect(login.status()).toBe(200);
  // Back as the same person, the draft is gone: it would have been restored otherwise.
  await openReflection(page);
  await expectForm(page, { thoughts: '', words: '', deeds: '' }, false);
  await expect(reflection(page).getByText(DRAFT)).toHaveCount(0);
});

test('words typed while a save is on its way stay in the form when its answer comes, as a draft over the saved entry', async ({
  page,
  baseURL,
}) => {
  const today = await newReaderStayingOnToday(page, baseURL);
  await openReflection(page);

  // The save's answer is held back while the reader goes on writing.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/journal', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    await answered;
    await route.fulfill({ response });
  });
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('A quiet start.');
  await page.getByRole('button', { name: 'Save Reflection' }).click();
  await page
    .getByRole('textbox', { name: 'Good Words' })
    .fill('Then a kind word, added on the way.');
  answer();

  await expectToast(page, 'Saved!');
  const typed = {
    thoughts: 'A quiet start.',
    words: 'Then a kind word, added on the way.',
    deeds: '',
  };
  await expectForm(page, typed, false);
  await expect(reflection(page).getByText(DRAFT)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update reflection' })).toBeVisible();
  expect(partsOf(await serverEntry(page, today))).toEqual({ ...typed, words: '' });

  await page.reload();
  await openReflection(page, { navigate: false });
  await expectForm(page, typed, false);
});
