import { type Locator, type Page, expect } from '@playwright/test';
import {
  apiCall,
  currentDay,
  expectNoAxeViolations,
  expectToast,
  keepProgressAwayFrom,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { CYCLE_RESTART, LAST_DAY, MID_CYCLE, NEW_YEARS_DAY, test } from './fixtures.js';

// 10 April, day 100, unless a test names another date.
test.use({ now: MID_CYCLE });

interface Thought {
  dayNumber: number;
  thought: string;
  explanation: string;
  reflectionPrompt: string | null;
}
interface GathaInfo {
  songNumber: number;
  songTitle: string;
  stanzaNumber: number;
  startDay: number;
  endDay: number;
}
interface JournalEntry {
  id: number;
  dayNumber: number;
  entryText: string;
  isPublic: boolean;
}
interface ProgressRecord {
  readDays: number[];
  gathaViewed: number[];
  explanationViewed: number[];
  currentStanza: number;
}

const screens = 'test-results/screens';

async function expectedHeader(page: Page, day: number) {
  const { body } = await apiCall<GathaInfo>(page, 'GET', `/api/gathas/info/${day}`);
  const title = day === 2 ? 'Ashem Vohu' : day === 3 ? 'Yatha Ahu' : body.songTitle;
  // Stanza 0 is the opening (day 1) or a chapter's introduction, which the header names.
  if (body.stanzaNumber === 0) {
    return `Yasna ${body.songNumber} (${day === 1 ? 'opening' : 'introduction'}) \u2022 ${title}`;
  }
  const part =
    body.endDay > body.startDay
      ? ` (part ${day - body.startDay + 1} of ${body.endDay - body.startDay + 1})`
      : '';
  return `Yasna ${body.songNumber}.${body.stanzaNumber}${part} \u2022 ${title}`;
}

async function progressCookie(page: Page): Promise<ProgressRecord | null> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'gatha-progress');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as ProgressRecord) : null;
}

const stanzaPanel = (page: Page) => page.getByRole('button', { name: 'Read Explanation' });
const understandingHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Understanding', level: 2 });
const reflectionHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Daily Reflection', level: 2 });

/** The panels' top brought just below the header (at large text the header fills a phone). */
async function panelsInView(panels: Locator) {
  await panels.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  return panels.boundingBox();
}

/** A mouse drag across the reading, quick like a flick. */
async function mouseSwipe(page: Page, panels: Locator, dx: number) {
  const box = await panelsInView(panels);
  if (!box) throw new Error('no reading panels');
  const y = box.y + 60;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

/** A real finger drag through the browser's touch input, with pauses between moves. */
async function touchSwipe(page: Page, panels: Locator, dx: number, pauseMs = 0) {
  const box = await panelsInView(panels);
  if (!box) throw new Error('no reading panels');
  const y = Math.round(box.y + 60);
  const x = Math.round(box.x + box.width / 2);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  const steps = 8;
  for (let step = 1; step <= steps; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: Math.round(x + (dx * step) / steps), y }],
    });
    if (pauseMs) await page.waitForTimeout(pauseMs);
  }
  // Holding still before lifting the finger leaves no speed at release.
  if (pauseMs) await page.waitForTimeout(150);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test("today's reading shows with its header and moves between panels by its buttons", async ({
  page,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  const { body: thought } = await apiCall<Thought>(page, 'GET', '/api/thoughts/today');
  await page.goto('/app/daily-ritual');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    await expectedHeader(page, today),
  );
  await expect(page.getByText(`Day ${today} of 241`)).toBeVisible();
  // The stanza keeps its line breaks.
  const stanza = page.getByTestId('stanza-text');
  await expect(stanza).toBeVisible();
  expect(await stanza.innerText()).toBe(thought.thought);
  expect(thought.thought).toContain('\n');
  await saveScreenshot(page, { path: `${screens}/daily-panel-0-stanza.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await stanzaPanel(page).click();
  await expect(understandingHeading(page)).toBeVisible();
  await expect(understandingHeading(page)).toBeFocused();
  const firstParagraph = thought.explanation.split(/\n\s*\n/)[0]?.trim() ?? '';
  await expect(page.getByText(firstParagraph, { exact: true })).toBeVisible();
  if (thought.reflectionPrompt) {
    await expect(page.getByRole('heading', { name: 'Key Insight' })).toBeVisible();
    await expect(page.getByText(thought.reflectionPrompt, { exact: true })).toBeVisible();
  }
  await saveScreenshot(page, {
    path: `${screens}/daily-panel-1-understanding.png`,
    fullPage: true,
  });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Gatha', exact: true }).click();
  await expect(stanzaPanel(page)).toBeVisible();
  await stanzaPanel(page).click();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expect(reflectionHeading(page)).toBeVisible();
  for (const label of ['Good Thoughts', 'Good Words', 'Good Deeds']) {
    await expect(page.getByLabel(label)).toHaveValue('');
  }
  const share = page.getByRole('switch');
  await expect(share).not.toBeChecked();
  await expect(share).toHaveAccessibleName('Keep private');
  await share.click();
  await expect(share).toHaveAccessibleName('Share with friends');
  await share.click();
  await expect(page.getByRole('button', { name: 'Save Reflection' })).toBeEnabled();
  await expect(page.getByText('Sign in to save your reflections')).toHaveCount(0);
  await saveScreenshot(page, { path: `${screens}/daily-panel-2-reflection.png`, fullPage: true });
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Back to Gatha' }).click();
  await expect(stanzaPanel(page)).toBeVisible();
});

/**
 * A slow phone: the app's own code arrives only after the reader has tapped. Answers the call
 * that says the tap is made, which lets the code through.
 */
async function holdAppCode(page: Page): Promise<() => void> {
  let tapped = () => {};
  const tap = new Promise<void>((resolve) => (tapped = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await tap;
    await route.continue();
  });
  return tapped;
}

test('a tap on Read Explanation before the page is live still opens the explanation', async ({
  page,
}) => {
  await signUpViaApi(page);
  const tapped = await holdAppCode(page);
  await page.goto('/app/daily-ritual', { waitUntil: 'commit' });
  await stanzaPanel(page).click();
  tapped();
  await expect(understandingHeading(page)).toBeVisible({ timeout: 15_000 });
});

test('a tap on Previous day before the page is live still goes back a day', async ({ page }) => {
  await signUpViaApi(page);
  const tapped = await holdAppCode(page);
  // Today's page is the one the server sends rendered: day 100 here.
  await page.goto('/app/daily-ritual', { waitUntil: 'commit' });
  await expect(page.getByText('Day 100 of 241')).toBeVisible();
  await page.getByRole('button', { name: 'Previous day' }).click();
  tapped();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/99$/, { timeout: 15_000 });
  await expect(page.getByText('Day 99 of 241')).toBeVisible();
});

test('panels move by a real swipe: left goes forward, right goes back, a short slow drag stays', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/5');
  const panels = page.getByTestId('reading-panels');
  await expect(stanzaPanel(page)).toBeVisible();
  // The server-rendered panels show before they are live, and a drag on them then does nothing
  // (a tap is kept and answered, a swipe is not): the stanza's panel says when it is live.
  await page.waitForFunction(
    () =>
      (window as { __earlyTapsLive?: Record<string, boolean> }).__earlyTapsLive?.[
        'read-explanation'
      ] === true,
  );

  // A right swipe on the first panel has nowhere to go.
  await mouseSwipe(page, panels, 120);
  await expect(stanzaPanel(page)).toBeVisible();

  await mouseSwipe(page, panels, -120);
  await expect(understandingHeading(page)).toBeVisible();
  await mouseSwipe(page, panels, -120);
  await expect(reflectionHeading(page)).toBeVisible();
  await mouseSwipe(page, panels, 120);
  await expect(understandingHeading(page)).toBeVisible();

  await touchSwipe(page, panels, 90);
  await expect(stanzaPanel(page)).toBeVisible();
  await touchSwipe(page, panels, -90);
  await expect(understandingHeading(page)).toBeVisible();

  // 35 px, slowly, then held: neither far enough nor fast enough to count.
  await touchSwipe(page, panels, -35, 40);
  await expect(understandingHeading(page)).toBeVisible();
  await expect(reflectionHeading(page)).toHaveCount(0);
});

test('the day strip moves between days, resets the panel, and stops at both ends', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page);
  await keepProgressAwayFrom(page, baseURL, 1);
  await page.goto('/app/daily-ritual/1');
  await expect(page.getByText('Day 1 of 241')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous day' })).toBeDisabled();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(await expectedHeader(page, 1));

  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/2$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ashem Vohu');
  await expect(page.getByText('Day 2 of 241')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous day' })).toBeEnabled();

  // Opening the explanation, then changing the day, starts the new day on its stanza.
  await stanzaPanel(page).click();
  await expect(understandingHeading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/3$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Yatha Ahu');
  await expect(stanzaPanel(page)).toBeVisible();
  await expect(understandingHeading(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/2$/);
  await expect(page.getByText('Day 2 of 241')).toBeVisible();

  // The last day, still to come on day 100: its strip cannot go on.
  await page.goto('/app/daily-ritual/241');
  await expect(page.getByText('Day 241 of 241')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next day' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous day' })).toBeEnabled();
});

test('a future day shows the friendly screen, a day past 241 the not-available one, a failure its own', async ({
  page,
}) => {
  await signUpViaApi(page);
  expect(await currentDay(page)).toBe(100);

  const { status, body } = await apiCall<{ friendlyMessage: string }>(
    page,
    'GET',
    '/api/thoughts/101',
  );
  expect(status).toBe(403);
  await page.goto('/app/daily-ritual/101');
  await expect(page.getByRole('heading', { name: "Tomorrow's Wisdom Awaits" })).toBeVisible();
  await expect(page.getByText(body.friendlyMessage, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Friends' })).toHaveAttribute(
    'href',
    '/app/community',
  );
  await saveScreenshot(page, { path: `${screens}/daily-future-day.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: "Go to Today's Gatha" }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/100$/);
  await expect(page.getByText('Day 100 of 241')).toBeVisible();
  await expect(stanzaPanel(page)).toBeVisible();

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/thoughts/300')) asked.push(request.url());
  });
  await page.goto('/app/daily-ritual/300');
  // A day that never comes says so plainly, and leads to days that are.
  await expect(page.getByRole('heading', { name: 'There is no Day 300' })).toBeVisible();
  await expect(page.getByText(/not available yet/i)).toHaveCount(0);
  await expect(
    page.getByText('The cycle has 241 days, one stanza each, and then begins again at Day 1.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: "Go to Today's Gatha" })).toHaveAttribute(
    'href',
    '/app/daily-ritual',
  );
  await expect(page.getByRole('link', { name: 'See all 241 days' })).toHaveAttribute(
    'href',
    '/contents',
  );
  await saveScreenshot(page, { path: `${screens}/daily-not-available.png`, fullPage: true });
  await expectNoAxeViolations(page);
  expect(asked).toEqual([]);
  await page.getByRole('link', { name: 'Go to Day 241, the last' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/241$/);
  await expect(page.getByText('Day 241 of 241')).toBeVisible();

  await page.route('**/api/thoughts/4', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/app/daily-ritual/4');
  await expect(page.getByRole('heading', { name: 'Unable to load Gatha' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.unroute('**/api/thoughts/4');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(stanzaPanel(page)).toBeVisible();
});

test('a reflection is saved, comes back filled, and a second save updates the same entry', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  await page.goto('/app/daily-ritual');
  await stanzaPanel(page).click();
  await page.getByRole('button', { name: 'Reflect' }).click();

  // Too long to store: the limit's own message, tied to the field.
  const deeds = page.getByRole('textbox', { name: 'Good Deeds' });
  await deeds.fill('x'.repeat(20_001));
  await page.getByRole('button', { name: 'Save Reflection' }).click();
  await expect(page.getByText('Entry text must be at most 20,000 characters')).toBeVisible();
  await expect(deeds).toHaveAttribute('aria-invalid', 'true');
  await expect(deeds).toHaveAccessibleDescription('Entry text must be at most 20,000 characters');

  // A failed save says so.
  await page.route('**/api/journal', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
      : route.fallback(),
  );
  await deeds.fill('Carry water for a neighbour');
  await page.getByRole('button', { name: 'Save Reflection' }).click();
  await expectToast(page, 'Error', 'Failed to save your reflection.');
  await page.unroute('**/api/journal');

  await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('  Hold one clear thought.  ');
  await page.getByRole('textbox', { name: 'Good Words' }).fill('Speak gently at breakfast.\n');
  await page.getByRole('switch').click();
  await expect(page.getByRole('switch')).toHaveAccessibleName('Share with friends');

  // The answer is held until the button has been seen saying so: a fixed delay could end
  // before a busy machine's test looked.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/journal', async (route) => {
    await answered;
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Save Reflection' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  answer();
  await expectToast(page, 'Saved!', 'Your reflection has been saved.');
  await page.unroute('**/api/journal');

  await page.reload();
  await stanzaPanel(page).click();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue(
    'Hold one clear thought.',
  );
  await expect(page.getByRole('textbox', { name: 'Good Words' })).toHaveValue(
    'Speak gently at breakfast.',
  );
  await expect(page.getByRole('textbox', { name: 'Good Deeds' })).toHaveValue(
    'Carry water for a neighbour',
  );
  await expect(page.getByRole('switch')).toBeChecked();
  await expect(page.getByRole('switch')).toHaveAccessibleName('Share with friends');
  // The journal holds what the form shows: the button says so, and offers an update once edited.
  const saved = page.getByRole('button', { name: 'Saved', exact: true });
  await expect(saved).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Reflection' })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Good Words' }).fill('Thank the bus driver.');
  await page.getByRole('switch').click();
  await expect(saved).toHaveCount(0);
  await page.getByRole('button', { name: 'Update reflection' }).click();
  await expectToast(page, 'Saved!', 'Your reflection has been saved.');
  await expect(saved).toBeVisible();

  const { body: entries } = await apiCall<JournalEntry[]>(page, 'GET', '/api/journal');
  const forToday = entries.filter((entry) => entry.dayNumber === today);
  expect(forToday).toHaveLength(1);
  expect(JSON.parse(forToday[0]?.entryText ?? '{}')).toEqual({
    thoughts: 'Hold one clear thought.',
    words: 'Thank the bus driver.',
    deeds: 'Carry water for a neighbour',
  });
  expect(forToday[0]?.isPublic).toBe(false);
});

test('progress: reading a stanza and leaving its explanation unlocks the next day', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/1');
  await expect(stanzaPanel(page)).toBeVisible();
  await expect.poll(async () => (await progressCookie(page))?.gathaViewed).toEqual([1]);

  await stanzaPanel(page).click();
  await expect(understandingHeading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expectToast(page, 'Progress unlocked!', 'Stanza 2 is now available');
  const record = await progressCookie(page);
  expect(record?.currentStanza).toBe(2);
  expect(record?.explanationViewed).toEqual([1]);

  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual\/2$/);
  await expect(stanzaPanel(page)).toBeVisible();
  await expect.poll(async () => (await progressCookie(page))?.gathaViewed).toEqual([1, 2]);

  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expectToast(page, 'Progress saved', 'Day 2 marked as read');
  await expect(page.getByText('Day complete', { exact: true })).toBeVisible();
  expect(await progressCookie(page)).toMatchObject({ readDays: [2], currentStanza: 3 });
});

test.describe('on 1 January, day 1', () => {
  test.use({ now: NEW_YEARS_DAY });

  test("today's reading is day 1; finishing it moves the path on, but day 2 is still to come", async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    await expect(page.getByText('Day 1 of 241')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(await expectedHeader(page, 1));
    await expect(page.getByRole('button', { name: 'Previous day' })).toBeDisabled();

    await stanzaPanel(page).click();
    await expect(understandingHeading(page)).toBeVisible();
    await page.getByRole('button', { name: 'Gatha', exact: true }).click();
    await expect(stanzaPanel(page)).toBeVisible();
    await expect.poll(async () => (await progressCookie(page))?.currentStanza).toBe(2);
    // Day 2 opens tomorrow: nothing calls it available, and the screen stays on day 1.
    await page.clock.runFor(2_000);
    expect(new URL(page.url()).pathname).toBe('/app/daily-ritual');
    await expect(page.getByText('Stanza 2 is now available')).toHaveCount(0);

    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).toHaveURL(/\/app\/daily-ritual\/2$/);
    await expect(page.getByRole('heading', { name: "Tomorrow's Wisdom Awaits" })).toBeVisible();
    expect((await apiCall(page, 'GET', '/api/thoughts/2')).status).toBe(403);
  });
});

test.describe('on 29 August, day 241', () => {
  test.use({ now: LAST_DAY });

  test("today's reading is the last day, and every day is open", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    await expect(page.getByText('Day 241 of 241')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      await expectedHeader(page, 241),
    );
    await expect(stanzaPanel(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next day' })).toBeDisabled();

    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect(page).toHaveURL(/\/app\/daily-ritual\/240$/);
    await expect(stanzaPanel(page)).toBeVisible();
    const { body: thoughts } = await apiCall<unknown[]>(page, 'GET', '/api/thoughts');
    expect(thoughts).toHaveLength(241);
  });
});

test.describe('on 30 August, when the cycle starts again', () => {
  test.use({ now: CYCLE_RESTART });

  test("today's reading is day 1 again, and yesterday's day 241 is to come", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    await expect(page.getByText('Day 1 of 241')).toBeVisible();
    await expect(stanzaPanel(page)).toBeVisible();

    await page.goto('/app/daily-ritual/241');
    await expect(page.getByRole('heading', { name: "Tomorrow's Wisdom Awaits" })).toBeVisible();
    await page.getByRole('link', { name: "Go to Today's Gatha" }).click();
    await expect(page).toHaveURL(/\/app\/daily-ritual\/1$/);
    await expect(page.getByText('Day 1 of 241')).toBeVisible();
  });
});

test('panel changes skip the slide when reduced motion is asked for', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signUpViaApi(page);
  await page.goto('/app/daily-ritual/6');
  await stanzaPanel(page).click();
  await expect(understandingHeading(page)).toBeVisible();
  const animations = await page
    .getByTestId('reading-panels')
    .evaluate(
      (element) =>
        element
          .getAnimations({ subtree: true })
          .filter((animation) => !(animation instanceof CSSTransition)).length,
    );
  expect(animations).toBe(0);
});

test('a day without a reflection is an empty form, with no failed request in the console', async ({
  page,
}) => {
  await signUpViaApi(page);
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/journal/day/')) answers.push(response.status());
  });
  await page.goto('/app/daily-ritual/3');
  await stanzaPanel(page).click();
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toBeEnabled();
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save Reflection' })).toBeVisible();
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((status) => status === 200)).toBe(true);
  expect(failures.filter((text) => /404|Not Found/i.test(text))).toEqual([]);
});
