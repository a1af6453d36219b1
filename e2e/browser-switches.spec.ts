import { expect } from '@playwright/test';
import { test } from './fixtures.js';

// The suite's Chromium takes a --disable-features of its own (scripts/chromium.mjs), and Chromium
// keeps only the last such switch: every feature Playwright turns off must still be off.
test('every feature Playwright turns off stays off beside the suite’s own', async ({ page }) => {
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  const switches = commandLine
    .split(' ')
    .filter((part) => part.startsWith('--disable-features='))
    .map((part) => part.slice('--disable-features='.length).split(','));
  expect(switches.length, 'Playwright’s switch and the suite’s').toBe(2);

  // What Chromium made of its switches: base64 JSON under "Command-line variations" (the page
  // shows it shortened; the whole is in its data-value).
  const variations = (await page.locator('#variations-cmd').getAttribute('data-value')) ?? '';
  const applied = JSON.parse(Buffer.from(variations, 'base64').toString()) as {
    'disable-features': string;
  };
  const off = new Set(applied['disable-features'].split(','));
  for (const feature of switches.flat()) expect(off, feature).toContain(feature);
});
