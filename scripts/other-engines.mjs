// The programs the smoke run in the other engines needs (scripts/engine-smoke.mjs): Firefox ESR,
// driven over WebDriver BiDi, and WebKit's MiniBrowser behind WebKitWebDriver on a virtual
// display. All are Debian packages; nothing is downloaded from a browser vendor.
import { programPlan } from './debian-programs.mjs';

export const firefoxProgram = {
  name: 'Firefox ESR',
  variable: 'FIREFOX_PATH',
  debianPackage: 'firefox-esr',
  defaultPath: '/usr/bin/firefox-esr',
};

/** The driver; its package brings the WebKitGTK library with the MiniBrowser. */
export const webkitDriverProgram = {
  name: 'WebKitWebDriver',
  variable: 'WEBKIT_DRIVER_PATH',
  debianPackage: 'webkit2gtk-driver',
  defaultPath: '/usr/bin/WebKitWebDriver',
};

export const xvfbProgram = {
  name: 'xvfb-run',
  variable: 'XVFB_RUN_PATH',
  debianPackage: 'xvfb',
  defaultPath: '/usr/bin/xvfb-run',
};

/** WebKitGTK's own small browser, which WebKitWebDriver starts. */
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const pathOf = (program, env) => env[program.variable] || program.defaultPath;

export const firefoxPath = (env = process.env) => pathOf(firefoxProgram, env);
export const webkitDriverPath = (env = process.env) => pathOf(webkitDriverProgram, env);
export const xvfbRunPath = (env = process.env) => pathOf(xvfbProgram, env);

/** What to do before the tests for each of them, as for Chromium. */
export function otherEnginePlans(machine, env = process.env) {
  return [firefoxProgram, webkitDriverProgram, xvfbProgram].map((program) => ({
    name: program.name,
    plan: programPlan(program, { ...machine, configured: env[program.variable] }),
  }));
}
