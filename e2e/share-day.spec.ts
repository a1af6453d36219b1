import { type Page, expect } from '@playwright/test';
import {
  apiCall,
  currentDay,
  expectNoAxeViolations,
  expectToast,
  openWithAppCodeHeld,
  signUpViaApi,
} from './support.js';
import { test } from './fixtures.js';

// 10 April 2026, day 100 (e2e/fixtures.ts).

interface RecordedShare {
  title?: string;
  text?: string;
  url?: string;
  files: { name: string; type: string; size: number }[];
}

/** A reflection of the reader's own for the day, which sharing must never carry. */
const PRIVATE_WORDS = 'a private vow about the quince tree';

async function writeReflection(page: Page, day: number) {
  const { status } = await apiCall(page, 'POST', '/api/journal', {
    dayNumber: day,
    entryText: JSON.stringify({ thoughts: PRIVATE_WORDS, words: PRIVATE_WORDS, deeds: '' }),
    isPublic: true,
  });
  expect([200, 201]).toContain(status);
}

/** A device with a share sheet: what the page hands it is recorded; the reader may cancel it. */
async function recordShares(page: Page) {
  await page.addInitScript(() => {
    const shares: RecordedShare[] = [];
    const record = window as unknown as { shares: RecordedShare[]; cancelShare: boolean };
    record.shares = shares;
    record.cancelShare = false;
    Object.defineProperty(Navigator.prototype, 'canShare', {
      configurable: true,
      value: (data?: ShareData) => Boolean(data),
    });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        shares.push({
          title: data.title,
          text: data.text,
          url: data.url,
          files: (data.files ?? []).map((f) => ({ name: f.name, type: f.type, size: f.size })),
        });
        if (record.cancelShare) throw new DOMException('Share canceled', 'AbortError');
      },
    });
  });
}

const sharesMade = (page: Page) =>
  page.evaluate(() => (window as unknown as { shares: unknown[] }).shares.length);

const shareButton = (page: Page) => page.getByRole('button', { name: 'Share', exact: true });

test('the share sheet gets the public link of the day and its image, never the reflection', async ({
  page,
  baseURL,
}) => {
  await recordShares(page);
  await signUpViaApi(page);
  const day = await currentDay(page);
  await writeReflection(page, day);
  // Drawn once beforehand, so the image is ready within the moment a tap allows.
  expect((await page.request.get(`/read/${day}/story.png`)).status()).toBe(200);

  await page.goto('/app/daily-ritual');
  await expect(page.getByTestId('stanza-text')).toBeVisible();
  await shareButton(page).click();
  await expect.poll(() => sharesMade(page)).toBe(1);
  const [shared] = await page.evaluate(
    () => (window as unknown as { shares: RecordedShare[] }).shares,
  );
  expect(shared?.url).toBe(`${baseURL}/read/${day}`);
  expect(shared?.text).toMatch(/^Yasna \d+\.\d+.*: a stanza of the Gathas of Zarathushtra/);
  expect(shared?.title).toContain('The Threefold Path');
  expect(shared?.files).toEqual([
    { name: `threefold-path-day-${day}.png`, type: 'image/png', size: expect.any(Number) },
  ]);
  expect(shared?.files[0]?.size).toBeGreaterThan(1000);
  expect(JSON.stringify(shared)).not.toContain('quince');
  // The link opens the day's public page.
  expect((await page.request.get(shared?.url ?? '')).status()).toBe(200);

  // Closing the share sheet unused says nothing and opens nothing else.
  await page.evaluate(() => {
    (window as unknown as { cancelShare: boolean }).cancelShare = true;
  });
  await shareButton(page).click();
  await expect.poll(() => sharesMade(page)).toBe(2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('li[role="status"]')).toHaveCount(0);
});

test('without a share sheet the reader copies the link or downloads the image', async ({
  page,
  context,
  baseURL,
}) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as Partial<Navigator>).share;
    delete (Navigator.prototype as Partial<Navigator>).canShare;
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signUpViaApi(page);
  const day = await currentDay(page);
  await writeReflection(page, day);

  await page.goto('/app/daily-ritual');
  await expect(page.getByTestId('stanza-text')).toBeVisible();
  await shareButton(page).click();
  const sheet = page.getByRole('dialog', { name: `Share Day ${day}` });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link copied');
  await expect(sheet).toBeHidden();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/read/${day}`);

  await shareButton(page).click();
  const download = sheet.getByRole('link', { name: 'Download image' });
  await expect(download).toHaveAttribute('href', `/read/${day}/card.png`);
  await expect(download).toHaveAttribute('download', `threefold-path-day-${day}.png`);
  const card = await page.request.get(`/read/${day}/card.png`);
  expect(card.headers()['content-type']).toBe('image/png');
  await expectNoAxeViolations(page);
  // Each choice fits the screen, however narrow and however large its text.
  const width = page.viewportSize()?.width ?? 0;
  for (const choice of [download, sheet.getByRole('button', { name: 'Copy link' })]) {
    const box = await choice.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('the app and the day for visitors read in Lora, a font file kept for a year', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual');
  const stanza = page.getByTestId('stanza-text');
  await expect(stanza).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px Lora'))).toBe(true);
  expect(await stanza.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
    /^Lora,/,
  );

  // The page asks for the font before its layout does, and the file is hashed and kept a year.
  const preload = page.locator('link[rel="preload"][as="font"]');
  const href = await preload.getAttribute('href');
  expect(href).toMatch(/^\/assets\/lora-latin-400-normal-[\w-]+\.woff2$/);
  const font = await page.request.get(href ?? '');
  expect(font.status()).toBe(200);
  expect(font.headers()['content-type']).toBe('font/woff2');
  expect(font.headers()['cache-control']).toContain('max-age=31536000');

  // A visitor's page of the day names the same file.
  const day = await currentDay(page);
  await page.goto(`/read/${day}`);
  await expect(page.locator(`link[rel="preload"][href="${href}"]`)).toHaveCount(1);
  await page.evaluate(() => document.fonts.ready);
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px Lora'))).toBe(true);
  expect(
    await page.locator('.stanza').evaluate((element) => getComputedStyle(element).fontFamily),
  ).toMatch(/^Lora,/);
});

test('a tap on Share made before the page is live shares once it is', async ({ page }) => {
  await recordShares(page);
  await signUpViaApi(page);
  const release = await openWithAppCodeHeld(page, '/app/daily-ritual');
  await shareButton(page).click();
  expect(await sharesMade(page)).toBe(0);
  release();
  await expect.poll(() => sharesMade(page)).toBe(1);
});

test('a tap on Share the moment the page goes live shares once, not twice', async ({ page }) => {
  await recordShares(page);
  // Taps Share in the task right after the app gives the button its click handler: the button
  // answers taps from then on, and keeps none for later.
  await page.addInitScript(() => {
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      ...args: Parameters<EventTarget['addEventListener']>
    ) {
      add.apply(this, args);
      if (
        args[0] === 'click' &&
        this instanceof HTMLElement &&
        this.dataset.earlyTap === 'share-day'
      ) {
        EventTarget.prototype.addEventListener = add;
        setTimeout(() => (this as HTMLElement).click());
      }
    };
  });
  const imageAsked = { times: 0 };
  page.on('request', (request) => {
    if (request.url().endsWith('/story.png')) imageAsked.times++;
  });
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual');
  await expect.poll(() => sharesMade(page)).toBe(1);
  await page.waitForLoadState('networkidle');
  expect(imageAsked.times).toBe(1);
  expect(await sharesMade(page)).toBe(1);
});
