// Which Chromium the end-to-end tests, Lighthouse and the icon script launch, and what to do
// when a machine has none.
import { programPlan } from './debian-programs.mjs';

/** The Debian package that provides it, at DEFAULT_CHROMIUM. */
export const CHROMIUM_PACKAGE = 'chromium';
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export const chromiumProgram = {
  name: 'Chromium',
  variable: 'CHROMIUM_PATH',
  debianPackage: CHROMIUM_PACKAGE,
  defaultPath: DEFAULT_CHROMIUM,
};

/** What every launch of Chromium here passes (the tests and Lighthouse): the machine's switches. */
export const MACHINE_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The features Playwright turns off with its own --disable-features. Chromium keeps only the last
 * such switch, so a list of ours must repeat Playwright's; e2e/browser-switches.spec.ts fails when
 * a Playwright update adds one this list lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium still builds each window's address-bar popup, a WebUI page in a renderer of
 * its own, though no test can see it: about half of the browser's CPU for a short test.
 */
const UNSEEN_ADDRESS_BAR_POPUP = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/**
 * Chromium starts a spare renderer process for the next page of the last context. Each test
 * closes its contexts, and the spare with them, unused: a quarter of the CPU a test's empty
 * context and page cost (0.5 s against 0.39 s without it, measured over twenty).
 */
const SPARE_RENDERER = ['SpareRendererForSitePerProcess'];

/** The switches the end-to-end tests launch Chromium with. */
export const CHROMIUM_TEST_SWITCHES = [
  ...MACHINE_SWITCHES,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_ADDRESS_BAR_POPUP, ...SPARE_RENDERER].join(',')}`,
];

/** CHROMIUM_PATH when set, else the Debian package's Chromium. */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

/**
 * What to do before the tests: use the Chromium there is; with none, install the Debian
 * package when this process may (root, with apt-get); otherwise stop, in one line saying
 * what is missing. A CHROMIUM_PATH that names no program stops too, rather than quietly
 * testing with another browser.
 */
export function chromiumPlan(machine) {
  return programPlan(chromiumProgram, machine);
}
