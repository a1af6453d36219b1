import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * One SHA-256 over the given files and folders under `root`: every name, every byte, in a
 * fixed order. A path that does not exist counts too, so creating it changes the hash.
 */
export function treeHash(root, paths) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    const name = relative.split(path.sep).join('/');
    let stat;
    try {
      stat = fs.lstatSync(full);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
      hash.update(`missing ${name}\0`);
      return;
    }
    if (stat.isDirectory()) {
      hash.update(`folder ${name}\0`);
      for (const entry of fs.readdirSync(full).sort()) visit(path.join(relative, entry));
    } else if (stat.isSymbolicLink()) {
      hash.update(`link ${name}\0${fs.readlinkSync(full)}\0`);
    } else {
      const bytes = fs.readFileSync(full);
      hash.update(`file ${name} ${bytes.length}\0`);
      hash.update(bytes);
    }
  };
  for (const entry of paths) visit(entry);
  return hash.digest('hex');
}
