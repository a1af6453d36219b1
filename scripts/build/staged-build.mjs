import fs from 'node:fs';
import path from 'node:path';
import { withLock } from './build-lock.mjs';
import { treeHash } from './tree-hash.mjs';

/** Written last by a build that succeeded: what it was made from and what it made. */
export const STAMP_FILE = '.build-stamp.json';
const LOCK_FILE = '.build-lock';

/**
 * Where a build is made, and where the build it replaces goes for the moment of the swap:
 * beside the output folder rather than in it, so every file sits as deep as it will in the
 * end and the source maps' relative paths hold once it is moved in.
 */
function sideFolders(target) {
  const name = path.basename(target);
  return { staging: `.${name}-next-`, replaced: `.${name}-old-` };
}

function readStamp(outDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

function writeStamp(outDir, stamp) {
  const file = path.join(outDir, STAMP_FILE);
  fs.writeFileSync(`${file}.${process.pid}`, `${JSON.stringify(stamp, null, 2)}\n`);
  fs.renameSync(`${file}.${process.pid}`, file);
}

/** The build in `outDir` was made from these inputs and is as that build left it. */
function isCurrent(outDir, inputsHash) {
  const stamp = readStamp(outDir);
  return (
    stamp !== null &&
    stamp.inputs === inputsHash &&
    Array.isArray(stamp.entries) &&
    stamp.outputs === treeHash(outDir, stamp.entries)
  );
}

/** What builds stopped part way (their process killed) left behind; only run under the lock. */
function removeLeftovers(target) {
  const { staging, replaced } = sideFolders(target);
  const parent = path.dirname(target);
  for (const entry of fs.readdirSync(parent)) {
    if (entry.startsWith(staging) || entry.startsWith(replaced)) {
      fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
    }
  }
}

/**
 * Moves each finished part of the new build into place by renaming, so no part is ever seen
 * half written; the stamp is removed first and written again only once every part is in.
 */
function swapIn(target, staging, entries) {
  fs.rmSync(path.join(target, STAMP_FILE), { force: true });
  const replaced = path.join(path.dirname(target), `${sideFolders(target).replaced}${process.pid}`);
  fs.mkdirSync(replaced);
  for (const entry of entries) {
    const current = path.join(target, entry);
    if (fs.existsSync(current)) fs.renameSync(current, path.join(replaced, entry));
    fs.renameSync(path.join(staging, entry), current);
  }
  fs.rmSync(replaced, { recursive: true, force: true });
}

/**
 * Builds into `outDir` only when the inputs changed since the last build that succeeded, or
 * that build is missing or was altered since (`always` builds regardless). `build(dir)` writes
 * a whole build into an empty folder beside `outDir`; the current build stays in place and in
 * use until the new one is complete, and a build that fails replaces nothing. Builds started
 * at once by several processes take turns, and a process that waited finds the build done.
 *
 * Resolves to 'built' or 'up to date'.
 */
export async function buildIfChanged({ root, outDir, inputs, build, always = false, log }) {
  const target = path.resolve(root, outDir);
  if (!always && isCurrent(target, treeHash(root, inputs))) return 'up to date';
  fs.mkdirSync(target, { recursive: true });
  const onWait = (pid) => log?.(`Waiting for the build process ${pid} is making.`);
  return withLock(
    path.join(target, LOCK_FILE),
    async () => {
      // Read again under the lock: the inputs may have been built while this process waited.
      const inputsHash = treeHash(root, inputs);
      if (!always && isCurrent(target, inputsHash)) return 'up to date';
      removeLeftovers(target);
      const staging = path.join(
        path.dirname(target),
        `${sideFolders(target).staging}${process.pid}`,
      );
      fs.mkdirSync(staging);
      try {
        await build(staging);
        const entries = fs.readdirSync(staging).sort();
        const outputs = treeHash(staging, entries);
        swapIn(target, staging, entries);
        writeStamp(target, { inputs: inputsHash, outputs, entries });
      } finally {
        fs.rmSync(staging, { recursive: true, force: true });
      }
      return 'built';
    },
    { onWait },
  );
}
