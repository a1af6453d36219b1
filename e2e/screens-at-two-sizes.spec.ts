import { type Page, expect } from '@playwright/test';
import { apiCall, expectNoAxeViolations, saveScreenshot, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

// Every screen at a phone size and a desktop size, in light and dark: no accessibility
// violation, and a screenshot in test-results/screens/ for people to look at.

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

const signedInScreens = [
  { name: 'daily-ritual', path: '/app/daily-ritual', ready: 'Read Explanation' },
  { name: 'dashboard', path: '/app/dashboard', ready: 'Community Reflections' },
  { name: 'community', path: '/app/community', ready: 'Your Community' },
  { name: 'about', path: '/app/about', ready: 'About the Gathas' },
  { name: 'settings', path: '/app/settings', ready: 'Settings' },
  { name: 'contents', path: '/contents', ready: 'Back to Daily Reading' },
  { name: 'not-found', path: '/app/no-such-page', ready: 'Page Not Found' },
] as const;

const signedOutScreens = [
  { name: 'landing', path: '/landing', ready: 'Begin Your Journey' },
  { name: 'password-reset', path: '/password-reset', ready: 'Send Reset Link' },
] as const;

async function capture(page: Page, name: string, ready: string) {
  await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: `test-results/screens/sizes/${name}.png`, fullPage: true });
}

for (const size of sizes) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${size.name}, ${scheme}`, () => {
      test.use({ viewport: size.viewport, colorScheme: scheme });
      // Seven screens, each checked by axe and captured whole.
      test.describe.configure({ timeout: 180_000 });

      test('signed-in screens', async ({ page }) => {
        await signUpViaApi(page, { fullName: 'Anahita Sample' });
        await apiCall(page, 'POST', '/api/journal', {
          dayNumber: 1,
          entryText: JSON.stringify({
            thoughts: 'A calm first morning.',
            words: '',
            deeds: 'Called my sister.',
          }),
          isPublic: false,
        });
        for (const screen of signedInScreens) {
          await page.goto(screen.path);
          await capture(page, `${screen.name}-${size.name}-${scheme}`, screen.ready);
        }
      });

      test('signed-out screens', async ({ page }) => {
        for (const screen of signedOutScreens) {
          await page.goto(screen.path);
          await capture(page, `${screen.name}-${size.name}-${scheme}`, screen.ready);
        }
      });
    });
  }
}
