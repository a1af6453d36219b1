import {
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  expect,
  test as playwrightTest,
} from '@playwright/test';
import { findLayoutProblems } from './layout-problems.js';

// Every test runs on a date it names, in the browser and on the server alike, so none depends
// on the day the suite happens to run (docs/decisions/006-a-clock-the-tests-own.md).

/** 10 April 2026, noon UTC: day 100, well inside the cycle. Every test's date unless it names one. */
export const MID_CYCLE = '2026-04-10T12:00:00Z';
/** 1 January 2026: day 1, the first day of the year's cycle. */
export const NEW_YEARS_DAY = '2026-01-01T12:00:00Z';
/** 29 August 2026: day 241, the cycle's last day. */
export const LAST_DAY = '2026-08-29T12:00:00Z';
/** 30 August 2026: the cycle starts again at day 1. */
export const CYCLE_RESTART = '2026-08-30T12:00:00Z';

/** The cookie by which the server, started with TEST_CLOCK, moves its clock for one browser. */
const TEST_CLOCK_COOKIE = 'test-clock';

/**
 * Sets the browser's clock and the server's (for this context's requests) to `instant`; both run
 * on from there at the real pace. Call it again to move a test to another date.
 */
export async function setTestDate(context: BrowserContext, instant: string | Date) {
  await shiftClock(context, new Date(instant).getTime() - Date.now());
}

/** Runs the browser's clock and the server's (for this context) `shift` ms from the real time. */
async function shiftClock(context: BrowserContext, shift: number) {
  await context.addCookies([
    {
      name: TEST_CLOCK_COOKIE,
      value: String(shift),
      url: test.info().project.use.baseURL ?? '',
      httpOnly: true,
    },
  ]);
  await context.clock.install({ time: Date.now() + shift });
}

/**
 * Brings the page's service worker to the page's date: the browser's clock reaches pages, not
 * workers. It lasts while the worker runs (the browser stops an idle one after 30 s).
 */
export async function setServiceWorkerDate(page: Page) {
  const [worker] = page.context().serviceWorkers();
  if (!worker) throw new Error('the page has no service worker');
  const pageNow = await page.evaluate(() => Date.now());
  await worker.evaluate((now) => {
    const RealDate = Date;
    const shift = now - RealDate.now();
    globalThis.Date = class extends RealDate {
      constructor(value?: string | number | Date) {
        super(value ?? RealDate.now() + shift);
      }
      static override now() {
        return RealDate.now() + shift;
      }
    } as DateConstructor;
  }, pageNow);
}

/** Sets every page's root font size, as the browser's text-size setting does. */
async function setTextSize(context: BrowserContext, percent: number) {
  if (percent === 100) return;
  await context.addInitScript((size) => {
    // The script may run before the document has its root element.
    const apply = () => {
      if (!document.documentElement) return false;
      document.documentElement.style.fontSize = `${size}%`;
      return true;
    };
    if (!apply())
      new MutationObserver((_, watch) => apply() && watch.disconnect()).observe(document, {
        childList: true,
      });
  }, percent);
}

export type NewDevice = (options?: BrowserContextOptions) => Promise<BrowserContext>;

export const test = playwrightTest.extend<{
  /** The instant the test starts at (ISO 8601); set it with test.use({ now }). */
  now: string;
  /**
   * The browser's text size in percent, as a reader sets it: the root font size from which every
   * size in the app is measured. The layout tour (layout-tour.spec.ts) walks the app at 200%.
   */
  textSize: number;
  /** After each test, every open page of the test's browser is checked to fit its screen. */
  layoutFitsTheScreen: void;
  /**
   * The test's one timeline: how far its clocks run from the real time. Every device shares it,
   * so what one does before another is earlier by the server's clock too.
   */
  clockShift: number;
  /** Another browser (its own cookies and storage) on the test's date; closed after the test. */
  newDevice: NewDevice;
}>({
  now: [MID_CYCLE, { option: true }],
  textSize: [100, { option: true }],
  clockShift: async ({ now }, use) => {
    await use(new Date(now).getTime() - Date.now());
  },
  context: async ({ context, clockShift, textSize }, use) => {
    await shiftClock(context, clockShift);
    await setTextSize(context, textSize);
    await use(context);
  },
  newDevice: async ({ browser, clockShift, textSize }, use) => {
    const devices: BrowserContext[] = [];
    await use(async (options = {}) => {
      const device = await browser.newContext(options);
      devices.push(device);
      await shiftClock(device, clockShift);
      await setTextSize(device, textSize);
      return device;
    });
    await Promise.all(devices.map((device) => device.close()));
  },
  layoutFitsTheScreen: [
    async ({ context, textSize }, use, testInfo) => {
      await use();
      // A failed test has already said what went wrong; its page may be anywhere.
      if (textSize === 100 || testInfo.status !== testInfo.expectedStatus) return;
      for (const page of context.pages()) {
        if (page.isClosed() || !page.url().startsWith(testInfo.project.use.baseURL ?? '-'))
          continue;
        const problems = await page.evaluate(findLayoutProblems).catch(() => []);
        expect(problems, `the layout of ${new URL(page.url()).pathname}`).toEqual([]);
      }
    },
    { auto: true },
  ],
});
