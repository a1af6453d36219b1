import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  type Locator,
  type LocatorScreenshotOptions,
  type Page,
  type PageScreenshotOptions,
  expect,
} from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const dataDir = `test-results/e2e-data-${process.env.E2E_PORT ?? 4317}`;
export const outboxDir = `${dataDir}/outbox`;
/** The database the end-to-end server serves (playwright.config.ts), for operator commands. */
export const e2eDatabaseUrl = `sqlite:${dataDir}/app.db`;

/**
 * Screenshots for people to look at (test-results/screens/) are taken only when asked for with
 * E2E_SCREENSHOTS=1: writing them costs every run time and tells the run nothing.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/** Saves a screenshot of the page or element when E2E_SCREENSHOTS=1; otherwise does nothing. */
export async function saveScreenshot(
  target: Page | Locator,
  options: PageScreenshotOptions & LocatorScreenshotOptions,
): Promise<void> {
  if (screenshotsWanted) await target.screenshot(options);
}

export interface TestUser {
  id: number;
  username: string;
  email: string;
  fullName: string;
  password: string;
}

let counter = 0;
/** Fresh, unique sign-up details for one test. */
export function newUserDetails(
  overrides: Partial<Omit<TestUser, 'id'>> & { postalCode?: string } = {},
) {
  counter += 1;
  const tag = `${process.pid}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `e2e_${tag}`,
    email: `e2e_${tag}@example.test`,
    fullName: `Test Person ${tag}`,
    password: 'a calm long password',
    ...overrides,
  };
}

const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

/** Signs up through the API; the page's browser context then holds the session cookie. */
export async function signUpViaApi(
  page: Page,
  overrides: Parameters<typeof newUserDetails>[0] = {},
): Promise<TestUser> {
  const details = newUserDetails(overrides);
  const response = await page.request.post('/api/auth/signup', { headers: xhr, data: details });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: TestUser };
  return { ...user, password: details.password };
}

/** Calls the API as the page's signed-in person. */
export async function apiCall<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const response = await page.request.fetch(url, {
    method,
    headers: xhr,
    ...(data !== undefined ? { data } : {}),
    // A kept-alive connection the server closed as it went idle resets the next call sent on
    // it; a browser asks again on a fresh one, and so does a read here.
    ...(method === 'GET' ? { maxRetries: 2 } : {}),
  });
  return { status: response.status(), body: (await response.json().catch(() => null)) as T };
}

/** Today's reading day as the server sees it (the browser runs in UTC). */
export async function currentDay(page: Page): Promise<number> {
  const response = await page.request.get('/api/thoughts/today', {
    headers: { 'X-Timezone': 'UTC' },
  });
  return ((await response.json()) as { currentDay: number }).currentDay;
}

/**
 * Waits for the page's entrances to end, so a check sees what a reader sees once it settles: an
 * element still fading in reads as faint, and a dialog still opening leaves its overlay over its
 * buttons. Endless animations (a spinner) are left running.
 */
export async function untilAnimationsEnd(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Runs axe-core in the page and fails on any WCAG 2 A/AA violation. */
export async function expectNoAxeViolations(page: Page) {
  await untilAnimationsEnd(page);
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses inline scripts. A
  // page that already holds axe (an earlier check since it loaded) is not given it again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: { id: string; help: string; nodes: { target: unknown }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => n.target),
    }));
  });
  expect(violations).toEqual([]);
}

/** The newest reset link written to the outbox (no SMTP server in end-to-end runs). */
export function latestResetToken(email: string): Promise<string> {
  return latestMailedToken(email, 'password-reset');
}

/** The token of the newest link to `page` (a path of the app) mailed to `email`. */
export async function latestMailedToken(email: string, page: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outboxDir, file), 'utf8');
      const text = raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!text.includes(`To: ${email}`)) continue;
      const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${page} mail for ${email}`);
}

/** A toast with this title is on screen. */
export async function expectToast(page: Page, title: string, description?: string) {
  await expect(
    page
      .locator('li[role="status"], [data-state="open"]')
      .getByText(title, { exact: true })
      .first(),
  ).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true }).first()).toBeVisible();
}

/** A progress record whose current stanza is far from `day`, so reading near it unlocks nothing. */
export async function keepProgressAwayFrom(page: Page, baseURL: string | undefined, day: number) {
  const record = {
    lastReadDay: 1,
    readDays: [],
    totalDays: 293,
    gathaViewed: [],
    explanationViewed: [],
    reflectionSaved: [],
    currentStanza: day === 241 ? 200 : 241,
  };
  await page.context().addCookies([
    {
      name: 'gatha-progress',
      value: encodeURIComponent(JSON.stringify(record)),
      url: baseURL ?? '',
    },
  ]);
}

/**
 * A new reader, signed up in the page's browser, whose progress is away from today (a save
 * there then moves on to no other day): returns today's day.
 */
export async function newReaderStayingOnToday(page: Page, baseURL: string | undefined) {
  await signUpViaApi(page);
  const today = await currentDay(page);
  await keepProgressAwayFrom(page, baseURL, today);
  return today;
}

/**
 * Opens the explanation from the stanza. The server sends a signed-in reader's page before the
 * app's code runs, and a tap that lands before the page is live does nothing, so the tap is
 * made again until the explanation opens.
 */
export async function openExplanation(page: Page) {
  const understanding = page.getByRole('heading', { name: 'Understanding' });
  await expect(async () => {
    // A tap that did open it, only more slowly than the last check waited, is not made again.
    if (!(await understanding.isVisible())) {
      await page.getByRole('button', { name: 'Read Explanation' }).click({ timeout: 2_000 });
    }
    await expect(understanding).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens `path` with every script file held back, as on a slow network: the page shows, and
 * starts its scripts, before any has arrived (its load waits for them). Only what the page
 * carries inline runs. Returns what lets the scripts through.
 */
export async function openWithAppCodeHeld(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => {};
  const appCode = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await appCode;
    await route.continue();
  });
  const asked = page.waitForRequest('**/assets/index-*.js');
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await asked;
  return release;
}

/** Opens the account menu; a tap on the rendered page before its code is live is made again. */
export async function openAccountMenu(page: Page) {
  const logOut = page.getByRole('menuitem', { name: 'Log out' });
  await expect(async () => {
    if (!(await logOut.isVisible()))
      await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(logOut).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Signs in again through the landing screen's sheet, as a person whose device was signed out. */
export async function signInThroughTheSheet(page: Page, user: TestUser, password = user.password) {
  await page.getByRole('button', { name: 'I already have an account' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Sign In' });
  await panel.getByLabel('Username or email').fill(user.username);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Welcome back');
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
}

/**
 * Chooses Report or Block from the "…" menu on a person's card (or reflection), as a reader
 * would: the menu button names the person ("More for {name}").
 */
export async function chooseFromPersonMenu(
  page: Page,
  card: Locator | Page,
  item: 'Report' | 'Report reflection' | 'Block',
  name?: string,
) {
  await card
    .getByRole('button', { name: name === undefined ? /^More for / : `More for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
