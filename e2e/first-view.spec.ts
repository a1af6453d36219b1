import { type Page, expect } from '@playwright/test';
import { openExplanation, openWithAppCodeHeld, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

const HINT_COOKIE = 'tfp_signed_in';

/** Every console error and every call to /api/auth/me the page makes from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const meCalls: number[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/me') meCalls.push(response.status());
  });
  return { errors, meCalls };
}

/**
 * Remembers the page's elements as the server sent them, before the app starts (it starts after
 * the first paint), so a test can tell the app adopted them rather than drawing the page anew:
 * the renderer logs no error for markup it did not match, it replaces it.
 */
async function rememberServedElements(page: Page, selectors: string[]) {
  await page.addInitScript((wanted) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { served: (Element | null)[] }).served = wanted.map((selector) =>
        document.querySelector(selector),
      );
    });
  }, selectors);
  return () =>
    page.evaluate(() =>
      (window as unknown as { served: (Element | null)[] }).served.map(
        (element) => element?.isConnected ?? false,
      ),
    );
}

async function hint(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === HINT_COOKIE)?.value;
}

test('the landing arrives rendered and compressed, and comes alive without asking who is signed in', async ({
  page,
}) => {
  const html = await page.request.get('/landing', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(html.headers()['content-encoding']).toBe('br');
  expect(html.headers()['vary']).toMatch(/accept-encoding/i);
  const body = await html.text();
  expect(body).toContain('data-prerendered-for="signed-out"');
  expect(body).toMatch(/<h1[^>]*>The Threefold Path<\/h1>/);
  expect(body).toContain('Begin Your Journey');

  const seen = watch(page);
  const stillServed = await rememberServedElements(page, ['h1', 'main']);
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Begin Your Journey' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(seen.meCalls).toEqual([]);
  expect(seen.errors).toEqual([]);
  // The app adopted the page as it came, rather than drawing it anew.
  expect(await stillServed()).toEqual([true, true]);
});

test('assets are sent compressed, once for each encoding', async ({ page }) => {
  // The app's entry script, as the plain page (every route but the rendered ones) names it.
  const index = await (await page.request.get('/password-reset')).text();
  const script = /<script type="module"[^>]*src="([^"]+)"/.exec(index)?.[1] ?? '';
  expect(script).toMatch(/^\/assets\/index-.+\.js$/);
  const br = await page.request.get(script, { headers: { 'Accept-Encoding': 'br' } });
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['cache-control']).toContain('immutable');
  const gzip = await page.request.get(script, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const api = await page.request.get('/api/thoughts/meta/total', {
    headers: { 'Accept-Encoding': 'br, gzip' },
  });
  expect(api.headers()['content-encoding']).toBeUndefined();
});

test('a signed-out visit to the app goes to the landing without a 401', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/app/daily-ritual');
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Threefold Path' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
  expect(seen.meCalls).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test("signed in, today's reading arrives rendered for the reader and comes alive as it is; signing out ends the checks", async ({
  page,
}) => {
  await signUpViaApi(page);
  expect(await hint(page)).toBe('1');
  const today = (await (await page.request.get('/api/thoughts/today')).json()) as {
    thought: string;
  };
  const firstLine = today.thought.split('\n')[0] ?? '';

  const rendered = await page.request.get('/app/daily-ritual');
  expect(rendered.headers()['cache-control']).toBe('private, no-store');
  const body = await rendered.text();
  expect(body).toContain('data-prerendered-for="reader"');
  expect(body).toContain('aria-label="Main"');
  expect(body).toContain('Read Explanation');
  const seen = watch(page);
  // The header, the page and the tab bar: the last two are hydrated each in a task of its own.
  const stillServed = await rememberServedElements(page, [
    'header',
    'main',
    'nav[aria-label="Main"]',
  ]);
  // Once live, the app reads the reader's journal in the background. Answered only after the
  // sign-out below, that read's 401 has the app ask who is signed in (one wasted question).
  const journalRead = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/journal',
  );
  await page.goto('/app/daily-ritual');
  await expect(page.getByText(firstLine, { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Daily Ritual' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The page came with who is signed in: the app adopts it without asking again.
  await openExplanation(page);
  expect(seen.meCalls).toEqual([]);
  expect(seen.errors).toEqual([]);
  // The app adopted the page as it came, rather than drawing it anew.
  expect(await stillServed()).toEqual([true, true, true]);

  await journalRead;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/landing$/);
  expect(await hint(page)).toBeUndefined();
  await page.goto('/landing');
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  expect(seen.meCalls).toEqual([]);
  // Signed out, the same address is the shell again, and the app sends the reader on.
  await page.goto('/app/daily-ritual');
  await expect(page).toHaveURL(/\/landing$/);
});

test("a tap on the account menu of today's rendered page, before the menu's code is here, opens it once it is", async ({
  page,
}) => {
  await signUpViaApi(page);
  let release: () => void = () => {};
  const menuCode = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/account-menu-*.js', async (route) => {
    await menuCode;
    await route.continue();
  });
  await page.goto('/app/daily-ritual');
  // The app is live (the stanza's own button works) while the menu still waits for its code.
  await openExplanation(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
  release();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  // However large the text, the menu keeps within the screen and every item can be reached.
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/landing$/);
});

test('a tap on a door of the landing, made before the app is live, opens its sheet once it is', async ({
  page,
}) => {
  const release = await openWithAppCodeHeld(page, '/landing');
  await page.getByRole('button', { name: 'I already have an account' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Sign In' })).toHaveCount(0);
  release();
  await expect(page.getByRole('tabpanel', { name: 'Sign In' })).toBeVisible();
});

test("today's reading can be read before any script runs", async ({ newDevice, baseURL }) => {
  const context = await newDevice({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await signUpViaApi(page);
    const today = (await (await page.request.get('/api/thoughts/today')).json()) as {
      thought: string;
    };
    await page.goto('/app/daily-ritual');
    await expect(
      page.getByText(today.thought.split('\n')[0] ?? '', { exact: false }).first(),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a hint left from a session that is over is answered once, then forgotten', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: HINT_COOKIE, value: '1', url: baseURL }]);
  const seen = watch(page);
  await page.goto('/app/daily-ritual');
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  expect(seen.meCalls).toEqual([401]);
  expect(await hint(page)).toBe('0');

  await page.goto('/app/daily-ritual');
  await expect(page).toHaveURL(/\/landing$/);
  expect(seen.meCalls).toEqual([401]);
});

test('a session from before the hint existed is still recognised', async ({ page, baseURL }) => {
  await signUpViaApi(page);
  await page.context().clearCookies({ name: HINT_COOKIE });
  expect(await hint(page)).toBeUndefined();
  await page.goto('/app/daily-ritual');
  await expect(page.getByRole('button', { name: 'Read Explanation' })).toBeVisible();
  expect(await hint(page)).toBe('1');
  expect(new URL(page.url(), baseURL).pathname).toBe('/app/daily-ritual');
});
