import { type Page, expect } from '@playwright/test';
import { findBrokenWords } from './broken-words.js';
import { findLayoutProblems } from './layout-problems.js';
import { newUserDetails, openExplanation, saveScreenshot, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

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
      // Measured once the screen has loaded what it shows: a loading state that runs wider for
      // a moment is the layout tour's to catch.
      await page.waitForLoadState('networkidle');
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
      await saveScreenshot(page, { path: `test-results/shots/${screen}-160.png` });
      expect(await page.evaluate(findBrokenWords), `words broken on ${screen}`).toEqual([]);
      expect(await page.evaluate(findLayoutProblems), `the layout of ${screen}`).toEqual([]);
    }
  });
});

/** What of the page's own reading and controls in view lies under `over`, by name. */
async function coveredBy(page: Page, over: string) {
  return page.evaluate((selector) => {
    const cover = document.querySelector(selector)?.getBoundingClientRect();
    if (!cover || cover.height === 0) throw new Error(`nothing on screen matches ${selector}`);
    const covered: string[] = [];
    for (const element of document.querySelectorAll(
      'main p, main span, main h1, main h2, main a, main button, main textarea',
    )) {
      if (element.closest(selector) || element.children.length > 0) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
      const overlaps =
        box.left < cover.right &&
        box.right > cover.left &&
        box.top < cover.bottom &&
        box.bottom > cover.top;
      if (overlaps) covered.push((element.textContent ?? '').trim().slice(0, 30));
    }
    return covered;
  }, over);
}

test.describe('nothing covers the reading or its controls', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the welcome after sign-up sits clear of the first stanza', async ({ page }) => {
    const details = newUserDetails();
    await page.goto('/landing');
    await page.getByRole('button', { name: 'Begin Your Journey' }).click();
    const form = page.getByRole('tabpanel', { name: 'Create Account' });
    await form.getByLabel('Full name').fill(details.fullName);
    await form.getByLabel('Username').fill(details.username);
    await form.getByLabel('Email').fill(details.email);
    await form.getByLabel('Password', { exact: true }).fill(details.password);
    await form.getByLabel('Confirm password').fill(details.password);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/app\/daily-ritual$/);
    await expect(page.getByTestId('stanza-text')).toBeVisible();
    const welcome = page.locator('[data-toast-viewport] li').filter({ hasText: 'Welcome to' });
    await expect(welcome).toBeVisible();
    // A pointer resting on a toast keeps it open while it is measured.
    await welcome.hover();
    await saveScreenshot(page, { path: 'test-results/shots/welcome-390.png' });
    expect(await coveredBy(page, '[data-toast-viewport] li')).toEqual([]);
  });

  test('signing in says welcome back, and nothing about a redirect once it is done', async ({
    page,
  }) => {
    const user = await signUpViaApi(page);
    await page.context().clearCookies();
    await page.goto('/landing');
    await page.getByRole('button', { name: 'I already have an account' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Sign In' });
    await panel.getByLabel('Username or email').fill(user.username);
    await panel.getByLabel('Password', { exact: true }).fill(user.password);
    await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/daily-ritual$/);
    const welcome = page.locator('[data-toast-viewport] li').filter({ hasText: 'Welcome back' });
    await expect(welcome).toBeVisible();
    await welcome.hover();
    await expect(welcome).not.toContainText(/redirecting/i);
    await expect(page.getByTestId('stanza-text')).toBeVisible();
    expect(await coveredBy(page, '[data-toast-viewport] li')).toEqual([]);
  });

  test('the install offer never lies over "Save Reflection"', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(event);
    });
    const offer = page.getByRole('region', { name: 'Install app' }).locator('div').first();
    await expect(offer).toBeVisible();
    await openExplanation(page);
    await page.getByRole('button', { name: 'Reflect', exact: true }).first().click();
    const save = page.getByRole('button', { name: 'Save Reflection' });
    // Until the day's entry is loaded the button is disabled, and a disabled button takes no
    // focus (nor does a reader's Tab reach it).
    await expect(save).toBeEnabled();
    // The page may still be scrolling the control into view: asked again until it settles.
    const expectClearOfTheOffer = async (how: string) =>
      expect
        .poll(
          async () => {
            const [saveBox, offerBox] = [await save.boundingBox(), await offer.boundingBox()];
            if (!saveBox || !offerBox) throw new Error('no Save Reflection or install offer');
            return saveBox.y + saveBox.height - offerBox.y;
          },
          { message: `Save Reflection, ${how}, ends above the offer` },
        )
        .toBeLessThanOrEqual(0);
    // Reached by keyboard, and by a reader who scrolls just until it shows.
    await page.evaluate(() => window.scrollTo(0, 0));
    await save.focus();
    await expectClearOfTheOffer('focused');
    await page.evaluate(() => window.scrollTo(0, 0));
    await save.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await saveScreenshot(page, { path: 'test-results/shots/install-offer-390.png' });
    await expectClearOfTheOffer('scrolled to');
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} the next step of the reading is in sight, and the steps are reached by keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    await expect(page.getByTestId('stanza-text')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const inSight = async (name: string) => {
      const next = page.getByRole('button', { name, exact: true });
      await expect(next).toBeVisible();
      const clear = await next.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const top = document.elementFromPoint(x, y);
        return (
          box.top >= 0 && box.bottom <= window.innerHeight && top !== null && button.contains(top)
        );
      });
      expect(clear, `"${name}" in sight and uncovered`).toBe(true);
    };
    await inSight('Read Explanation');
    await saveScreenshot(page, {
      path: `test-results/shots/daily-first-view-${viewport.width}.png`,
    });

    const steps = page.getByRole('navigation', { name: 'Reading steps' });
    await steps.getByRole('button', { name: 'Step 1: Stanza' }).focus();
    await page.keyboard.press('Tab');
    await expect(steps.getByRole('button', { name: 'Step 2: Meaning' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Understanding' })).toBeVisible();
    await expect(steps.getByRole('button', { name: 'Step 2: Meaning' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await inSight('Reflect');
  });
}

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (page: Page, name: string, box: Promise<Box | null>) => {
  const found = await box;
  if (!found) throw new Error(`${name} has no box on the screen`);
  return found;
};

/** `a` lies wholly left of `b`, and the two share some of the screen's height. */
function expectSideBySide(a: Box, b: Box, what: string) {
  expect(a.x + a.width, `${what}: the first ends before the second begins`).toBeLessThanOrEqual(
    b.x + 0.5,
  );
  expect(
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
    `${what}: side by side, not one under the other`,
  ).toBeGreaterThan(0);
}

test.describe('a 1280×800 desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the places of the app are down the left side, marked and reached by keyboard, with no tab bar at the bottom', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    await expect(page.getByTestId('stanza-text')).toBeVisible();
    // One navigation, along the left edge from top to bottom: the tab bar is gone.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(1);
    const side = await boxOf(page, 'the navigation', nav.boundingBox());
    expect(side.x).toBeLessThanOrEqual(0.5);
    expect(side.y).toBeLessThanOrEqual(0.5);
    expect(side.height).toBeGreaterThanOrEqual(799);
    expect(side.width).toBeLessThanOrEqual(320);
    const main = await boxOf(page, 'the page', page.locator('main').boundingBox());
    expect(main.x, 'the page begins right of the navigation').toBeGreaterThanOrEqual(
      side.x + side.width - 0.5,
    );
    await expect(nav.getByRole('link', { name: 'The Threefold Path' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Daily Ritual' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
      /.*/,
    );

    // From the top of the page, the keyboard reaches each place in turn and opens it.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    const reached: string[] = [];
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() =>
          document.activeElement?.closest('nav[aria-label="Main"]')
            ? (document.activeElement.textContent ?? '')
            : '',
        ),
      );
    }
    expect(reached).toEqual(['The Threefold Path', 'Daily Ritual', 'Dashboard', 'Community']);
    await nav.getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await saveScreenshot(page, { path: 'test-results/shots/dashboard-1280.png' });
  });

  test('the reflection form stands beside the reading, and the journal beside the progress', async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto('/app/daily-ritual');
    const stanza = page.getByTestId('stanza-text');
    await expect(stanza).toBeVisible();
    const thoughts = page.getByRole('textbox', { name: 'Good Thoughts' });
    await expect(thoughts).toBeEnabled();
    await saveScreenshot(page, { path: 'test-results/shots/daily-1280.png' });
    expectSideBySide(
      await boxOf(page, 'the stanza', stanza.boundingBox()),
      await boxOf(page, 'Good Thoughts', thoughts.boundingBox()),
      'the stanza and the form',
    );
    // The explanation takes the stanza's place; the form stays beside it, and Reflect moves to it.
    await openExplanation(page);
    const understanding = page.getByRole('heading', { name: 'Understanding' });
    const reflection = page.getByRole('heading', { name: 'Daily Reflection', level: 2 });
    expectSideBySide(
      await boxOf(page, 'the explanation', understanding.boundingBox()),
      await boxOf(page, 'the form', reflection.boundingBox()),
      'the explanation and the form',
    );
    await page.getByRole('button', { name: 'Reflect', exact: true }).click();
    await expect(reflection).toBeFocused();
    await expect(understanding).toBeVisible();
    await thoughts.fill('Speak gently to the people nearest me.');
    await page.getByRole('button', { name: 'Save Reflection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Day 100 complete' })).toBeVisible();

    await page.goto('/app/dashboard?tab=journal');
    const journey = page.getByRole('heading', { name: 'Your journey' });
    const journal = page.getByText('Speak gently to the people nearest me.');
    await expect(journal).toBeVisible();
    const journeyBox = await boxOf(page, 'Your journey', journey.boundingBox());
    // The reflections lead, as on a phone; the numbers about them stand in the column beside.
    expectSideBySide(
      await boxOf(page, 'the journal’s tabs', page.getByRole('tablist').boundingBox()),
      journeyBox,
      'the journal and the progress',
    );
    const entry = await boxOf(page, 'the entry', journal.boundingBox());
    expect(entry.x + entry.width, 'the entry left of the progress').toBeLessThanOrEqual(
      journeyBox.x + 0.5,
    );
  });

  test.describe('with the text at 200%', () => {
    test.use({ textSize: 200 });

    // 1280 px holds 40rem of text this large: too little for two columns and a side navigation.
    test('the page keeps the one column and the tab bar, and reads whole', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/app/daily-ritual');
      await expect(page.getByTestId('stanza-text')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const nav = await boxOf(
        page,
        'the tab bar',
        page.getByRole('navigation', { name: 'Main' }).boundingBox(),
      );
      expect(nav.y + nav.height).toBeCloseTo(800, 0);
      expect(nav.width).toBeCloseTo(1280, 0);
      await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toHaveCount(0);
      await saveScreenshot(page, { path: 'test-results/shots/daily-1280-text-200.png' });
      expect(await page.evaluate(findBrokenWords)).toEqual([]);
    });
  });
});

test('a glossary word never wraps apart from the punctuation around it', async ({ page }) => {
  await signUpViaApi(page);
  // Day 3's explanation glosses "(Khshathra)" among others.
  await page.goto('/app/daily-ritual/3');
  await openExplanation(page);
  const words = page.locator('main button[aria-haspopup="dialog"]');
  await expect(words.first()).toBeVisible();
  const apart: string[] = [];
  for (let width = 300; width <= 430; width += 4) {
    await page.setViewportSize({ width, height: 800 });
    apart.push(
      ...(
        await words.evaluateAll((triggers) => {
          const found: string[] = [];
          const lineOf = (node: Node, start: number, end: number) => {
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, end);
            return Math.round(range.getBoundingClientRect().top);
          };
          const texts: Text[] = [];
          const walker = document.createTreeWalker(
            document.querySelector('main')!,
            NodeFilter.SHOW_TEXT,
          );
          for (let node = walker.nextNode(); node; node = walker.nextNode())
            texts.push(node as Text);
          for (const trigger of triggers) {
            const inside = texts.filter((text) => trigger.contains(text));
            const first = inside[0];
            const last = inside[inside.length - 1];
            if (!first || !last) continue;
            const before = texts[texts.indexOf(first) - 1];
            const after = texts[texts.indexOf(last) + 1];
            const word = trigger.textContent ?? '';
            if (before?.data && /\S$/.test(before.data)) {
              const at = before.data.length;
              if (lineOf(before, at - 1, at) !== lineOf(first, 0, 1))
                found.push(`"${before.data.slice(-1)}" before ${word}`);
            }
            if (after?.data && /^\S/.test(after.data)) {
              if (lineOf(after, 0, 1) !== lineOf(last, last.data.length - 1, last.data.length))
                found.push(`"${after.data[0]}" after ${word}`);
            }
          }
          return found;
        })
      ).map((problem) => `${problem} at ${width} px`),
    );
  }
  expect(apart).toEqual([]);
});
