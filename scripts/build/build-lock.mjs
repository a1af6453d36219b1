import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether a process with this id runs (on this machine). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The process id written in the lock, or null while it is being written or gone. */
function holderOf(file) {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Creates the lock with this process's id already in it, in one step (a hard link fails when
 * the name exists), so no other process ever reads a lock without its holder.
 */
function tryTake(file) {
  const mine = `${file}.${process.pid}`;
  fs.writeFileSync(mine, `${process.pid}\n`);
  try {
    fs.linkSync(mine, file);
    return true;
  } catch (error) {
    if (error.code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/**
 * Removes a lock whose holder has ended (killed mid-build, say). The lock is first moved
 * aside, so of several processes finding it at once only one removes it; should another have
 * taken a fresh lock in between, that one is put back.
 */
function clearStale(file, deadHolder) {
  const aside = `${file}.stale-${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  if (holderOf(aside) !== deadHolder) {
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
  fs.rmSync(aside, { force: true });
}

/**
 * Runs `work` while holding the lock `file`: one holder at a time across processes, the
 * others waiting their turn (`onWait` is told once, with the holder's id).
 */
export async function withLock(file, work, { onWait = () => {}, waitMs = 30 * 60_000 } = {}) {
  const deadline = Date.now() + waitMs;
  let told = false;
  while (!tryTake(file)) {
    const holder = holderOf(file);
    if (holder !== null && !isRunning(holder)) {
      clearStale(file, holder);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`${file} is still held by process ${holder}; remove it if that is no build`);
    }
    if (!told && holder !== null) {
      onWait(holder);
      told = true;
    }
    await sleep(100);
  }
  try {
    return await work();
  } finally {
    if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
  }
}
