import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './fixtures.js';

// The built server as its own process: configuration errors, start-up and graceful shutdown.

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilReady(url: string, server: { output: () => string }) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

const kill = (child: ChildProcess) => {
  if (child.exitCode === null) child.kill('SIGKILL');
};

test('refuses to start with a bad configuration and names each bad value', async () => {
  const server = startServer({ PORT: 'abc', APP_TIMEZONE: 'Nowhere/Land' });
  const code = await server.exited;
  expect(code).toBe(1);
  expect(server.output()).toContain('PORT: PORT must be a number');
  expect(server.output()).toContain('APP_TIMEZONE: APP_TIMEZONE must be an IANA time zone');
});

test('serves the API on an embedded database and shuts down cleanly on SIGTERM', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-process-'));
  const port = 4400 + Math.floor(Math.random() * 400);
  const server = startServer({
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(`${base}/api/health`, server);
    expect(await (await fetch(`${base}/api/thoughts/meta/total`)).json()).toEqual({
      totalDays: 241,
    });
    const today = (await (await fetch(`${base}/api/thoughts/today`)).json()) as {
      thought: string;
      totalDays: number;
    };
    expect(today.totalDays).toBe(241);
    expect(today.thought.length).toBeGreaterThan(30);

    // Requests racing the signal are answered or refused cleanly (0: connection refused), never a 500.
    const inFlight = Array.from({ length: 20 }, () =>
      fetch(`${base}/api/thoughts`).then((r) => r.status),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight.map((p) => p.catch(() => 0)));
    expect(statuses.every((s) => s === 200 || s === 503 || s === 0)).toBe(true);
    const started = Date.now();
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain('shutting down');
  } finally {
    kill(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
