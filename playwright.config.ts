import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_TEST_SWITCHES, chromiumPath } from './scripts/chromium.mjs';

// E2E_PORT and E2E_WEB_DIST let several runs share the machine without sharing a server.
const port = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `test-results/e2e-data-${port}`;

/** Real Chromium against the real built server on a fresh SQLite database. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Three browsers on the CI machine's two cores: with two, the cores stood idle about a seventh
  // of the suite (each test also waits on the server, timers and the network), which a third
  // fills. Measured beside the other engines' smoke run: 9.5 minutes against 12.6 with two; since
  // Chromium stopped building its unseen address-bar popup, 5.8 minutes, and 5.9 with four.
  workers: 3,
  // One retry in CI: a busy machine can delay a page past an expectation's wait; a test that
  // passes only on its retry is reported as flaky in the summary, not hidden.
  retries: process.env.CI_REPORT ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI_REPORT
    ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list']],
  use: {
    baseURL,
    timezoneId: 'UTC',
    // A service worker would answer requests before page.route sees them; only the PWA tests
    // (which opt back in) need one.
    serviceWorkers: 'block',
    locale: 'en-US',
    // A trace records every step of a test, which costs about a quarter of the suite's time; it
    // is kept for a test that failed once, from its retry.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_TEST_SWITCHES,
    },
  },
  projects: [
    // The narrow screens, with the text at 200% and at 160 CSS px wide, are walked by one tour of
    // every screen (e2e/layout-tour.spec.ts), not by the whole suite again.
    //
    // Drawn at one device pixel per CSS pixel unless screenshots are kept to look at: at the
    // phone's 2.625, drawing and compositing the frames took about a sixth of the suite's CPU.
    // Layout is measured in CSS pixels, the same at either ratio (a line of text measured the
    // same width at both), so every check sees the page the phone lays out.
    {
      name: 'mobile',
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        deviceScaleFactor:
          process.env.E2E_SCREENSHOTS === '1' ? devices['Pixel 7'].deviceScaleFactor : 1,
      },
    },
  ],
  outputDir: `test-results/e2e-artifacts-${port}`,
  webServer: {
    command: `rm -rf ${dataDir} && node dist/server/main.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATABASE_URL: `sqlite:${dataDir}/app.db`,
      MAIL_OUTBOX_DIR: `${dataDir}/outbox`,
      // Each image is drawn when first asked for, not all 482 while the tests run.
      SHARE_IMAGES_DIR: `${dataDir}/share-images`,
      SHARE_IMAGES_DRAW_AHEAD: 'false',
      RATE_LIMIT_IP_FACTOR: '1000',
      LOG_LEVEL: 'warn',
      // Production refuses TEST_CLOCK, by which each test sets its own date (docs/decisions/006).
      NODE_ENV: 'test',
      TEST_CLOCK: 'true',
      // Cheap password hashes for the many sign-ups; refused in production too.
      TEST_PASSWORD_HASHING: 'true',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
