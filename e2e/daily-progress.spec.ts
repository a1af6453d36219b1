import { type Page, expect } from '@playwright/test';
import {
  currentDay,
  expectNoAxeViolations,
  expectToast,
  openWithAppCodeHeld,
  signUpViaApi,
} from './support.js';
import { MID_CYCLE, NEW_YEARS_DAY, test } from './fixtures.js';

// 10 April, day 100, unless a test names another date. A new reader's path starts at day 1,
// so finishing day 1 opens day 2 ("Stanza 2 is now available").
test.use({ now: MID_CYCLE });

interface ProgressRecord {
  readDays: number[];
  explanationViewed: number[];
  currentStanza: number;
}

async function progressCookie(page: Page): Promise<ProgressRecord | null> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'gatha-progress');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as ProgressRecord) : null;
}

/** Keeps every toast the page shows, however briefly, in `window.toastsSeen`. */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { toastsSeen: seen });
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('li[role="status"]')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}
const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);

const readExplanation = (page: Page) => page.getByRole('button', { name: 'Read Explanation' });
const understanding = (page: Page) =>
  page.getByRole('heading', { name: 'Understanding', level: 2 });
const reflection = (page: Page) =>
  page.getByRole('heading', { name: 'Daily Reflection', level: 2 });
const dayComplete = (page: Page) => page.getByRole('status').filter({ hasText: /complete/ });
const pathOf = (page: Page) => new URL(page.url()).pathname;

test('the explanation stays open while it is read; leaving it for Reflect opens the next day without moving', async ({
  page,
}) => {
  await signUpViaApi(page);
  await recordToasts(page);
  await page.goto('/app/daily-ritual/1');
  await readExplanation(page).click();
  await expect(understanding(page)).toBeVisible();

  // A slow reader: long after the spec's second, the explanation is still there, still theirs.
  await page.clock.runFor(8_000);
  expect(pathOf(page)).toBe('/app/daily-ritual/1');
  await expect(understanding(page)).toBeVisible();
  expect((await progressCookie(page))?.explanationViewed ?? []).toEqual([]);
  expect((await toastsSeen(page)).join()).not.toContain('Progress unlocked!');

  // Leaving the explanation completes the step: day 2, the day that opened, is announced.
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expect(reflection(page)).toBeVisible();
  await expectToast(page, 'Progress unlocked!', 'Stanza 2 is now available');
  await expect
    .poll(() => progressCookie(page))
    .toMatchObject({ explanationViewed: [1], currentStanza: 2 });

  // The reader types; the screen stays on day 1 for as long as they like.
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('A first careful thought.');
  await page.clock.runFor(5_000);
  expect(pathOf(page)).toBe('/app/daily-ritual/1');
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue(
    'A first careful thought.',
  );

  // Saved: first the day-complete moment with the streak, then day 2 after the spec's 1.5 s.
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expect(dayComplete(page)).toContainText('Day 1 complete');
  await expect(dayComplete(page)).toContainText('Reflection streak: 1 day');
  await expect(dayComplete(page)).toContainText('Opening day 2');
  expect(pathOf(page)).toBe('/app/daily-ritual/1');
  await page.clock.runFor(1_600);
  await expect(page).toHaveURL(/\/app\/daily-ritual\/2$/);
  await expect(page.getByText('Day 2 of 241')).toBeVisible();
  await expect(readExplanation(page)).toBeVisible();
});

test('leaving the explanation by the Gatha button or the day strip counts it and never moves the screen', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/1');
  await readExplanation(page).click();
  await expect(understanding(page)).toBeVisible();
  await page.getByRole('button', { name: 'Gatha', exact: true }).click();
  await expect(readExplanation(page)).toBeVisible();
  await expectToast(page, 'Progress unlocked!', 'Stanza 2 is now available');
  // Back on the stanza, the reader is reading it again: nothing moves.
  await page.clock.runFor(4_000);
  expect(pathOf(page)).toBe('/app/daily-ritual/1');
  await expect(readExplanation(page)).toBeVisible();

  // Day 2's explanation, left by the day strip: counted, and the reader goes where they chose.
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/2$/);
  await readExplanation(page).click();
  await expect(understanding(page)).toBeVisible();
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/1$/);
  await expectToast(page, 'Progress unlocked!', 'Stanza 3 is now available');
  await expect
    .poll(() => progressCookie(page))
    .toMatchObject({ explanationViewed: [1, 2], currentStanza: 3 });
  await page.clock.runFor(4_000);
  expect(pathOf(page)).toBe('/app/daily-ritual/1');
});

test('a reader who goes on writing after a save stays on the day, and can move on when ready', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/1');
  await readExplanation(page).click();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('Listen before speaking.');
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expect(dayComplete(page)).toContainText('Opening day 2');

  // Typing again within the moment keeps the screen where it is.
  await page.getByRole('textbox', { name: 'Good Words' }).pressSequentially('And one more');
  await page.clock.runFor(4_000);
  expect(pathOf(page)).toBe('/app/daily-ritual/1');
  await expect(page.getByRole('textbox', { name: 'Good Words' })).toHaveValue('And one more');
  await expect(dayComplete(page)).not.toContainText('Opening day 2');
  await dayComplete(page).getByRole('link', { name: 'Go to day 2' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/2$/);
});

test('the day-complete moment offers to stay, and says nothing opened on a day off the path', async ({
  page,
}) => {
  await signUpViaApi(page);
  await recordToasts(page);
  // Day 50 is open, but the new reader's path is at day 1: finishing it opens nothing.
  await page.goto('/app/daily-ritual/50');
  await readExplanation(page).click();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await page
    .getByRole('textbox', { name: 'Good Deeds' })
    .fill('Carry the shopping for a neighbour.');
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await expectToast(page, 'Saved!', 'Your reflection has been saved.');
  await expect(dayComplete(page)).toContainText('Day 50 complete');
  await expect(dayComplete(page)).toContainText('Reflection streak: 1 day');
  await page.clock.runFor(4_000);
  expect(pathOf(page)).toBe('/app/daily-ritual/50');
  await expect(dayComplete(page)).toBeVisible();
  expect((await toastsSeen(page)).join()).not.toContain('is now available');
  await expectNoAxeViolations(page);

  // On the path's own day, the reader may choose to stay instead of moving on.
  await page.goto('/app/daily-ritual/1');
  await readExplanation(page).click();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('Begin again, gently.');
  await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
  await dayComplete(page).getByRole('button', { name: 'Stay on day 1' }).click();
  await page.clock.runFor(4_000);
  expect(pathOf(page)).toBe('/app/daily-ritual/1');
  await expect(dayComplete(page).getByRole('link', { name: 'Go to day 2' })).toBeVisible();
});

test.describe('on 28 March, day 87', () => {
  test.use({ now: '2026-03-28T12:00:00Z' });

  test('every number names what it counts, and the daily screen and dashboard agree', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await recordToasts(page);
    await page.goto('/app/daily-ritual');
    await expect(page.getByText('Day 87 of 241')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Yasna 34.1 \u2022 Ahunavaiti',
    );
    const completed = page.getByRole('progressbar', { name: /days completed/i });
    await expect(page.getByText('Days completed: 0 of 241')).toBeVisible();
    await expect(completed).toHaveAttribute('aria-valuenow', '0');

    // Reading the stanza and its explanation completes the day; saving keeps it complete.
    await readExplanation(page).click();
    await page.getByRole('button', { name: 'Reflect' }).click();
    await expect(page.getByText('Days completed: 1 of 241')).toBeVisible();
    await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('Offer the best of the day.');
    await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
    await expect(dayComplete(page)).toContainText('Day 87 complete');
    await expect(page.getByText('Days completed: 1 of 241')).toBeVisible();
    await expect(completed).toHaveAttribute('aria-valuenow', '1');

    const dashboardCount = async () => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      return page.getByRole('region', { name: 'Your journey' }).locator('dd').first();
    };
    await expect(await dashboardCount()).toHaveText('1');

    // A day marked as read counts too, on both screens.
    await page.goto('/app/daily-ritual/86');
    await page.getByRole('button', { name: 'Mark as read' }).click();
    await expectToast(page, 'Progress saved', 'Day 86 marked as read');
    await expect(page.getByText('Days completed: 2 of 241')).toBeVisible();
    await expect(page.getByText('Day complete', { exact: true })).toBeVisible();
    await expect(await dashboardCount()).toHaveText('2');

    // Nothing opened on the new reader's path (it starts at day 1), so nothing said so.
    expect((await toastsSeen(page)).join()).not.toContain('is now available');
  });
});

test.describe('on 1 January, day 1', () => {
  test.use({ now: NEW_YEARS_DAY });

  test('finishing day 1 announces no day that is still to come', async ({ page }) => {
    await signUpViaApi(page);
    await recordToasts(page);
    await page.goto('/app/daily-ritual');
    await expect(page.getByText('Day 1 of 241')).toBeVisible();
    await readExplanation(page).click();
    await page.getByRole('button', { name: 'Reflect' }).click();
    await page
      .getByRole('textbox', { name: 'Good Thoughts' })
      .fill('The first morning of the year.');
    await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
    await expect(dayComplete(page)).toContainText('Day 1 complete');
    await expect(dayComplete(page)).toContainText('The next reading opens tomorrow.');
    await page.clock.runFor(4_000);
    expect(pathOf(page)).toBe('/app/daily-ritual');
    expect((await toastsSeen(page)).join()).not.toContain('is now available');
  });
});

test('a tap on Mark as read made before the page is live marks the day once it is', async ({
  page,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  // Only today's page comes rendered for the reader, with its line and button before the app.
  const release = await openWithAppCodeHeld(page, '/app/daily-ritual');
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('Day complete', { exact: true })).toHaveCount(0);
  release();
  await expectToast(page, 'Progress saved', `Day ${today} marked as read`);
  await expect(page.getByText('Day complete', { exact: true })).toBeVisible();
});
