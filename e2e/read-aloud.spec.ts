import { type Page, expect } from '@playwright/test';
import { cancels, endLine, installFakeSpeech, spokenLines, type FakeVoice } from './fake-speech.js';
import { expectNoAxeViolations, openExplanation, saveScreenshot, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

// The default date, 10 April 2026, is day 100; day 4 (Yasna 28.1) is open.

const STANZA = [
  'With hands raised in homage, Wise Lord,',
  'I ask first of all for the help of your bountiful spirit:',
  'that every act I do be done through Truth,',
  'so that I may satisfy the understanding of Good Mind',
  'and the soul of the living world.',
];

const VOICES: FakeVoice[] = [
  { name: 'Anna', lang: 'de-DE', voiceURI: 'anna', default: true },
  { name: 'Daniel', lang: 'en-GB', voiceURI: 'daniel', default: false },
  { name: 'Samantha', lang: 'en-US', voiceURI: 'samantha', default: true },
];

const spokenStanzaLine = (page: Page) => page.getByTestId('stanza-text').locator('[data-spoken]');

test('without voices there is nothing to listen with, on the stanza or the explanation', async ({
  page,
}) => {
  await installFakeSpeech(page, []);
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/4');
  await expect(page.getByTestId('stanza-text')).toContainText(STANZA[0]!);
  // Voices would have been announced by now.
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: /Listen/ })).toHaveCount(0);
  await openExplanation(page);
  await expect(page.getByRole('button', { name: /Listen/ })).toHaveCount(0);
});

test('Listen reads the stanza line by line, showing the line being read, and pauses, resumes and stops', async ({
  page,
}) => {
  await installFakeSpeech(page, VOICES);
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/4');

  await page.getByRole('button', { name: 'Listen to the stanza' }).click();
  // The default English voice, English voices being offered first, at the usual speed.
  await expect
    .poll(() => spokenLines(page))
    .toEqual([{ text: STANZA[0], rate: 1, voice: 'Samantha' }]);
  await expect(spokenStanzaLine(page)).toHaveText(STANZA[0]!);

  await endLine(page);
  await expect(spokenStanzaLine(page)).toHaveText(STANZA[1]!);
  expect((await spokenLines(page)).map((line) => line.text)).toEqual(STANZA.slice(0, 2));

  await page.getByRole('button', { name: 'Pause the stanza' }).click();
  await expect(page.getByRole('button', { name: 'Resume the stanza' })).toBeVisible();
  // Paused, the place is kept and shown; nothing more is said.
  await expect(spokenStanzaLine(page)).toHaveText(STANZA[1]!);
  await endLine(page);
  expect(await spokenLines(page)).toHaveLength(2);

  await page.getByRole('button', { name: 'Resume the stanza' }).click();
  await expect.poll(async () => (await spokenLines(page)).at(-1)?.text).toBe(STANZA[1]);
  for (const line of STANZA.slice(2)) {
    await endLine(page);
    await expect(spokenStanzaLine(page)).toHaveText(line);
  }
  await endLine(page);
  // At the end, no line is marked and Listen starts again from the top.
  await expect(spokenStanzaLine(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Listen to the stanza' })).toBeVisible();

  await page.getByRole('button', { name: 'Listen to the stanza' }).click();
  await expect(spokenStanzaLine(page)).toHaveText(STANZA[0]!);
  await page.getByRole('button', { name: 'Stop reading the stanza' }).click();
  await expect(spokenStanzaLine(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Listen to the stanza' })).toBeVisible();
});

test('the speed and voice chosen are used at once, and kept on this device', async ({
  page,
}, testInfo) => {
  await installFakeSpeech(page, VOICES);
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/4');

  await page.getByRole('button', { name: 'Voice and speed' }).click();
  const voice = page.getByLabel('Voice');
  // English voices first, in the browser's order.
  await expect(voice.locator('option')).toHaveText([
    'Daniel (en-GB)',
    'Samantha (en-US)',
    'Anna (de-DE)',
  ]);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Listen to the stanza' }).click();
  await expect.poll(async () => (await spokenLines(page)).length).toBe(1);
  await page.getByLabel('Speed').selectOption('1.25');
  // The line being read starts again at the new speed.
  await expect
    .poll(async () => (await spokenLines(page)).at(-1))
    .toEqual({
      text: STANZA[0],
      rate: 1.25,
      voice: 'Samantha',
    });
  await expect(page.getByTestId('stanza-text').locator('[data-spoken]')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await saveScreenshot(page, {
      path: `test-results/screens/read-aloud-${testInfo.project.name}-${scheme}.png`,
      scale: 'css',
    });
  }
  await page.emulateMedia({ colorScheme: null });
  await voice.selectOption({ label: 'Daniel (en-GB)' });
  await expect
    .poll(async () => (await spokenLines(page)).at(-1))
    .toEqual({
      text: STANZA[0],
      rate: 1.25,
      voice: 'Daniel',
    });
  await endLine(page);
  await expect
    .poll(async () => (await spokenLines(page)).at(-1))
    .toEqual({
      text: STANZA[1],
      rate: 1.25,
      voice: 'Daniel',
    });

  await page.reload();
  await page.getByRole('button', { name: 'Voice and speed' }).click();
  await expect(page.getByLabel('Speed')).toHaveValue('1.25');
  await expect(page.getByLabel('Voice')).toHaveValue('daniel');
  await page.getByRole('button', { name: 'Listen to the stanza' }).click();
  await expect
    .poll(async () => (await spokenLines(page)).at(-1))
    .toEqual({
      text: STANZA[0],
      rate: 1.25,
      voice: 'Daniel',
    });
});

test('leaving the stanza stops the reading; the explanation is read sentence by sentence', async ({
  page,
}) => {
  await installFakeSpeech(page, VOICES);
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/4');
  await page.getByRole('button', { name: 'Listen to the stanza' }).click();
  await expect(spokenStanzaLine(page)).toHaveText(STANZA[0]!);
  const cancelsBefore = await cancels(page);

  await openExplanation(page);
  await expect.poll(() => cancels(page)).toBeGreaterThan(cancelsBefore);
  await endLine(page);
  // Nothing more of the stanza is said once the reader has left it.
  expect(await spokenLines(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Listen to the explanation' }).click();
  const spokenSentence = page.getByTestId('explanation-text').locator('[data-spoken]');
  await expect(spokenSentence).toHaveText('The Gathas open with a gesture.');
  await endLine(page);
  await expect(spokenSentence).toContainText('Zarathushtra stands with his hands raised');
  expect((await spokenLines(page)).slice(1).map((line) => line.text)).toEqual([
    'The Gathas open with a gesture.',
    expect.stringMatching(/^Zarathushtra stands with his hands raised.*Wise Lord\.$/),
  ]);
  await expectNoAxeViolations(page);

  // Another day: the explanation's reading ends with it.
  const before = await cancels(page);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/5$/);
  await expect.poll(() => cancels(page)).toBeGreaterThan(before);
  await endLine(page);
  expect(await spokenLines(page)).toHaveLength(3);
  await expect(page.getByRole('button', { name: 'Listen to the stanza' })).toBeVisible();
});
