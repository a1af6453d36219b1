import { type Page, expect } from '@playwright/test';
import { expectNoAxeViolations, expectToast, newUserDetails, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

// The test's date is 10 April 2026: day 100 (e2e/fixtures.ts).

/** Nothing on the page reaches past the window's right edge. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a visitor reads a shared day without scripts, signs up from it and lands on that day', async ({
  page,
  newDevice,
}) => {
  // A visitor's browser with JavaScript off: the day's page must stand on its own.
  const visitor = await newDevice({ javaScriptEnabled: false });
  const reading = await visitor.newPage();
  await reading.goto('/read/today');
  await expect(reading).toHaveURL(/\/read\/100$/);
  await expect(reading.getByText('Day 100 of 241', { exact: true })).toBeVisible();

  // The visitor goes back a day, as one who was sent yesterday's link would arrive.
  await reading
    .getByRole('navigation', { name: 'Other days' })
    .getByRole('link', { name: 'Day 99' })
    .click();
  await expect(reading).toHaveURL(/\/read\/99$/);
  const article = reading.getByRole('main').getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toContainText(/^Yasna \d+\.\d+/);
  await expect(article.locator('blockquote')).not.toBeEmpty();
  await expect(article.getByRole('heading', { level: 2, name: 'Understanding' })).toBeVisible();
  const image = await reading.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/read\/99\/card\.png$/);
  const card = await reading.request.get(image!);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');

  await reading.getByRole('link', { name: 'Begin with Day 99' }).click();
  await expect(reading).toHaveURL(/\/landing\?day=99$/);
  await expect(reading.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  const invitation = reading.url();
  await visitor.close();

  // Scripts on again, the visitor creates an account from where the invitation led.
  await page.goto(invitation);
  await page.getByRole('button', { name: 'Begin Your Journey' }).click();
  const create = page.getByRole('tabpanel', { name: 'Create Account' });
  const details = newUserDetails({ fullName: 'Shirin Vakil' });
  await create.getByLabel('Full name').fill(details.fullName);
  await create.getByLabel('Username').fill(details.username);
  await create.getByLabel('Email').fill(details.email);
  await create.getByLabel('Password', { exact: true }).fill(details.password);
  await create.getByLabel('Confirm password').fill(details.password);
  await create.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Welcome to The Threefold Path!', 'Your journey begins now...');
  await expect(page).toHaveURL(/\/app\/daily-ritual\/99$/);
  await expect(page.getByRole('link', { name: 'Day 99 of 241, open Contents' })).toBeVisible();
});

test("the landing screen leads to today's reading, a page readable at 320 px and 200% text", async ({
  page,
}) => {
  await page.goto('/landing');
  await page.getByRole('link', { name: "Read today's Gatha" }).click();
  await expect(page).toHaveURL(/\/read\/100$/);
  await expect(page.getByRole('link', { name: 'Begin with Day 100' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page);
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('link', { name: 'Begin with Day 100' })).toBeVisible();
});

test('the remembered day holds for signing in too, and nothing but a day can steer it', async ({
  page,
  newDevice,
}) => {
  // Someone with an account, made in a browser of its own.
  const member = await newDevice();
  const details = await signUpViaApi(await member.newPage());
  await member.close();

  // An address that names no day is ignored: signing in opens today.
  await page.goto('/landing?day=//evil.example');
  await page.getByRole('button', { name: 'I already have an account' }).click();
  const signIn = page.getByRole('tabpanel', { name: 'Sign In' });
  await signIn.getByLabel('Username or email').fill(details.username);
  await signIn.getByLabel('Password', { exact: true }).fill(details.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);

  // A member already signed in who follows an invitation goes straight to its day.
  await page.goto('/landing?day=42');
  await expect(page).toHaveURL(/\/app\/daily-ritual\/42$/);
  await expect(page.getByRole('link', { name: 'Day 42 of 241, open Contents' })).toBeVisible();
});
