import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bufferedLogDestination } from './log-output.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A file to log to, open already as standard output is. */
function logFile(): { file: string; fd: number } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-output-'));
  const file = path.join(dir, 'out.log');
  return { file, fd: fs.openSync(file, 'a') };
}

const written = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

describe('the buffered log output', () => {
  it('holds a few short lines until flushed, then writes them whole and in order', async () => {
    const { file, fd } = logFile();
    const logs = bufferedLogDestination(fd);
    const lines = ['{"msg":"one"}\n', '{"msg":"zwei – ü"}\n', '{"msg":"三"}\n'];
    for (const line of lines) logs.stream.write(line);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written(file)).toBe('');
    await logs.flush();
    expect(written(file)).toBe(lines.join(''));
  });

  it('writes a busy stream in blocks without being asked, every line once and in order', async () => {
    const { file, fd } = logFile();
    // No timed flush within the test: what is written, the lines' own amount made it so.
    const logs = bufferedLogDestination(fd, 3_600_000);
    const lines = Array.from({ length: 300 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(80)}"}\n`);
    for (const line of lines) logs.stream.write(line);
    await expect.poll(() => written(file).length, { timeout: 5_000 }).toBeGreaterThan(20_000);
    // What is out is a whole first part of the lines, in order.
    const out = written(file);
    expect(lines.join('').startsWith(out)).toBe(true);
    await logs.flush();
    expect(written(file)).toBe(lines.join(''));
  });
});
