// Run first by `npm test`: makes sure there is a Chromium for the end-to-end tests and
// Lighthouse before the long steps start, installing the Debian package when it may.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromiumPlan } from './chromium.mjs';

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

const plan = chromiumPlan({
  configured: process.env.CHROMIUM_PATH,
  isUsable,
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath('apt-get'),
});

if (plan.action === 'stop') {
  console.error(plan.message);
  process.exit(1);
}
if (plan.action === 'install') {
  console.log(`No Chromium at ${plan.path}: installing the Debian package chromium.`);
  for (const [program, ...args] of plan.commands) {
    // Waits for another apt-get holding the package database rather than failing at once.
    const run = spawnSync(program, ['-o', 'DPkg::Lock::Timeout=600', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) {
      console.error(`${program} ${args.join(' ')} failed: install the Debian package chromium.`);
      process.exit(1);
    }
  }
  if (!isUsable(plan.path)) {
    console.error(`The chromium package is installed but ${plan.path} is missing.`);
    process.exit(1);
  }
}
console.log(`Chromium: ${plan.path}`);
