import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../config.js';
import { freePort, type ServerProcess, waitUntilReady } from '../test-support/server-processes.js';
import { killNpmScript, startNpmScript } from '../test-support/npm-scripts.js';

const run = promisify(execFile);
const dist = path.join(projectRoot, 'dist');

/** The build's stamp and its files, as a rebuild would change them. */
function buildAsItIs() {
  const stamp = path.join(dist, '.build-stamp.json');
  const server = fs.statSync(path.join(dist, 'server', 'main.js'));
  const page = fs.statSync(path.join(dist, 'web', 'index.html'));
  return {
    stamp: fs.readFileSync(stamp, 'utf8'),
    stampWritten: fs.statSync(stamp).mtimeMs,
    files: [server.ino, server.mtimeMs, page.ino, page.mtimeMs],
  };
}

let scratch: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  // Builds now if the tree changed since the last build, so what follows starts from a build.
  await run(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: projectRoot });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-start-'));
}, 240_000);

afterAll(() => {
  for (const server of servers) killNpmScript(server);
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('npm start on an unchanged tree', () => {
  it('finds the build up to date at once', async () => {
    const before = buildAsItIs();
    const started = performance.now();
    const { stdout } = await run(process.execPath, ['scripts/build-if-changed.mjs'], {
      cwd: projectRoot,
    });
    // A build takes many seconds; comparing hashes, a fraction of one.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(stdout).toContain('nothing rebuilt');
    expect(buildAsItIs()).toEqual(before);
  });

  it('twice at once, rebuilds nothing, and both serve; each stops with npm', async () => {
    const before = buildAsItIs();
    for (const name of ['first', 'second']) {
      servers.push(
        startNpmScript({
          cwd: projectRoot,
          script: 'start',
          port: await freePort(),
          dataDir: path.join(scratch, name),
        }),
      );
    }
    await Promise.all(servers.map((server) => waitUntilReady(server)));
    for (const server of servers) {
      expect(server.output()).toContain('nothing rebuilt');
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    }
    expect(buildAsItIs()).toEqual(before);

    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
      // npm passes the signal on and waits for the server: once it has ended, nothing answers.
      await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
    }
  });
});
