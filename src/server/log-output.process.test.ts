import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { projectRoot } from './config.js';

const run = promisify(execFile);

it('the lines held when the process exits are written as it exits', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-exit-'));
  try {
    const file = path.join(dir, 'out.log');
    const moduleUrl = pathToFileURL(path.join(projectRoot, 'dist/server/log-output.js')).href;
    // Three short lines, far below a block, then an exit with no flush (as a failed start does).
    const script = `
      const { bufferedLogDestination } = await import(${JSON.stringify(moduleUrl)});
      const { openSync } = await import('node:fs');
      const logs = bufferedLogDestination(openSync(${JSON.stringify(file)}, 'a'));
      for (const n of [1, 2, 3]) logs.stream.write('{"n":' + n + '}\\n');
      process.exit(1);
    `;
    await expect(run(process.execPath, ['--input-type=module', '-e', script])).rejects.toThrow();
    expect(fs.readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
