// better-sqlite3 finds no prebuilt binary it can download here, so each install compiles SQLite
// (about a minute on two cores). After an install, this keeps the binary it built where
// prebuild-install looks first (npm_config_better_sqlite3_local_prebuilds, named as a release
// download would be), so the next install on this machine unpacks it instead. prebuild-install
// loads a kept binary before using it, and compiles again if it does not load.
// Usage: node scripts/keep-sqlite-build.mjs (with that variable set; .ci/run sets it)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const folder = process.env.npm_config_better_sqlite3_local_prebuilds;
const moduleDir = path.resolve('node_modules/better-sqlite3');
const binary = path.join(moduleDir, 'build/Release/better_sqlite3.node');
if (!folder || !fs.existsSync(binary)) process.exit(0);

const { version } = JSON.parse(fs.readFileSync(path.join(moduleDir, 'package.json'), 'utf8'));
// The name prebuild-install asks for on glibc Linux (its libc part is empty there).
const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
const kept = path.join(folder, name);
if (fs.existsSync(kept)) process.exit(0);

fs.mkdirSync(folder, { recursive: true });
const partial = `${kept}.${process.pid}.tmp`;
const tar = spawnSync('tar', [
  '-C',
  moduleDir,
  '-czf',
  partial,
  'build/Release/better_sqlite3.node',
]);
if (tar.status === 0) fs.renameSync(partial, kept);
else fs.rmSync(partial, { force: true });
