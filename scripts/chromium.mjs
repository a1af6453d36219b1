// Which Chromium the end-to-end tests, Lighthouse and the icon script launch, and what to do
// when a machine has none.

/** The Debian package that provides it, at DEFAULT_CHROMIUM. */
export const CHROMIUM_PACKAGE = 'chromium';
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

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
export function chromiumPlan({ configured, isUsable, isRoot, hasAptGet }) {
  if (configured) {
    return isUsable(configured)
      ? { action: 'use', path: configured }
      : {
          action: 'stop',
          message: `CHROMIUM_PATH=${configured} is not a program: point CHROMIUM_PATH at Chromium, or unset it to use the Debian package ${CHROMIUM_PACKAGE} (${DEFAULT_CHROMIUM}).`,
        };
  }
  if (isUsable(DEFAULT_CHROMIUM)) return { action: 'use', path: DEFAULT_CHROMIUM };
  if (isRoot && hasAptGet) {
    return {
      action: 'install',
      path: DEFAULT_CHROMIUM,
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', CHROMIUM_PACKAGE],
      ],
    };
  }
  return {
    action: 'stop',
    message: `No Chromium at ${DEFAULT_CHROMIUM}: install the Debian package ${CHROMIUM_PACKAGE} (apt-get install ${CHROMIUM_PACKAGE}), or set CHROMIUM_PATH to a Chromium program.`,
  };
}
