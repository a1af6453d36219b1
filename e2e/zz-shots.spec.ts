import { expect } from '@playwright/test';
import { apiCall, signUpViaApi } from './support.js';
import { test } from './test-date.js';
test.use({ now: '2026-05-01T12:00:00Z' });
test('shots', async ({ page }, info) => {
  await signUpViaApi(page);
  await apiCall(page, 'POST', '/api/journal', { dayNumber: 10, entryText: JSON.stringify({ thoughts: 'I told the truth to my brother about the old lantern, and it was hard', words: '', deeds: 'Walked to the river' }) });
  await page.goto('/app/search?q=truth');
  await expect(page.getByRole('region', { name: 'Your journal' })).toBeVisible();
  await page.screenshot({ path: `/tmp/search-shot-${info.project.name}.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `/tmp/search-shot-${info.project.name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/contents');
  await expect(page.getByRole('searchbox')).toBeVisible();
  await page.screenshot({ path: `/tmp/search-contents-${info.project.name}.png` });
});
