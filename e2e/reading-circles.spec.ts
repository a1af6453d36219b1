import { type Page, expect as baseExpect } from '@playwright/test';
import {
  type TestUser,
  apiCall,
  currentDay,
  expectNoAxeViolations,
  expectToast,
  keepProgressAwayFrom,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { type NewDevice, test } from './fixtures.js';

// Two people make a circle, invite a third by link (a signed-out visitor who signs in and lands
// in it), read and share with it, appreciate each other's reflections, and leave it.

// The machine these run on may be busy: a screen's first render is given longer than usual.
const expect = baseExpect.configure({ timeout: 30_000 });

const tagOf = () => Math.random().toString(36).slice(2, 8);

async function person(newDevice: NewDevice, fullName: string) {
  const page = await (await newDevice()).newPage();
  const user = await signUpViaApi(page, { fullName });
  return { page, user };
}

async function shot(page: Page, name: string) {
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: `test-results/screens/circles/${name}.png`, fullPage: true });
}

/** Writes today's reflection in the daily screen, shared with the named circle only. */
async function reflectInCircle(
  page: Page,
  baseURL: string | undefined,
  circle: string,
  text: string,
) {
  await keepProgressAwayFrom(page, baseURL, await currentDay(page));
  await page.goto('/app/daily-ritual');
  await page.getByRole('button', { name: 'Read Explanation' }).click();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill(text);
  await page.getByRole('textbox', { name: 'Good Words' }).fill('Kept to myself');
  const circles = page.getByRole('group', { name: 'Share with your circles' });
  // By keyboard: the box is reached and ticked with the space bar.
  await circles.getByRole('checkbox', { name: circle }).focus();
  await page.keyboard.press('Space');
  const parts = page.getByRole('group', { name: 'Your circles see:' });
  await parts.getByRole('checkbox', { name: 'Good Words' }).uncheck();
  const saved = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/journal') && answer.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  expect((await saved).status()).toBeLessThan(300);
}

test('two people make a circle, invite a third by link, share, appreciate and leave', async ({
  page,
  newDevice,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const tag = tagOf();
  const circleName = `Breakfast readers ${tag}`;
  const roshan = { page, user: await signUpViaApi(page, { fullName: `Roshan ${tag}` }) };
  const mehr = await person(newDevice, `Mehr ${tag}`);

  // Roshan starts the circle and makes an invite link.
  await roshan.page.goto('/app/circles');
  await expect(roshan.page.getByRole('heading', { name: 'Reading circles' })).toBeVisible();
  await roshan.page.getByRole('button', { name: 'Start the circle' }).click();
  await expect(roshan.page.getByText('Give the circle a name')).toBeVisible();
  await roshan.page.getByRole('textbox', { name: 'Name', exact: true }).fill(circleName);
  await roshan.page
    .getByRole('textbox', { name: 'A line about it (optional)' })
    .fill('We read one stanza with breakfast.');
  await roshan.page.getByRole('button', { name: 'Start the circle' }).click();
  await expect(roshan.page.getByRole('heading', { name: circleName, level: 1 })).toBeVisible();
  await expect(roshan.page.getByText('0 of 1 have reflected today')).toBeVisible();
  await roshan.page.getByRole('button', { name: 'Make an invite link' }).click();
  const link = await roshan.page.getByRole('textbox', { name: 'Invite link' }).inputValue();
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{22}$/);
  await shot(roshan.page, 'circle-owner');

  // Mehr, signed in, follows the link and joins.
  await mehr.page.goto(link);
  await expect(mehr.page.getByRole('heading', { name: circleName })).toBeVisible();
  await mehr.page.getByRole('button', { name: 'Join the circle' }).click();
  await expect(mehr.page.getByRole('heading', { name: circleName, level: 1 })).toBeVisible();
  await expect(mehr.page).toHaveURL(/\/app\/circles\/\d+$/);

  // A signed-out visitor reads what the circle is, signs in, and lands in it.
  const farahDevice = await newDevice();
  const farahSetup = await farahDevice.newPage();
  const farah: TestUser = await signUpViaApi(farahSetup, { fullName: `Farah ${tag}` });
  const visitor = await (await newDevice()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: circleName })).toBeVisible();
  await expect(visitor.getByText('We read one stanza with breakfast.')).toBeVisible();
  await expect(visitor.getByText(/2 members read one stanza/)).toBeVisible();
  await shot(visitor, 'join-signed-out');
  await visitor.getByRole('link', { name: 'Sign in to join' }).click();
  const panel = visitor.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Username or email').fill(farah.username);
  await panel.getByLabel('Password', { exact: true }).fill(farah.password);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(visitor.getByRole('heading', { name: circleName, level: 1 })).toBeVisible();
  await expect(visitor.getByText('0 of 3 have reflected today')).toBeVisible();

  // Mehr shares today's reflection with the circle, Good Words kept private.
  await reflectInCircle(mehr.page, baseURL, circleName, `Listening first ${tag}`);
  await roshan.page.reload();
  const card = roshan.page.getByRole('listitem').filter({ hasText: `Listening first ${tag}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Good Thoughts')).toBeVisible();
  await expect(roshan.page.getByText('Kept to myself')).toHaveCount(0);
  await expect(roshan.page.getByText('1 of 3 has reflected today')).toBeVisible();

  // Roshan appreciates it; Mehr sees who did, in the journal and once on the dashboard.
  const appreciate = card.getByRole('button', { name: `Appreciate reflection by Mehr ${tag}` });
  await appreciate.focus();
  await roshan.page.keyboard.press('Enter');
  await expectToast(roshan.page, 'Appreciated');
  await expect(
    card.getByRole('button', { name: `Appreciated reflection by Mehr ${tag}` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await shot(roshan.page, 'circle-reflections');

  await mehr.page.goto('/app/dashboard');
  await expect(
    mehr.page.getByText(`Roshan appreciated your reflection on day ${await currentDay(mehr.page)}`),
  ).toBeVisible();
  await expect(mehr.page.getByRole('link', { name: circleName })).toBeVisible();
  await shot(mehr.page, 'dashboard-circles');
  await mehr.page.getByRole('tab', { name: 'My Journal' }).click();
  await expect(mehr.page.getByText(`Shared with ${circleName}`)).toBeVisible();
  await expect(mehr.page.getByText(`Appreciated by Roshan ${tag}`)).toBeVisible();
  await mehr.page.reload();
  await expect(mehr.page.getByText(/appreciated your reflection on day/)).toHaveCount(0);

  // Roshan shares too, and Mehr appreciates it back from the circle's page.
  const roshanDay = await currentDay(roshan.page);
  const circlePath = new URL(roshan.page.url()).pathname;
  await apiCall(roshan.page, 'POST', '/api/journal', {
    dayNumber: roshanDay,
    entryText: JSON.stringify({ thoughts: `Morning light ${tag}`, words: '', deeds: '' }),
    circleIds: [Number(circlePath.split('/').at(-1))],
  });
  await mehr.page.goto(circlePath);
  const roshanCard = mehr.page.getByRole('listitem').filter({ hasText: `Morning light ${tag}` });
  await roshanCard.getByRole('button', { name: `Appreciate reflection by Roshan ${tag}` }).click();
  await expectToast(mehr.page, 'Appreciated');

  // Mehr leaves: the reflection goes from the circle's page.
  await mehr.page.getByRole('button', { name: 'Leave the circle' }).click();
  await mehr.page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(mehr.page).toHaveURL(/\/app\/circles$/);
  await expect(mehr.page.getByRole('link', { name: circleName })).toHaveCount(0);
  await roshan.page.reload();
  await expect(roshan.page.getByText(`Listening first ${tag}`)).toHaveCount(0);
  await expect(roshan.page.getByText('1 of 2 has reflected today')).toBeVisible();
});

for (const look of [
  { name: 'desktop-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' as const },
  { name: 'phone-200', viewport: { width: 390, height: 844 }, textSize: 200 },
]) {
  test.describe(look.name, () => {
    test.use({
      viewport: look.viewport,
      ...(look.colorScheme ? { colorScheme: look.colorScheme } : {}),
      ...(look.textSize ? { textSize: look.textSize } : {}),
    });

    test('the circle screens fit and read well', async ({ page, newDevice }) => {
      test.setTimeout(240_000);
      const tag = tagOf();
      await signUpViaApi(page, { fullName: `Owner ${tag}` });
      const circle = await apiCall<{ id: number }>(page, 'POST', '/api/circles', {
        name: `A circle with a rather long name ${tag}`,
        description: 'A line about the circle, long enough to wrap on a small phone screen.',
      });
      const invite = await apiCall<{ code: string }>(
        page,
        'POST',
        `/api/circles/${circle.body.id}/invites`,
      );
      const member = await person(newDevice, `Member ${tag}`);
      await apiCall(member.page, 'POST', '/api/circles/join', { code: invite.body.code });
      await apiCall(member.page, 'POST', '/api/journal', {
        dayNumber: await currentDay(member.page),
        entryText: JSON.stringify({ thoughts: 'A shared thought.', words: '', deeds: 'A deed.' }),
        circleIds: [circle.body.id],
      });
      await page.goto(`/app/circles/${circle.body.id}`);
      await expect(page.getByText('A shared thought.')).toBeVisible();
      await shot(page, `circle-${look.name}`);
      await page.goto('/app/circles');
      await expect(page.getByText('1 of 2 has reflected today')).toBeVisible();
      await shot(page, `circles-${look.name}`);
      const visitor = await (await newDevice()).newPage();
      await visitor.goto(`/join/${invite.body.code}`);
      await expect(visitor.getByRole('link', { name: 'Create an account to join' })).toBeVisible();
      await shot(visitor, `join-${look.name}`);
    });
  });
}

test('circle notices are off until switched on in Settings, and the choice is kept', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/settings');
  const notices = page.getByRole('region', { name: 'Circle notices' });
  await expect(notices).toContainText('it never says who');
  const toggle = notices.getByRole('switch', { name: 'Circle notices' });
  await expect(toggle).not.toBeChecked();

  await toggle.click();
  await expectToast(page, 'Saved', 'Circle notices are on.');
  await expect(toggle).toBeChecked();
  const me = await apiCall<{ user: { circlePush: boolean } }>(page, 'GET', '/api/auth/me');
  expect(me.body.user.circlePush).toBe(true);
  await shot(page, 'settings-circle-notices');

  await page.reload();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expectToast(page, 'Saved', 'Circle notices are off.');
  await expect(toggle).not.toBeChecked();
});
