import { type Page, expect } from '@playwright/test';
import { apiCall, expectNoAxeViolations, saveScreenshot, signUpViaApi } from './support.js';
import { MID_CYCLE, test } from './fixtures.js';

// The dashboard's calendar of the last 12 weeks: short month names over the columns where the
// months begin, the whole card within the screen on narrow phones even with the browser's text
// set to twice its size, and a description for those who cannot see it.

// 10 April 2026: the calendar runs from 17 January, so February begins in its third column.
test.use({ now: MID_CYCLE });

/**
 * Sets the text size as a reader's browser setting does: the root font size, from which every
 * size in the app is measured (16 px is 100%).
 */
async function setTextSize(page: Page, percent: number) {
  await page.evaluate((size) => {
    document.documentElement.style.fontSize = `${size}%`;
  }, percent);
}

/** A page's first content waits for the app's code, which a busy machine delays. */
const firstPaint = { timeout: 30_000 };

const boxOf = async (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return {
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        text: element.textContent ?? '',
      };
    }),
  );

test('the calendar names the months over their first week and fits a narrow phone at twice the text size', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpViaApi(page);
  const saved = await apiCall(page, 'POST', '/api/journal', {
    dayNumber: 100,
    entryText: JSON.stringify({ thoughts: 'Today.', words: '', deeds: '' }),
    isPublic: false,
  });
  expect(saved.status).toBe(201);

  for (const width of [390, 320]) {
    for (const percent of [100, 200]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/app/dashboard');
      await setTextSize(page, percent);
      const journey = page.getByRole('region', { name: 'Your journey' });
      const calendar = journey.getByRole('list', { name: 'Last 12 weeks' });
      await expect(calendar.getByRole('listitem')).toHaveCount(84, firstPaint);
      await expect(calendar).toHaveAccessibleDescription(
        'Jan 17 to Apr 10, one column a week, oldest first: a reflection saved on 1 of 84 days.',
      );
      await expect(calendar.getByRole('listitem').last()).toHaveAccessibleName(
        'Apr 10: reflection saved',
      );

      const months = journey.getByTestId('journey-months').locator(':scope > span > span');
      await expect(months).toHaveText(['Feb', 'Mar', 'Apr']);
      // The text is as large as the reader asked: 12 px names at 100%, 24 px at 200%.
      expect(await months.first().evaluate((name) => getComputedStyle(name).fontSize)).toBe(
        `${(12 * percent) / 100}px`,
      );

      // Each name starts over the week in which its month begins (1 Feb, 1 Mar, 1 Apr are the
      // 16th, 44th and 75th dates), or, with no room left, ends at the calendar's edge; none
      // covers another, and all are above the calendar.
      const cells = await boxOf(page, 'ol[aria-labelledby="journey-calendar-heading"] > li');
      const names = await boxOf(page, '[data-testid="journey-months"] > span > span');
      const edge = Math.max(...cells.map((cell) => cell.right));
      [15, 43, 74].forEach((date, index) => {
        const name = names[index]!;
        const start = cells[date]!.left;
        expect(
          Math.abs(name.left - start) < 1 || Math.abs(name.right - edge) < 1,
          `${name.text} at ${width} px, ${percent}%`,
        ).toBe(true);
        expect(name.left).toBeGreaterThanOrEqual(cells[0]!.left - 1);
        expect(name.right).toBeLessThanOrEqual(edge + 1);
        expect(name.bottom).toBeLessThanOrEqual(cells[0]!.top + 1);
        const before = names[index - 1];
        if (before) {
          const apart =
            name.left >= before.right || name.top >= before.bottom || name.bottom <= before.top;
          expect(apart, `${before.text} and ${name.text} at ${width} px, ${percent}%`).toBe(true);
        }
      });

      // Nothing in the card reaches past it, nor the card past the screen: the key wraps,
      // the stats stack. (The page as a whole is measured at 100%; at 200% other parts of the
      // dashboard are not this card's to judge.)
      const layout = await journey.evaluate((card) => {
        const screen = document.documentElement.clientWidth;
        const box = card.getBoundingClientRect();
        const outside = [...card.querySelectorAll('*')]
          .filter((element) => {
            const inner = element.getBoundingClientRect();
            return (
              inner.width > 0 && (inner.right > box.right + 0.5 || inner.left < box.left - 0.5)
            );
          })
          .map((element) => element.textContent?.trim() || element.tagName);
        return {
          outside,
          cardRight: box.right,
          screen,
          pageWidth: document.documentElement.scrollWidth,
        };
      });
      const where = `at ${width} px, ${percent}%`;
      expect(layout.outside, where).toEqual([]);
      expect(layout.cardRight, where).toBeLessThanOrEqual(layout.screen);
      if (percent === 100) expect(layout.pageWidth, where).toBeLessThanOrEqual(layout.screen);
      await journey.getByTestId('journey-calendar').scrollIntoViewIfNeeded();
      await saveScreenshot(page, {
        path: `test-results/screens/journey-calendar-${width}-${percent}.png`,
      });
    }
  }
  await expectNoAxeViolations(page);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the calendar with its month names on a phone and a desktop, ${scheme}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    await signUpViaApi(page);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/app/dashboard');
      const journey = page.getByRole('region', { name: 'Your journey' });
      await expect(journey.getByTestId('journey-months')).toHaveText('FebMarApr', firstPaint);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await saveScreenshot(journey, {
        path: `test-results/screens/journey-calendar-${viewport.width}-${scheme}.png`,
      });
    }
  });
}
