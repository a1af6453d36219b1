import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium.mjs';

// E2E_PORT and E2E_WEB_DIST let several runs share the machine without sharing a server.
const port = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `test-results/e2e-data-${port}`;

/** Real Chromium against the real built server on a fresh SQLite database. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    {
      // The suite again on the narrowest common phone with the text at twice its size; after
      // each test every open page is checked for sideways scrolling and covered or cut
      // controls (e2e/layout-problems.ts). Left out: specs of what happens to data between the
      // device, its worker and the server, whose screens the other specs walk here already.
      name: 'large-text',
      testIgnore: [
        'server-process.spec.ts',
        'pwa.spec.ts',
        'progress-sync.spec.ts',
        'offline-save.spec.ts',
      ],
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 320, height: 568 },
        screen: { width: 320, height: 568 },
        textSize: 200,
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
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
