import { type Page, expect } from '@playwright/test';
import {
  type TestUser,
  apiCall,
  chooseFromPersonMenu,
  expectToast,
  openExplanation,
  signUpViaApi,
} from './support.js';
import { MID_CYCLE, type NewDevice, test } from './fixtures.js';

test.use({ now: MID_CYCLE });

/** A second person in their own browser who becomes the page user's friend. */
async function befriend(newDevice: NewDevice, page: Page, fullName: string) {
  const context = await newDevice();
  const friendPage = await context.newPage();
  const friend = await signUpViaApi(friendPage, { fullName });
  const me = await apiCall<{ user: TestUser }>(page, 'GET', '/api/auth/me');
  const sent = await apiCall<{ id: number }>(
    friendPage,
    'POST',
    `/api/friend-requests/${me.body.user.id}`,
  );
  expect(sent.status).toBe(201);
  expect((await apiCall(page, 'POST', `/api/friend-requests/${sent.body.id}/accept`)).status).toBe(
    200,
  );
  return { friend, friendPage, close: () => context.close() };
}

test('sharing Good Words and Good Deeds shows friends both, each under its badge; the thoughts never reach their page', async ({
  page,
  newDevice,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const thoughts = `A private thought ${tag}`;
  const words = `Kind words for the baker ${tag}`;
  const deeds = `Swept the neighbour's steps ${tag}`;
  await signUpViaApi(page, { fullName: `Sharing Author ${tag}` });
  const { friendPage, close } = await befriend(newDevice, page, `Reading Friend ${tag}`);

  await page.goto('/app/daily-ritual');
  await openExplanation(page);
  await page.getByRole('button', { name: 'Reflect' }).click();
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill(thoughts);
  await page.getByRole('textbox', { name: 'Good Words' }).fill(words);
  await page.getByRole('textbox', { name: 'Good Deeds' }).fill(deeds);
  await expect(page.getByText('Friends see:')).toHaveCount(0);
  await page.getByRole('switch').click();
  const choice = page.getByRole('group', { name: 'Friends see:' });
  await expect(choice).toHaveAccessibleDescription(
    'Your friends see the parts you tick; the rest stays private to you.',
  );
  for (const part of ['Good Thoughts', 'Good Words', 'Good Deeds']) {
    await expect(choice.getByRole('checkbox', { name: part })).toBeChecked();
  }
  await choice.getByRole('checkbox', { name: 'Good Thoughts' }).uncheck();
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, 'Saved!', 'Your reflection has been saved.');

  // The author's journal names who sees it, and which parts.
  await page.goto('/app/dashboard');
  await page.getByRole('tab', { name: 'My Journal' }).click();
  const mine = page.getByRole('tabpanel').getByRole('listitem');
  await expect(mine.getByText('Shared with friends', { exact: true })).toBeVisible();
  await expect(
    mine.getByText('Friends see only Good Words and Good Deeds; the rest stays private.'),
  ).toBeVisible();
  await expect(mine.getByText(/public/i)).toHaveCount(0);

  await friendPage.goto('/app/dashboard');
  const card = friendPage.getByRole('tabpanel').getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('term')).toHaveText(['Good Words', 'Good Deeds']);
  await expect(card.getByRole('definition')).toHaveText([words, deeds]);
  await expect(card.getByText('Good Thoughts', { exact: true })).toHaveCount(0);
  const html = await friendPage.content();
  expect(html).not.toContain(thoughts);
  await close();
});

test('a friend’s reflection is reported from its card', async ({ page, newDevice }) => {
  const tag = Math.random().toString(36).slice(2, 8);
  await signUpViaApi(page, { fullName: `Reporting Reader ${tag}` });
  const { friendPage, close } = await befriend(newDevice, page, `Reported Writer ${tag}`);
  const written = await apiCall(friendPage, 'POST', '/api/journal', {
    dayNumber: 1,
    entryText: JSON.stringify({ thoughts: `Something unkind ${tag}`, words: '', deeds: '' }),
    isPublic: true,
  });
  expect(written.status).toBe(201);

  await page.goto('/app/dashboard');
  const card = page.getByRole('tabpanel').getByRole('listitem');
  await expect(card.getByText(`Something unkind ${tag}`)).toBeVisible();
  await chooseFromPersonMenu(page, card, 'Report reflection', `Reported Writer ${tag}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Send report' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Aimed at me');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('heading', { name: "Thanks — we'll review it." })).toBeVisible();
  // Plain words: the writer is never told who reported them.
  await expect(dialog.getByText(/never told/)).toHaveText(
    `Only the people who run The Threefold Path see your report. Reported Writer ${tag} is never told who reported them.`,
  );
  await expect(dialog.getByText(/reflection by .* is not told/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await close();
});
