import { expect } from '@playwright/test';
import { currentDay, expectNoAxeViolations, signUpViaApi } from './support.js';
import { test } from './test-date.js';

test('the contents list every day up to today, and a day opens on the daily ritual', async ({
  page,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);

  // Hold the list back so the loading rows can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/thoughts', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contents');
  const loading = page.getByRole('status', { name: 'Loading the readings' });
  await expect(loading.getByTestId('skeleton')).toHaveCount(10);
  release();

  await expect(
    page.getByRole('heading', { level: 1, name: `Daily Reflections (${today} Gathas)` }),
  ).toBeVisible();
  await expect(loading).toHaveCount(0);
  await expect(page.getByText('17 songs in 241 stanzas', { exact: false })).toBeVisible();
  await expect(
    // The introduction comes first; a day's explanation below may use the same words.
    page.getByText('good thoughts, good words and good deeds', { exact: false }).first(),
  ).toBeVisible();

  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(today);
  const first = items.first();
  await expect(first.getByRole('heading', { level: 2, name: 'Day 1' })).toBeVisible();
  const day1 = (await (await page.request.get('/api/thoughts/1')).json()) as {
    author: string;
    thought: string;
    explanation: string;
  };
  await expect(first.getByText(day1.author, { exact: true })).toBeVisible();
  await expect(
    first.getByText(day1.thought.trim().split('\n')[0] ?? '', { exact: false }),
  ).toBeVisible();
  const explanation = first.getByText(day1.explanation, { exact: true });
  await expect(explanation).toHaveCSS('-webkit-line-clamp', '2');
  await expect(items.last().getByRole('link', { name: `Day ${today}` })).toHaveAttribute(
    'href',
    `/day/${today}`,
  );

  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/screens/contents.png', fullPage: false });

  await items
    .last()
    .getByRole('link', { name: `Day ${today}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/app/daily-ritual/${today}$`));

  await page.goto('/contents');
  await page.getByRole('link', { name: 'Day 1', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/1$/);

  await page.goto('/contents');
  await page.getByRole('link', { name: 'Back to Daily Reading' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});

test('a visitor who is not signed in is sent to the landing screen', async ({ page }) => {
  await page.goto('/contents');
  await expect(page).toHaveURL(/\/landing$/);
});
