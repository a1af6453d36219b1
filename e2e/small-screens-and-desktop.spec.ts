import { type Page, expect } from '@playwright/test';
import { findBrokenWords } from './broken-words.js';
import { findLayoutProblems } from './layout-problems.js';
import { signUpViaApi } from './support.js';
import { test } from './test-date.js';

// A 320 px phone at 200% page zoom lays the page out 160 CSS px wide and 320 tall.
const smallestPhone = { width: 160, height: 320 };

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('a 320 px phone at 200% page zoom', () => {
  test.use({ viewport: smallestPhone });

  test('the tab bar shows its three places side by side, small, each named for a screen reader', async ({
    page,
  }) => {
    await signUpViaApi(page);
    for (const screen of ['daily-ritual', 'dashboard', 'community']) {
      await page.goto(`/app/${screen}`);
      const links = tabBar(page).getByRole('link');
      await expect(links).toHaveCount(3);
      for (const name of ['Daily Ritual', 'Dashboard', 'Community'])
        await expect(tabBar(page).getByRole('link', { name, exact: true })).toBeVisible();
      const boxes = await links.evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          // What the link draws, its label included, whether or not it fits the link; a name
          // kept for screen readers alone draws nothing.
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          const drawn = [...element.querySelectorAll('svg')].map((icon) =>
            icon.getBoundingClientRect(),
          );
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            if ((text.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
            const range = document.createRange();
            range.selectNodeContents(text);
            drawn.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
          }
          return {
            left: Math.min(box.left, ...drawn.map((rect) => rect.left)),
            right: Math.max(box.right, ...drawn.map((rect) => rect.right)),
          };
        }),
      );
      for (const [index, box] of boxes.entries()) {
        expect(box.left, `tab ${index + 1} starts on the screen`).toBeGreaterThanOrEqual(-0.5);
        expect(box.right, `tab ${index + 1} ends on the screen`).toBeLessThanOrEqual(
          smallestPhone.width + 0.5,
        );
        const next = boxes[index + 1];
        if (next)
          expect(box.right, `tab ${index + 1} clear of the next`).toBeLessThanOrEqual(
            next.left + 0.5,
          );
      }
      const barHeight = (await tabBar(page).boundingBox())?.height ?? Infinity;
      expect(barHeight, 'the tab bar leaves the page the screen').toBeLessThanOrEqual(
        smallestPhone.height * 0.17,
      );
    }
  });

  test('no word is broken across lines and nothing is covered, cut or scrolled sideways', async ({
    page,
  }) => {
    await signUpViaApi(page);
    for (const screen of ['daily-ritual', 'dashboard', 'community', 'settings']) {
      await page.goto(`/app/${screen}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.screenshot({ path: `test-results/shots/${screen}-160.png` });
      expect(await page.evaluate(findBrokenWords), `words broken on ${screen}`).toEqual([]);
      expect(await page.evaluate(findLayoutProblems), `the layout of ${screen}`).toEqual([]);
    }
  });
});
