import { type Page, expect } from '@playwright/test';
import { findLayoutProblems } from './layout-problems.js';
import {
  apiCall,
  expectNoAxeViolations,
  expectToast,
  openWithAppCodeHeld,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

// 10 April 2026 (the default date): day 100, so days 1 to 100 can be opened and saved.

/** The stanza's first line as the Saved list shows it. */
async function firstLineOfDay(page: Page, day: number): Promise<string> {
  const { body } = await apiCall<{ thought: string }>(page, 'GET', `/api/thoughts/${day}`);
  return body.thought
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean)!;
}

/** The page as it is now fits its screen (after each test only the last page is checked). */
async function expectLayoutFits(page: Page) {
  expect(await page.evaluate(findLayoutProblems), new URL(page.url()).pathname).toEqual([]);
}

const savedTab = (page: Page) => page.getByRole('tab', { name: 'Saved' });
const savedList = (page: Page) => page.getByRole('tabpanel', { name: 'Saved' });

test('save a stanza from the daily screen, keep a note on it in the Saved tab, and remove it', async ({
  page,
  newDevice,
}) => {
  await signUpViaApi(page);
  const firstLine = await firstLineOfDay(page, 12);

  await page.goto('/app/daily-ritual/12');
  const save = page.getByRole('button', { name: 'Save stanza' });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await expectNoAxeViolations(page);
  await save.click();
  const saved = page.getByRole('button', { name: 'Saved', exact: true });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expectLayoutFits(page);
  await saveScreenshot(page, {
    path: `test-results/screens/saved/daily-${test.info().project.name}.png`,
  });
  await expect
    .poll(async () => (await apiCall<unknown[]>(page, 'GET', '/api/saved')).body)
    .toEqual([expect.objectContaining({ dayNumber: 12, note: '' })]);

  // The Dashboard's third tab lists it with its reference and first line.
  await page.goto('/app/dashboard');
  await savedTab(page).click();
  await expect(page).toHaveURL(/[?&]tab=saved/);
  const card = savedList(page).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: /^Day 12/ })).toBeVisible();
  await expect(card.getByText(firstLine)).toBeVisible();
  await expectNoAxeViolations(page);

  // A note too long is refused beside the field, and nothing is sent.
  const note = card.getByRole('textbox', { name: 'Your note on Day 12' });
  await note.fill('x'.repeat(2001));
  await expect(card.getByText('2,001 of 2,000 characters')).toBeVisible();
  await expect(card.getByRole('alert')).toHaveText('The note can be at most 2,000 characters');
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expectLayoutFits(page);

  await note.fill('Read this one on hard mornings.\nTwice.');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(card.getByText('38 of 2,000 characters')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, {
    path: `test-results/screens/saved/list-${test.info().project.name}.png`,
  });
  await card.getByRole('button', { name: 'Save note on Day 12' }).click();
  await expectToast(page, 'Note saved');

  // It persists: after a reload the tab, the list and the note are all there.
  await page.reload();
  await expect(savedTab(page)).toHaveAttribute('aria-selected', 'true');
  await expect(savedList(page).getByRole('textbox', { name: 'Your note on Day 12' })).toHaveValue(
    'Read this one on hard mornings.\nTwice.',
  );
  await expectNoAxeViolations(page);

  // A second person never sees it, neither in their Saved tab nor through the API.
  const otherDevice = await newDevice();
  const otherPage = await otherDevice.newPage();
  await signUpViaApi(otherPage);
  await otherPage.goto('/app/dashboard?tab=saved');
  await expect(savedList(otherPage).getByText(/No saved stanzas yet/)).toBeVisible();
  await expect(otherPage.getByText('Read this one on hard mornings.')).toHaveCount(0);
  expect((await apiCall(otherPage, 'GET', '/api/saved')).body).toEqual([]);
  await otherPage.goto('/app/daily-ritual/12');
  await expect(otherPage.getByRole('button', { name: 'Save stanza' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Tapping the stanza opens its day, where the button says it is saved.
  await savedList(page)
    .getByRole('link', { name: /Day 12/ })
    .click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/12$/);
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Taking it off here asks first, since it has a note; cancelled, it stays saved, and the
  // keyboard's focus comes back to the button.
  const savedButton = page.getByRole('button', { name: 'Saved', exact: true });
  await savedButton.focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: 'Remove Day 12 from Saved?' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);
  await expect(savedButton).toBeFocused();
  await expect(savedButton).toHaveAttribute('aria-pressed', 'true');

  // Removing asks first, since the note goes with it.
  await page.goto('/app/dashboard?tab=saved');
  await savedList(page).getByRole('button', { name: 'Remove Day 12 from Saved' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Day 12 from Saved?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Removed from Saved');
  await expect(savedList(page).getByRole('heading', { name: 'Saved Stanzas' })).toBeFocused();
  await expect(savedList(page).getByText(/No saved stanzas yet/)).toBeVisible();
  expect((await apiCall(page, 'GET', '/api/saved')).body).toEqual([]);
});

test('a change the server refuses is put back, with a toast, and the note typed is kept', async ({
  page,
}) => {
  await signUpViaApi(page);
  expect((await apiCall(page, 'PUT', '/api/saved/7', { note: 'first words' })).status).toBe(200);
  await page.goto('/app/dashboard?tab=saved');
  const card = savedList(page).getByRole('listitem');
  const note = card.getByRole('textbox', { name: 'Your note on Day 7' });
  await expect(note).toHaveValue('first words');

  await page.route('**/api/saved/7', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
  );
  await note.fill('second thoughts');
  await card.getByRole('button', { name: 'Save note on Day 7' }).click();
  await expectToast(page, 'Could not save the note');
  await expect(card.getByRole('alert')).toHaveText('Something went wrong');
  await expect(note).toHaveValue('second thoughts');

  await card.getByRole('button', { name: 'Remove Day 7 from Saved' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Could not remove');
  await expect(savedList(page).getByRole('listitem')).toHaveCount(1);
  expect((await apiCall(page, 'GET', '/api/saved')).body).toEqual([
    expect.objectContaining({ dayNumber: 7, note: 'first words' }),
  ]);
});

test('offline, the Saved tab says so rather than showing an empty list', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  expect((await apiCall(page, 'PUT', '/api/saved/3')).status).toBe(200);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('tab', { name: "Friends' Reflections" })).toBeVisible();
  await context.setOffline(true);
  await savedTab(page).click();
  await expect(savedList(page).getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByText(/No saved stanzas yet/)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await expect(savedList(page).getByRole('heading', { name: /^Day 3/ })).toBeVisible();
});

test('a note can be written where the stanza is saved, and the Saved tab shows it', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/14');
  await expect(page.getByRole('button', { name: /Add a note/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save stanza' }).click();
  const addNote = page.getByRole('button', { name: 'Add a note on Day 14' });
  await addNote.click();
  const note = page.getByRole('textbox', { name: 'Your note on Day 14' });
  await expect(note).toBeFocused();
  await expectLayoutFits(page);
  await saveScreenshot(page, {
    path: `test-results/screens/saved/note-at-saving-${test.info().project.name}.png`,
  });
  await note.fill('For the mornings after hard news.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expectToast(page, 'Note saved');
  await expect(note).toHaveCount(0);
  const editNote = page.getByRole('button', { name: 'Edit your note on Day 14' });
  await expect(editNote).toBeFocused();
  await expect
    .poll(async () => (await apiCall<unknown[]>(page, 'GET', '/api/saved')).body)
    .toEqual([
      expect.objectContaining({ dayNumber: 14, note: 'For the mornings after hard news.' }),
    ]);

  await page.goto('/app/dashboard?tab=saved');
  await expect(page.getByRole('textbox', { name: 'Your note on Day 14' })).toHaveValue(
    'For the mornings after hard news.',
  );
});

test('a tap on Save stanza made before the page is live saves it once it is', async ({ page }) => {
  await signUpViaApi(page);
  const release = await openWithAppCodeHeld(page, '/app/daily-ritual');
  await page.getByRole('button', { name: 'Save stanza' }).click();
  expect((await apiCall<unknown[]>(page, 'GET', '/api/saved')).body).toEqual([]);
  release();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect
    .poll(async () => (await apiCall<unknown[]>(page, 'GET', '/api/saved')).body)
    .toHaveLength(1);
});
