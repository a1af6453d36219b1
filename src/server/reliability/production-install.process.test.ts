import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants';
import type { TodayThought } from '#shared/thought-types';
import { projectRoot } from '../config.js';
import {
  freePort,
  type ServerProcess,
  signUpOverHttp,
  waitUntilReady,
} from '../test-support/server-processes.js';
import { killNpmScript, startNpmScript } from '../test-support/npm-scripts.js';

const run = promisify(execFile);

/** What an operator copies to the machine that serves: the build, the manifests, the readings. */
const shipped = ['dist', 'package.json', 'package-lock.json', 'content'];

let home: string;
let server: ServerProcess;

beforeAll(async () => {
  // The whole build, current with the sources (nothing is rebuilt when it already is).
  await run(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: projectRoot });
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-production-'));
  for (const entry of shipped) {
    fs.cpSync(path.join(projectRoot, entry), path.join(home, entry), {
      recursive: true,
      filter: (source) => !source.endsWith('.build-lock'),
    });
  }
  await run(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: home, env: { ...process.env, NODE_ENV: 'production' } },
  );
  const addon = path.join('node_modules', 'better-sqlite3', 'build', 'Release');
  fs.mkdirSync(path.join(home, addon), { recursive: true });
  fs.copyFileSync(
    path.join(projectRoot, addon, 'better_sqlite3.node'),
    path.join(home, addon, 'better_sqlite3.node'),
  );
  server = startNpmScript({
    cwd: home,
    script: 'serve',
    port: await freePort(),
    dataDir: path.join(home, 'data'),
  });
  await waitUntilReady(server);
}, 240_000);

afterAll(() => {
  killNpmScript(server);
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

/** The renderer's escaping of text in markup (Preact's: these three characters). */
const inMarkup = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');

/**
 * The build with production packages only (`npm ci --omit=dev`), started as README says
 * (`npm run serve`) in a folder of its own, with no development package to fall back on.
 *
 * Install scripts are skipped, and better-sqlite3's compiled addon is taken from this
 * project's own install (same machine, same Node.js): compiling it again from source, where no
 * prebuilt one can be downloaded, would add two minutes and prove nothing about which
 * packages the server needs. The test fails if another production package needs its script.
 */
describe('a production install (npm ci --omit=dev) of the build', () => {
  it('holds no development package, and no production package needing its install script but better-sqlite3', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(home, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript && !entry.dev)
      .map(([name]) => name);
    expect(withScripts).toEqual(['node_modules/better-sqlite3']);
    const devOnly = ['pino-pretty', 'typescript', 'vite', 'vitest', '@playwright/test'];
    const installed = devOnly.filter((name) =>
      fs.existsSync(path.join(home, 'node_modules', name)),
    );
    expect(installed).toEqual([]);
  });

  it('serves the health check and the landing page', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const landing = await fetch(`${server.baseUrl}/`);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await landing.text()).toContain('Threefold Path');
  });

  it("signs a reader up, gives today's thought, saves a reflection and renders their daily page", async () => {
    const reader = await signUpOverHttp(server.baseUrl);

    // Read today's thought on both sides of the page, so a day turning over in between shows.
    let page = '';
    let today: TodayThought | undefined;
    for (let attempt = 0; attempt < 2 && !today; attempt++) {
      const before = await reader.api('GET /api/thoughts/today');
      expect(before.status).toBe(200);
      const answer = await fetch(`${server.baseUrl}/app/daily-ritual`, {
        headers: { cookie: `${SESSION_COOKIE}=${reader.sessionCookie}` },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      page = await answer.text();
      const after = await reader.api('GET /api/thoughts/today');
      if (after.body.dayNumber === before.body.dayNumber) today = before.body;
    }
    expect(today?.thought.length).toBeGreaterThan(0);
    const body = page.replace(/<script[\s\S]*?<\/script>/g, '');
    for (const line of today!.thought.split('\n')) expect(body).toContain(inMarkup(line));

    const saved = await reader.api('POST /api/journal', {
      body: {
        dayNumber: today!.dayNumber,
        entryText: 'Good thoughts\nGood words\nGood deeds',
        isPublic: false,
      },
    });
    expect(saved.status).toBe(201);
    const own = await reader.api('GET /api/journal');
    expect(own.body).toEqual([
      expect.objectContaining({
        dayNumber: today!.dayNumber,
        entryText: 'Good thoughts\nGood words\nGood deeds',
      }),
    ]);
  });

  it('stops gracefully when its process manager stops npm', async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    // npm passes the signal on and waits for the server: once it has ended, nothing answers.
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
  });
});
