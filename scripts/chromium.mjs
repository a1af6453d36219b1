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
