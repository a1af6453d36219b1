// The smoke run in the other engines, run by `npm test` after the Chromium suite: a new reader
// signs up, reads today's stanza and its explanation, saves a reflection shared with friends, and
// shares the day, in Firefox ESR (puppeteer-core over WebDriver BiDi) and in WebKit (the
// MiniBrowser behind WebKitWebDriver on a virtual display), against the built server on a port
// and a fresh SQLite database of its own. It writes test-results/engine-smoke.json, which the CI
// summary counts (scripts/summarize-test-results.mjs), and prints one line per engine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { Builder, By, until } from 'selenium-webdriver';
import {
  MINIBROWSER,
  firefoxPath,
  webkitDriverPath,
  xvfbRunPath,
} from '../scripts/other-engines.mjs';

const port = Number(process.env.ENGINE_SMOKE_PORT ?? 4330);
const driverPort = Number(process.env.WEBKIT_DRIVER_PORT ?? 4444);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `test-results/engine-smoke-data-${port}`;
const resultsFile = 'test-results/engine-smoke.json';
// A busy machine (CI runs this right after the browser suite) can take long to draw a screen.
const WAIT_MS = 45_000;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Waits until `check` answers true, or fails saying what never happened. */
async function waitUntil(what, check, timeout = WAIT_MS) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * Types into a field until it holds the words: a field the app re-renders while a sheet opens
 * can drop what was typed into it a moment before. `typeOnce` types and answers the field's value.
 */
async function typeUntilHeld(words, typeOnce) {
  for (let attempt = 1; ; attempt++) {
    // A field being re-rendered may also refuse the keys for a moment (an invalid state).
    const held = await typeOnce().catch((error) => {
      if (attempt === 3) throw error;
      return null;
    });
    if (held === words) return;
    if (attempt === 3) throw new Error(`a field did not keep "${words}"`);
    await sleep(300);
  }
}

async function startServer() {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATABASE_URL: `sqlite:${dataDir}/app.db`,
      MAIL_OUTBOX_DIR: `${dataDir}/outbox`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Only the shared day's image is drawn, when asked for, not all 482 beside the browser
      // suite (a minute of a core); and in this run's folder, not the app's own data.
      SHARE_IMAGES_DIR: `${dataDir}/share-images`,
      SHARE_IMAGES_DRAW_AHEAD: 'false',
      TEST_PASSWORD_HASHING: 'true',
    },
  });
  await waitUntil('the server', async () => (await fetch(`${baseURL}/api/health`)).ok, 60_000);
  return server;
}

/**
 * Where `place()` says an element is, once it says the same twice 100 ms apart: a panel still
 * sliding into view would take a tap meant for its button somewhere else (the tab bar below).
 */
async function untilStill(place) {
  let last = await place();
  for (let look = 0; look < 50; look++) {
    await sleep(100);
    const now = await place();
    if (!now || JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

const button = (name) =>
  `//button[normalize-space()=${JSON.stringify(name)} or @aria-label=${JSON.stringify(name)}]`;
const field = (label, within = '') =>
  `//*[@id=${within}//label[normalize-space()=${JSON.stringify(label)}]/@for]`;
/** The open tab's panel: the sign-in form's fields share their names with the sign-up form's. */
const openTab = `//*[@role="tabpanel" and @data-state="active"]`;
const text = (words) => `//*[normalize-space(text())=${JSON.stringify(words)}]`;

/** The step the walk is on, which a walk that stopped answering is reported with. */
let currentStep = 'starting the browser';
/** When the current step began: a step that has not answered for long is a driver that hung. */
let stepStarted = Date.now();

/** The same browser, each step named as it begins. */
function naming(browser) {
  const named =
    (name, act) =>
    (...args) => {
      currentStep = `${name} ${String(args[0]).slice(0, 120)}`;
      stepStarted = Date.now();
      return act(...args);
    };
  return {
    ...browser,
    goto: named('goto', browser.goto),
    waitFor: named('wait for', browser.waitFor),
    click: named('click', browser.click),
    // A field is disabled while its form loads what it holds (the day's reflection): typed
    // into only once it takes keys, however long a busy machine takes to load it.
    type: named('type into', (xpath, words) => browser.type(`${xpath}[not(@disabled)]`, words)),
    run: named('run', browser.run),
  };
}

/**
 * The reader's first day, through the UI alone. `browser` drives one engine: goto, click and
 * type find what they touch by XPath and act with real input; run evaluates in the page.
 */
async function firstDay(browser) {
  try {
    await firstDaySteps(naming(browser));
  } catch (error) {
    // What the page showed when a step failed, beside the report.
    await browser.screenshot().catch(() => undefined);
    throw error;
  }
}

async function firstDaySteps(browser) {
  const tag = `${process.pid}${Date.now().toString(36)}`;
  await browser.goto(`${baseURL}/landing`);
  await browser.click(button('Begin Your Journey'));
  await browser.type(field('Full name', openTab), `Smoke Reader ${tag}`);
  await browser.type(field('Username', openTab), `smoke_${tag}`);
  await browser.type(field('Email', openTab), `smoke_${tag}@example.test`);
  await browser.type(field('Password', openTab), 'a calm long password');
  await browser.type(field('Confirm password', openTab), 'a calm long password');
  await browser.click(`${openTab}//button[@type="submit"]`);
  await waitUntil('the daily screen', async () =>
    (await browser.url()).endsWith('/app/daily-ritual'),
  );
  // A new reader first chooses a pace; reading with everyone is chosen already.
  await browser.click(button('Start reading'));
  await browser.waitFor('//*[@data-testid="stanza-text"]');
  await browser.click(button('Read Explanation'));
  await browser.waitFor(text('Understanding'));
  await browser.click(button('Reflect'));
  const thought = `Listen before answering (${tag}).`;
  await browser.type(field('Good Thoughts'), thought);
  await browser.click(button('Save Reflection'));
  await browser.waitFor(text('Saved!'));
  // Read back from the reader's whole journal, not today's day alone: a tap that lands as the
  // page moves under it can open another day, and what is checked here is that the engine's
  // save reached the server and is kept.
  const saved = await browser.run(`
    const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-Timezone': 'UTC' };
    const today = await (await fetch('/api/thoughts/today', { headers })).json();
    const entries = await (await fetch('/api/journal', { headers })).json();
    return JSON.stringify({ today: today.currentDay, entries });`);
  if (!saved.includes(thought)) {
    throw new Error(`the saved reflection is not kept: ${saved}`);
  }
  const { today, entries } = JSON.parse(saved);
  const days = entries.map((entry) => entry.dayNumber);
  // Said, not failed: the save is what this checks, and the day is the one the page showed.
  if (!days.includes(today)) console.warn(`engine smoke: saved on day ${days}, today is ${today}`);
  if (/"isPrivate":true/.test(saved)) throw new Error('the reflection was not shared: ' + saved);
  // Sharing the day: the system's share sheet where there is one, else the app's own.
  const hasShareSheet = await browser.run(`return typeof navigator.share === 'function';`);
  await browser.click(button('Back to Gatha'));
  await browser.click(button('Share'));
  if (!hasShareSheet) await browser.waitFor(button('Copy link'));
}

async function inFirefox(onStop) {
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    protocol: 'webDriverBiDi',
    defaultViewport: { width: 390, height: 844 },
  });
  onStop(() => firefox.process()?.kill('SIGKILL'));
  try {
    const page = await firefox.newPage();
    page.setDefaultTimeout(WAIT_MS);
    const find = (xpath) => page.waitForSelector(`::-p-xpath(${xpath})`, { visible: true });
    await firstDay({
      goto: async (url) => void (await page.goto(url)),
      url: async () => page.url(),
      waitFor: async (xpath) => void (await find(xpath)),
      // As in WebKit, the element is brought to the middle first: scrolled only just into
      // view, a button low on the page sits under the tab bar, which would take the tap.
      click: async (xpath) => {
        const element = await find(xpath);
        await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await untilStill(() => element.boundingBox());
        await element.click();
      },
      type: (xpath, words) =>
        typeUntilHeld(words, async () => {
          const element = await find(xpath);
          await element.click();
          await element.evaluate((el) => {
            el.value = '';
          });
          await element.type(words);
          return element.evaluate((el) => el.value);
        }),
      run: (body) => page.evaluate(`(async () => { ${body} })()`),
      screenshot: () => page.screenshot({ path: 'test-results/engine-smoke-firefox.png' }),
    });
  } finally {
    await firefox.close();
  }
}

async function inWebKit(onStop) {
  const driverProcess = spawn(
    xvfbRunPath(),
    ['-a', '-s', '-screen 0 1400x1000x24', webkitDriverPath(), `--port=${driverPort}`],
    { stdio: 'ignore', detached: true },
  );
  const stopDriver = (signal = 'SIGTERM') => {
    try {
      process.kill(-driverProcess.pid, signal);
    } catch {
      // Already gone.
    }
  };
  onStop(() => stopDriver('SIGKILL'));
  try {
    await waitUntil(
      'WebKitWebDriver',
      async () => (await fetch(`http://127.0.0.1:${driverPort}/status`)).ok,
    );
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${driverPort}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // WebKit keeps its profile between runs: a service worker from an earlier build asks to
        // update (register-service-worker.ts), and the reader would say yes.
        unhandledPromptBehavior: 'accept',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    try {
      // A phone's width, as in Firefox: the walk is the phone's one screen at a time.
      // A page or script is given up on as a step is (WebDriver's own defaults: 300 s and 30 s).
      await driver.manage().setTimeouts({ pageLoad: WAIT_MS, script: WAIT_MS });
      await driver.manage().window().setRect({ width: 390, height: 844 });
      const find = async (xpath) => {
        const element = await driver.wait(until.elementLocated(By.xpath(xpath)), WAIT_MS);
        await driver.wait(until.elementIsVisible(element), WAIT_MS);
        return element;
      };
      // A scripted click opens no Radix menu in any engine: the pointer taps the middle.
      // An element re-rendered between finding and tapping is found again. As Playwright does,
      // the tap waits until the element is the one the pointer would touch there: a toast or a
      // bar sliding over it would take the tap, and the walk would wait for what never comes.
      const tap = async (xpath) => {
        for (let attempt = 1; ; attempt++) {
          const element = await find(xpath);
          const middleOf = () =>
            driver.executeScript(
              `const el = arguments[0];
               if (!el.isConnected) return null;
               el.scrollIntoView({ block: 'center' });
               const box = el.getBoundingClientRect();
               const x = Math.round(box.left + box.width / 2);
               const y = Math.round(box.top + box.height / 2);
               const hit = document.elementFromPoint(x, y);
               const over = hit && !el.contains(hit) && !hit.contains(el)
                 ? (hit.outerHTML || '').slice(0, 160) : null;
               return { x, y, over };`,
              element,
            );
          let middle = await untilStill(middleOf);
          const end = Date.now() + WAIT_MS;
          while (middle?.over && Date.now() < end) {
            await sleep(200);
            middle = await untilStill(middleOf);
          }
          if (middle?.over) throw new Error(`${xpath} stayed under ${middle.over}`);
          if (middle) {
            await driver
              .actions()
              .move({ x: middle.x, y: middle.y, origin: 'viewport' })
              .click()
              .perform();
            return element;
          }
          if (attempt === 3) throw new Error(`${xpath} kept leaving the page`);
          await sleep(300);
        }
      };
      await firstDay({
        goto: (url) => driver.get(url),
        url: () => driver.getCurrentUrl(),
        waitFor: async (xpath) => void (await find(xpath)),
        click: async (xpath) => void (await tap(xpath)),
        type: (xpath, words) =>
          typeUntilHeld(words, async () => {
            const element = await tap(xpath);
            await element.clear();
            await element.sendKeys(words);
            return element.getAttribute('value');
          }),
        run: (body) => driver.executeScript(`return (async () => { ${body} })();`),
        screenshot: async () =>
          fs.writeFileSync(
            'test-results/engine-smoke-webkit.png',
            await driver.takeScreenshot(),
            'base64',
          ),
      });
    } finally {
      await driver.quit();
    }
  } finally {
    stopDriver();
  }
}

/**
 * How long one engine's walk may take: it takes 10-25 s, and each step waits at most WAIT_MS, but
 * a driver that stops answering a command would hold the whole test run for ever. A step (a tap
 * finds its element, waits for it to be seen and to stand still, then taps) that has not answered
 * well past WAIT_MS is a driver that hung: the walk is given up then, not at the walk's deadline.
 */
const WALK_DEADLINE_MS = 3 * 60_000;
const STEP_DEADLINE_MS = WAIT_MS + 20_000;

/** A walk whose browser or driver stopped answering, as opposed to one that found a fault. */
class NoAnswer extends Error {}

/** Runs an engine's walk; past a deadline, its browser is stopped and the walk fails. */
async function withinDeadline(engine) {
  currentStep = 'starting the browser';
  stepStarted = Date.now();
  const walkStarted = Date.now();
  let stopBrowser = () => undefined;
  let watch;
  const deadline = new Promise((_, reject) => {
    watch = setInterval(() => {
      const now = Date.now();
      const stepTook = now - stepStarted;
      if (stepTook < STEP_DEADLINE_MS && now - walkStarted < WALK_DEADLINE_MS) return;
      stopBrowser();
      const waited = stepTook >= STEP_DEADLINE_MS ? stepTook : now - walkStarted;
      reject(new NoAnswer(`no answer within ${Math.round(waited / 1000)} s, at: ${currentStep}`));
    }, 1000);
  });
  try {
    await Promise.race([engine.run((stop) => (stopBrowser = stop)), deadline]);
  } finally {
    clearInterval(watch);
  }
}

const engines = [
  { name: 'Firefox ESR', run: inFirefox },
  { name: 'WebKit', run: inWebKit },
];

const server = await startServer();
const results = [];
try {
  for (const engine of engines) {
    const started = Date.now();
    try {
      // A walk whose driver stopped answering (seen twice, in WebKit, on a machine's first run),
      // or that waited out a step's 45 s (seen once, in WebKit, on a machine twice as slow, with
      // the Chromium suite beside it), is walked once more in a new browser and reported as
      // flaky, as a browser test passing on its one retry is; a walk that found a fault is not.
      const stoppedAnswering = await withinDeadline(engine).then(
        () => null,
        (error) => {
          if (!(error instanceof NoAnswer) && error?.name !== 'TimeoutError') throw error;
          console.warn(`engine smoke: ${engine.name} walked again: ${error.message}`);
          return error.message;
        },
      );
      if (stoppedAnswering) await withinDeadline(engine);
      results.push({
        engine: engine.name,
        passed: true,
        ...(stoppedAnswering ? { flaky: stoppedAnswering } : {}),
      });
      console.log(
        `engine smoke: ${engine.name} passed (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    } catch (error) {
      // An alert the page raised says what it was.
      const alert = typeof error?.getAlertText === 'function' ? `: "${error.getAlertText()}"` : '';
      results.push({ engine: engine.name, passed: false, error: `${String(error)}${alert}` });
      console.error(
        `engine smoke: ${engine.name} FAILED${alert}: ${error instanceof Error ? error.stack : error}`,
      );
    }
  }
} finally {
  server.kill('SIGTERM');
}
const passed = results.filter((result) => result.passed).length;
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
// Counted as a Vitest report is (numPassedTests, numFailedTests).
fs.writeFileSync(
  resultsFile,
  JSON.stringify(
    { numPassedTests: passed, numFailedTests: results.length - passed, results },
    null,
    2,
  ),
);
process.exit(passed === results.length ? 0 : 1);
