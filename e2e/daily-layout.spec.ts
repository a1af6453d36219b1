import { type Page, expect } from '@playwright/test';
import { expectToast, openExplanation, saveScreenshot, signUpViaApi } from './support.js';
import { MID_CYCLE, test } from './fixtures.js';
import { findLayoutProblems } from './layout-problems.js';

// 10 April, day 100: a new reader's own day, where nothing unlocks or moves the screen.
test.use({ now: MID_CYCLE });

// The sticky header and the fixed tab bar never hide a control of the daily screen: not the
// one a reader reaches by keyboard, not the last one at the page's end, on a small phone, a
// phone (with and without a home-indicator inset) and a desktop.

const sizes = [
  { name: 'a 390×844 phone', viewport: { width: 390, height: 844 }, bottomInset: 0 },
  { name: 'a 320×568 phone', viewport: { width: 320, height: 568 }, bottomInset: 0 },
  { name: 'a 1280×800 desktop', viewport: { width: 1280, height: 800 }, bottomInset: 0 },
  {
    name: 'a 390×844 phone with a 34 px home indicator',
    viewport: { width: 390, height: 844 },
    bottomInset: 34,
  },
] as const;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * Where the header ends and the tab bar begins (the window's bottom on a desktop, whose
 * navigation is at the side), and the viewport's width.
 */
async function clearArea(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('body header')?.getBoundingClientRect();
    if (!header) throw new Error('no app header');
    const tabBar = [...document.querySelectorAll('nav[aria-label="Main"]')]
      .map((nav) => nav.getBoundingClientRect())
      .find((box) => box.height > 0 && box.top > window.innerHeight / 2);
    return {
      top: header.bottom,
      bottom: tabBar?.top ?? window.innerHeight,
      width: window.innerWidth,
    };
  });
}

const describe = (name: string, box: Box) =>
  `${name} at ${Math.round(box.top)}..${Math.round(box.bottom)} (x ${Math.round(box.left)}..${Math.round(box.right)})`;

/** Every control the keyboard reaches in the page's main area is wholly in view when focused. */
async function tabThroughMain(page: Page, panel: string) {
  const reached: string[] = [];
  for (let step = 0; step < 40; step++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const box = element.getBoundingClientRect();
      const name =
        element.getAttribute('aria-label') ??
        (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
        element.textContent?.trim() ??
        element.tagName;
      return {
        name: name || element.tagName,
        inMain: Boolean(element.closest('main')),
        // The navigation at the bottom; a desktop's at the side comes before the page.
        inTabBar: Boolean(
          element.closest('nav[aria-label="Main"]') &&
          element.getBoundingClientRect().top > window.innerHeight / 2,
        ),
        box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
      };
    });
    if (!focused || focused.inTabBar) break;
    // Past the page's end, the focus has left it for good.
    if (!focused.inMain && reached.length > 0) break;
    if (!focused.inMain) continue;
    const area = await clearArea(page);
    reached.push(focused.name);
    // A panel that has just opened may still be sliding in: judge where the control comes to rest.
    let { box } = focused;
    const clear = () =>
      box.top >= area.top - 0.5 &&
      box.bottom <= area.bottom + 0.5 &&
      box.left >= -0.5 &&
      box.right <= area.width + 0.5;
    await expect
      .poll(
        async () => {
          box = await page.evaluate(() => {
            const rect = (document.activeElement ?? document.body).getBoundingClientRect();
            return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
          });
          return clear();
        },
        { timeout: 3_000 },
      )
      .toBe(true)
      .catch(() => undefined);
    expect(
      clear(),
      `${panel}: focused ${describe(focused.name, box)} must lie between the header (${Math.round(area.top)}) and the tab bar (${Math.round(area.bottom)})`,
    ).toBe(true);
  }
  return reached;
}

/** At the very end of the page, no control of the main area reaches under the tab bar. */
async function expectEndClearOfTabBar(page: Page, panel: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const area = await clearArea(page);
  const covered = await page.evaluate((tabBarTop) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'main a[href], main button, main input, main textarea, main [role="switch"]',
    );
    return [...controls]
      .map((element) => ({
        name:
          element.getAttribute('aria-label') ?? (element.textContent?.trim() || element.tagName),
        box: element.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.height > 0 && box.bottom > tabBarTop && box.top < window.innerHeight)
      .map(({ name, box }) => `${name} at ${Math.round(box.top)}..${Math.round(box.bottom)}`);
  }, area.bottom);
  expect(covered, `${panel}: controls under the tab bar at the page's end`).toEqual([]);
}

for (const size of sizes) {
  test(`on ${size.name}, no control of the three panels is hidden by the header or the tab bar`, async ({
    page,
  }) => {
    await page.setViewportSize(size.viewport);
    if (size.bottomInset) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setSafeAreaInsetsOverride', {
        insets: { top: 0, left: 0, right: 0, bottom: size.bottomInset },
      });
    }
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    const readExplanation = page.getByRole('button', { name: 'Read Explanation' });
    await expect(readExplanation).toBeVisible();
    if (size.bottomInset) {
      // The tab bar keeps its links clear of the home indicator.
      const tabBar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
      const lastLink = await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link')
        .last()
        .boundingBox();
      expect(
        (tabBar?.y ?? 0) + (tabBar?.height ?? 0) - ((lastLink?.y ?? 0) + (lastLink?.height ?? 0)),
      ).toBeGreaterThanOrEqual(size.bottomInset);
    }

    expect(await tabThroughMain(page, 'stanza')).toContain('Read Explanation');
    await expectEndClearOfTabBar(page, 'stanza');

    await readExplanation.click();
    const understanding = page.getByRole('heading', { name: 'Understanding', level: 2 });
    await expect(understanding).toBeFocused();
    const area = await clearArea(page);
    const heading = await understanding.boundingBox();
    expect(heading?.y ?? 0).toBeGreaterThanOrEqual(area.top);
    expect(await tabThroughMain(page, 'understanding')).toEqual(
      expect.arrayContaining(['Gatha', 'Reflect']),
    );
    await expectEndClearOfTabBar(page, 'understanding');

    await page.getByRole('button', { name: 'Reflect', exact: true }).click();
    const reflection = page.getByRole('heading', { name: 'Daily Reflection', level: 2 });
    await expect(reflection).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toBeEnabled();
    // Beside the reading on a desktop, the form has no Back to Gatha.
    const beside = size.viewport.width >= 1024;
    expect(await tabThroughMain(page, 'reflection')).toEqual(
      expect.arrayContaining([
        'Good Thoughts',
        'Good Deeds',
        ...(beside ? [] : ['Back to Gatha']),
        'Save Reflection',
      ]),
    );
    await expectEndClearOfTabBar(page, 'reflection');

    // After a save, the day-complete moment comes into view clear of both bars.
    await page
      .getByRole('textbox', { name: 'Good Thoughts' })
      .fill('Keep the promise made this morning.');
    await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
    const moment = page.getByRole('status').filter({ hasText: 'Day 100 complete' });
    await expect(moment).toBeVisible();
    await expect
      .poll(async () => {
        const box = await moment.boundingBox();
        const clear = await clearArea(page);
        // Taller than the room between the bars (very large text), it shows from its start.
        const fits = box && box.height <= clear.bottom - clear.top;
        return Boolean(box && box.y >= clear.top && (!fits || box.y + box.height <= clear.bottom));
      })
      .toBe(true);
  });
}

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box) =>
  a.left < b.right - 0.5 &&
  b.left < a.right - 0.5 &&
  a.top < b.bottom - 0.5 &&
  b.top < a.bottom - 0.5;

/** The boxes of the open toast, the day strip, the header and the tab bar, as on screen now. */
async function toastAndBars(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const rect = document.querySelector(selector)?.getBoundingClientRect();
      if (!rect) throw new Error(`nothing matches ${selector}`);
      return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    };
    return {
      toast: box('li[data-state="open"]'),
      dayStrip: box('nav[aria-label="Days"]'),
      headerRow: box('body header > div'),
      page: box('main'),
      tabBar: box('nav[aria-label="Main"]'),
      width: window.innerWidth,
    };
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`at ${viewport.width}×${viewport.height} (${colorScheme}), a toast covers neither the page, the day strip, the header's controls nor the tab bar`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize(viewport);
      await signUpViaApi(page);
      await page.goto('/app/daily-ritual');
      await openExplanation(page);
      await page.getByRole('button', { name: 'Reflect', exact: true }).click();
      await page.getByRole('textbox', { name: 'Good Thoughts' }).fill('Listen before answering.');
      await page.getByRole('button', { name: /^(Save Reflection|Update reflection)$/ }).click();
      await expectToast(page, 'Saved!', 'Your reflection has been saved.');
      // A pointer resting on a toast keeps it open while it is measured.
      await page.locator('li[data-state="open"]').hover();

      // Judged with the page at its top, where the day strip is, and at its end.
      for (const scroll of ['top', 'end'] as const) {
        await page.evaluate(
          (to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight),
          scroll,
        );
        const boxes = await toastAndBars(page);
        const where = `with the page at its ${scroll}: toast ${JSON.stringify(boxes.toast)}`;
        expect(overlap(boxes.toast, boxes.dayStrip), `${where}, day strip`).toBe(false);
        // The toast has its own place in the header, under its row of controls.
        expect(boxes.toast.top, `${where}, header row`).toBeGreaterThanOrEqual(
          boxes.headerRow.bottom - 0.5,
        );
        expect(overlap(boxes.toast, boxes.tabBar), `${where}, tab bar`).toBe(false);
        expect(boxes.toast.left).toBeGreaterThanOrEqual(0);
        expect(boxes.toast.right).toBeLessThanOrEqual(boxes.width);
        // At the page's top it pushes the page down; scrolled, it sticks with the header.
        if (scroll === 'top') {
          expect(overlap(boxes.toast, boxes.page), `${where}, page`).toBe(false);
        }
        if (scroll === 'top') {
          await saveScreenshot(page, {
            path: `test-results/screens/toast-daily-${viewport.width}-${colorScheme}.png`,
          });
        }
      }
    });
  }
}

// The reading steps show their names only where the names fit, judged by the text size as well
// as the screen: a 360 px phone (the commonest Android width) at 200% text once scrolled the
// whole page sideways, since the names hid only below 359 px whatever the text size.
for (const { width, textSize, names } of [
  { width: 360, textSize: 200, names: false },
  { width: 390, textSize: 200, names: false },
  { width: 320, textSize: 100, names: true },
]) {
  test.describe(() => {
    test.use({ textSize });
    test(`on a ${width} px phone with text at ${textSize}%, the reading steps ${names ? 'show their names' : 'keep to their marks'} and nothing scrolls sideways`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signUpViaApi(page);
      await page.goto('/app/daily-ritual');
      const steps = page.getByRole('navigation', { name: 'Reading steps' });
      /** The steps' names are shown or left to screen readers, and the page fits its screen. */
      const expectStepsFit = async () => {
        await expect(steps.getByRole('button')).toHaveCount(3);
        const nameWidths = await steps
          .getByRole('listitem')
          .evaluateAll((items) =>
            items.map(
              (item) => item.querySelector('span:last-child')!.getBoundingClientRect().width,
            ),
          );
        for (const nameWidth of nameWidths) {
          if (names) expect(nameWidth).toBeGreaterThan(20);
          else expect(nameWidth).toBeLessThanOrEqual(1);
        }
        expect(await page.evaluate(findLayoutProblems)).toEqual([]);
      };
      await expectStepsFit();
      for (const [step, heading] of [
        [2, 'Understanding'],
        [3, 'Daily Reflection'],
      ] as const) {
        await steps.getByRole('button', { name: `Step ${step}:` }).click();
        await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeFocused();
        await expectStepsFit();
      }
    });
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height}, an earlier day’s heading is asked for with its stanza, and the reading arrives whole`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    // Both answers are held until both have been asked for: the heading does not wait for the
    // stanza to arrive before it is asked for.
    const held = (url: string) => {
      let asked: () => void = () => undefined;
      let send: () => void = () => undefined;
      const wasAsked = new Promise<void>((resolve) => (asked = resolve));
      const sent = new Promise<void>((resolve) => (send = resolve));
      return {
        wasAsked,
        send,
        route: page.route(url, async (route) => {
          asked();
          await sent;
          await route.continue();
        }),
      };
    };
    const stanza = held('**/api/thoughts/87');
    const heading = held('**/api/gathas/info/87');
    await Promise.all([stanza.route, heading.route]);
    await page.goto('/app/daily-ritual/87');
    await Promise.all([stanza.wasAsked, heading.wasAsked]);

    // With the stanza here and its heading still on its way, the reading keeps its placeholder.
    const steps = page.getByRole('navigation', { name: 'Reading steps' });
    const stanzaAnswer = page.waitForResponse('**/api/thoughts/87');
    stanza.send();
    await stanzaAnswer;
    // Two frames: the answer has been taken in and drawn.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await expect(page.getByText("Loading the day's Gatha")).toBeAttached();
    await expect(steps).toHaveCount(0);

    heading.send();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yasna 34.1 • Ahunavaiti');
    await expect(page.getByText(/^The close of the first Gatha/)).toBeVisible();
    await expect(steps).toBeVisible();
  });
}
