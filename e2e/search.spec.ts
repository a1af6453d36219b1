import { type Page, expect } from '@playwright/test';
import { findLayoutProblems } from './layout-problems.js';
import { apiCall, expectNoAxeViolations, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

// 1 May 2026: day 121, so Yasna 44.3-4 (day 115) is open and day 122 onwards is not.
test.use({ now: '2026-05-01T12:00:00Z' });

const searchField = (page: Page) =>
  page.getByRole('searchbox', { name: 'Search the readings and your journal' });

async function expectLayoutFits(page: Page) {
  expect(await page.evaluate(findLayoutProblems), new URL(page.url()).pathname).toEqual([]);
}

async function writeEntry(page: Page, dayNumber: number, thoughts: string) {
  const { status } = await apiCall(page, 'POST', '/api/journal', {
    dayNumber,
    entryText: JSON.stringify({ thoughts, words: '', deeds: '' }),
  });
  expect([200, 201]).toContain(status);
}

test('search from the header: a reading by its reference and an entry of my own journal', async ({
  page,
}) => {
  await signUpViaApi(page);
  await writeEntry(page, 10, 'I carried the old lantern down to the river at dawn');
  await page.goto('/app/daily-ritual');
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  await expect(searchField(page)).toBeFocused();
  await expect(page.getByText('Type a word or two to search')).toBeVisible();

  await page.keyboard.type('Yasna 44.3');
  const readings = page.getByRole('region', { name: 'Readings' });
  const reading = readings.getByRole('link', { name: /Day 115 · Yasna 44\.3/ });
  await expect(reading).toBeVisible();
  await expect(reading).toContainText('Ushtavaiti');
  await expect(page).toHaveURL(/\/app\/search\?q=Yasna\+44\.3$/);
  await expectNoAxeViolations(page);
  await expectLayoutFits(page);
  await reading.click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/115$/);
  await expect(page.getByText('Day 115 of 241')).toBeVisible();

  // Back to the search as it was, then the journal.
  await page.goBack();
  await expect(searchField(page)).toHaveValue('Yasna 44.3');
  await searchField(page).fill('lanterns');
  const journal = page.getByRole('region', { name: 'Your journal' });
  const entry = journal.getByRole('link', { name: /Your reflection on day 10/ });
  await expect(entry).toBeVisible();
  await expect(entry.locator('mark')).toHaveText(['lantern']);
  await entry.click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/10$/);
});

test('search from Contents, with a misspelt word and with nothing found', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/contents');
  const field = page.getByRole('searchbox', { name: 'Search the readings and your journal' });
  await field.fill('trutth');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/app\/search\?q=trutth$/);
  await expect(page.getByText('Showing results for “truth”')).toBeVisible();
  const first = page.getByRole('region', { name: 'Readings' }).getByRole('link').first();
  await expect(first.locator('mark').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await searchField(page).fill('qqzzxx');
  await expect(page.getByText('Nothing found for “qqzzxx”')).toBeVisible();
  await expectLayoutFits(page);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('searches the readings kept on the device and says the journal needs a connection', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual/2');
    await expect(page.getByText('Day 2 of 241')).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The worker keeps a day once the page reads it under its control.
    await page.reload();
    await expect(page.getByText('Day 2 of 241')).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await caches.open('threefold-path-readings')).keys()).map(
            (request) => new URL(request.url).pathname,
          ),
        ),
      )
      .toContain('/api/thoughts/2');
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    await expect(searchField(page)).toBeFocused();

    await context.setOffline(true);
    await searchField(page).fill('truth');
    await expect(page.getByText('Searching your journal needs a connection')).toBeVisible();
    const reading = page
      .getByRole('region', { name: 'Readings' })
      .getByRole('link', { name: /Day 2 · Yasna 27\.14/ });
    await expect(reading).toBeVisible();
    await expect(reading.locator('mark').first()).toHaveText(/truth/i);
    await expectNoAxeViolations(page);
    await context.setOffline(false);
  });
});
