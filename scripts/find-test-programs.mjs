// Run first by `npm test`: makes sure the programs the tests launch are there before the long
// steps start: Chromium (end-to-end tests, Lighthouse), nginx (several processes behind a
// proxy), Firefox ESR, WebKitWebDriver and xvfb (the smoke run in the other engines),
// installing their Debian packages when it may.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromiumPlan } from './chromium.mjs';
import { installCommands } from './debian-programs.mjs';
import { nginxPlan } from './nginx.mjs';
import { otherEnginePlans } from './other-engines.mjs';

function isUsable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const onPath = (program) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => isUsable(path.join(dir, program)));

const machine = {
  isUsable,
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath('apt-get'),
};
const plans = [
  { name: 'Chromium', plan: chromiumPlan({ ...machine, configured: process.env.CHROMIUM_PATH }) },
  { name: 'nginx', plan: nginxPlan({ ...machine, configured: process.env.NGINX_PATH }) },
  ...otherEnginePlans(machine),
];

const stops = plans.filter(({ plan }) => plan.action === 'stop');
if (stops.length > 0) {
  for (const { plan } of stops) console.error(plan.message);
  process.exit(1);
}

/**
 * Debian starts a service its package installs; the tests run nginx themselves, so the
 * machine's must not start (and hold port 80). A policy-rc.d answering 101 ("not allowed")
 * is how apt is told so; one the machine already has is left as it is.
 */
function withoutStartingServices(install) {
  const policy = '/usr/sbin/policy-rc.d';
  const ours = !fs.existsSync(policy);
  if (ours) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    return install();
  } finally {
    if (ours) fs.rmSync(policy, { force: true });
  }
}

const installs = plans.filter(({ plan }) => plan.action === 'install');
if (installs.length > 0) {
  const debianPackages = installs.map(({ plan }) => plan.debianPackage);
  console.log(
    `Missing ${installs.map(({ name, plan }) => `${name} at ${plan.path}`).join(', ')}: installing the Debian package${debianPackages.length > 1 ? 's' : ''} ${debianPackages.join(' ')}.`,
  );
  const failed = withoutStartingServices(() => {
    for (const [program, ...args] of installCommands(debianPackages)) {
      // Waits for another apt-get holding the package database rather than failing at once.
      const run = spawnSync(program, ['-o', 'DPkg::Lock::Timeout=600', ...args], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (run.status !== 0) return `${program} ${args.join(' ')}`;
    }
    return undefined;
  });
  if (failed) {
    console.error(`${failed} failed: install the Debian packages ${debianPackages.join(' ')}.`);
    process.exit(1);
  }
  // Under systemd the package also enables nginx for the next boot: not on a test machine.
  if (debianPackages.includes('nginx') && fs.existsSync('/run/systemd/system')) {
    spawnSync('systemctl', ['disable', '--now', 'nginx'], { stdio: 'inherit' });
  }
  for (const { name, plan } of installs) {
    if (!isUsable(plan.path)) {
      console.error(
        `The ${plan.debianPackage} package is installed but ${plan.path} (${name}) is missing.`,
      );
      process.exit(1);
    }
  }
}
for (const { name, plan } of plans) console.log(`${name}: ${plan.path}`);
