import { type Page, expect } from '@playwright/test';
import {
  expectNoAxeViolations,
  openAccountMenu,
  openExplanation,
  saveScreenshot,
  screenshotsWanted,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

// The default date, 10 April 2026, is day 100. Day 4 (Yasna 28.1) names the bountiful spirit
// (Spenta Mainyu), whose word the readings use on days 4, 29 and 84 (open) and 102 onwards.

/** The screen as it is, light and dark, for people to look at. */
async function captureBothSchemes(page: Page, name: string, project: string) {
  if (!screenshotsWanted) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await saveScreenshot(page, {
      path: `test-results/screens/${name}-${project}-${scheme}.png`,
      scale: 'css',
    });
  }
  await page.emulateMedia({ colorScheme: null });
}

const glossaryWords = (page: Page) =>
  page.getByTestId('explanation-text').locator('[data-glossary-word]');

test('the explanation marks the first use of each glossary word; a tap shows its meaning and leads to its days', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/4');
  await openExplanation(page);

  // Each word once, at its first use, whichever spelling: "Wise Lord" comes twice, marked once.
  await expect(glossaryWords(page)).toHaveText([
    'Spenta Mainyu',
    'Wise Lord',
    'Asha',
    'Vohu Manah',
    'Geush Urvan',
  ]);
  await expect(page.getByTestId('explanation-text')).toContainText(
    'the help of the bountiful spirit (Spenta Mainyu), the life-giving side of the Wise Lord.',
  );

  // By keyboard: the word is a button in the page's tab order.
  const word = page.getByRole('button', { name: 'Spenta Mainyu' });
  await word.focus();
  await page.keyboard.press('Enter');
  const popover = page.getByRole('dialog', { name: 'Spenta Mainyu: definition' });
  await expect(popover).toBeVisible();
  await expect(popover).toContainText(
    'The bountiful spirit: the life-giving side of the Wise Lord',
  );
  await expectNoAxeViolations(page);
  await captureBothSchemes(page, 'glossary-popover', testInfo.project.name);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(word).toBeFocused();

  await word.click();
  await popover.getByRole('link', { name: 'Days with this word' }).click();
  await expect(page).toHaveURL(/\/glossary\/spenta-mainyu$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spenta Mainyu');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Days with this word');

  // Days open to the reader are links; later ones are listed, not yet open.
  await expect(page.getByRole('link', { name: 'Day 4 Yasna 28.1' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Day 29\b/ })).toBeVisible();
  const later = page.locator('li[data-day="102"]');
  await expect(later).toContainText('Day 102');
  await expect(later).toContainText('Opens on its day');
  await expect(later.getByRole('link')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await captureBothSchemes(page, 'glossary-term', testInfo.project.name);

  await page.getByRole('link', { name: /^Day 29\b/ }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/29$/);
  await expect(page.getByTestId('stanza-text')).toContainText('Of these two spirits');
});

test('the avatar menu opens the glossary, every word with its meaning and a link to its days', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual');
  // The page comes rendered by the server: the menu opens once the app is live.
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem')).toHaveText([
    'Contents',
    'Glossary',
    'About',
    'Settings',
    'Log out',
  ]);
  await page.getByRole('menuitem', { name: 'Glossary' }).click();
  await expect(page).toHaveURL(/\/glossary$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glossary');

  const terms = page.getByRole('heading', { level: 2 });
  await expect(terms).toHaveCount(25);
  await expect(terms.first()).toHaveText('Ahura Mazda');
  await expect(page.getByText(/^Rendered here as Truth: the right order of things/)).toBeVisible();
  await expectNoAxeViolations(page);
  await captureBothSchemes(page, 'glossary-index', testInfo.project.name);

  await page.getByRole('link', { name: /^Days with Daena/ }).click();
  await expect(page).toHaveURL(/\/glossary\/daena$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daena');
  await expect(page.getByRole('link', { name: /^Day 46\b/ })).toBeVisible();

  await page.goto('/glossary/no-such-word');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Word not found');
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('once read, the glossary and the marked words open without a network', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page);
    await page.goto('/glossary');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(25);
    await page.goto('/app/daily-ritual/4');
    await openExplanation(page);
    await expect(glossaryWords(page).first()).toBeVisible();
    // The glossary is kept with the readings once the worker has fetched it.
    await page.goto('/glossary');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(25);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glossary');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(25);
    await page.getByRole('link', { name: /^Days with Asha/ }).click();
    await expect(page.getByRole('link', { name: /^Day 4\b/ })).toBeVisible();
    await expect(page.locator('li[data-day="200"]')).toContainText('Opens on its day');

    await page.goto('/app/daily-ritual/4');
    await openExplanation(page);
    await page.getByRole('button', { name: 'Geush Urvan' }).click();
    const popover = page.getByRole('dialog', { name: 'Geush Urvan: definition' });
    await expect(popover).toContainText('The soul of the Cow');
    // However large the text, the whole definition and its link can be reached.
    await popover.getByRole('link', { name: 'Days with this word' }).scrollIntoViewIfNeeded();
    await expect(popover.getByRole('link', { name: 'Days with this word' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await context.setOffline(false);
  });
});
