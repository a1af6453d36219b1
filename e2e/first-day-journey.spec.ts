import { type Page, expect } from '@playwright/test';
import { currentDay, expectToast, newUserDetails, openExplanation } from './support.js';
import { MID_CYCLE, test } from './fixtures.js';

// 10 April, day 100: the day before today is open for Kaveh's private reflection.
test.use({ now: MID_CYCLE });

// The whole first day of someone who has never seen the app, on a phone, through the UI only:
// sign up, read today's stanza, reflect, find a friend, read their shared reflection, sign out.

async function signUpThroughTheForm(page: Page, details: ReturnType<typeof newUserDetails>) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
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

async function reflectOnToday(
  page: Page,
  text: { thoughts: string; deeds: string },
  share: boolean,
) {
  await openExplanation(page);
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expect(page.getByRole('heading', { name: 'Daily Reflection' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill(text.thoughts);
  await page.getByRole('textbox', { name: 'Good Deeds' }).fill(text.deeds);
  if (share) {
    await page.getByRole('switch').click();
    await expect(page.getByRole('switch')).toHaveAccessibleName('Share with friends');
  } else {
    await expect(page.getByRole('switch')).toHaveAccessibleName('Keep private');
  }
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, 'Saved!', 'Your reflection has been saved.');
}

test('a newcomer signs up, reflects, makes a friend and reads only what the friend shared', async ({
  page,
  newDevice,
}) => {
  // Two people and a dozen screens: longer than one screen's test.
  test.setTimeout(90_000);
  const tag = Math.random().toString(36).slice(2, 8);
  const mina = newUserDetails({ fullName: `Mina Farrokh ${tag}` });
  const kaveh = newUserDetails({ fullName: `Kaveh Irani ${tag}` });

  // Mina signs up through the form and reads today's stanza.
  await signUpThroughTheForm(page, mina);
  const today = await currentDay(page);
  await expect(page.getByText(`Day ${today} of 241`)).toBeVisible();
  await reflectOnToday(
    page,
    { thoughts: `Mina's quiet thought ${tag}`, deeds: 'Water the plants.' },
    true,
  );

  // Her reflection is in My Journal, public, with its two parts.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page.getByRole('tab', { name: 'My Journal' }).click();
  const myEntry = page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ hasText: `Day ${today}` });
  await expect(myEntry).toContainText(`Mina's quiet thought ${tag}`);
  await expect(myEntry).toContainText('Water the plants.');
  await expect(myEntry).toContainText('Shared with friends');

  // Kaveh, on his own phone, signs up, shares one reflection and keeps another private.
  const kavehContext = await newDevice({ ...test.info().project.use });
  const kavehPage = await kavehContext.newPage();
  await signUpThroughTheForm(kavehPage, kaveh);
  await reflectOnToday(kavehPage, { thoughts: `Kaveh shares this ${tag}`, deeds: '' }, true);
  await kavehPage.goto(`/app/daily-ritual/${today - 1}`);
  await reflectOnToday(
    kavehPage,
    { thoughts: `Kaveh keeps this private ${tag}`, deeds: '' },
    false,
  );

  // Mina finds Kaveh in Community and sends a request; he accepts it there.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Community' })
    .click();
  await page.getByRole('tab', { name: 'Discover' }).click();
  await page
    .getByPlaceholder('Search for people by name or username...')
    .fill(`Kaveh Irani ${tag}`);
  const result = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(result).toContainText(`@${kaveh.username}`);
  await result.getByRole('button', { name: 'Send Request' }).click();
  await expectToast(page, 'Friend Request Sent');

  await kavehPage.goto('/app/community');
  await kavehPage.getByRole('tab', { name: 'Requests' }).click();
  const request = kavehPage.getByRole('list', { name: 'Received Requests' }).getByRole('listitem');
  await expect(request).toContainText(`Mina Farrokh ${tag}`);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expectToast(kavehPage, 'Friend Request Accepted', 'You are now connected!');

  // Mina reads Kaveh's shared reflection on her Dashboard, and never his private one.
  await page.goto('/app/dashboard');
  const feed = page.getByRole('tabpanel');
  await expect(feed).toContainText(`Kaveh shares this ${tag}`);
  await expect(feed).toContainText(`Kaveh Irani ${tag}`);
  await expect(feed).not.toContainText(`Kaveh keeps this private ${tag}`);
  await expect(page.getByText(`Kaveh keeps this private ${tag}`)).toHaveCount(0);

  // And she signs out.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await kavehContext.close();
});
