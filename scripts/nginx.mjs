// The nginx the test of several processes behind a proxy runs (never as the machine's
// service: from a folder of its own, on a port of its own).
import { programPlan } from './debian-programs.mjs';

export const NGINX_PACKAGE = 'nginx';
export const DEFAULT_NGINX = '/usr/sbin/nginx';

export const nginxProgram = {
  name: 'nginx',
  variable: 'NGINX_PATH',
  debianPackage: NGINX_PACKAGE,
  defaultPath: DEFAULT_NGINX,
};

/** NGINX_PATH when set, else the Debian package's nginx. */
export function nginxPath(env = process.env) {
  return env.NGINX_PATH || DEFAULT_NGINX;
}

/** What to do before the tests, as for Chromium. */
export function nginxPlan(machine) {
  return programPlan(nginxProgram, machine);
}
