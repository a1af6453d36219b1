import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIfChanged, STAMP_FILE } from './staged-build.mjs';

const inputs = ['src', 'package.json'];
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A project of one source file, with no build yet. */
function project(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-build-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'main.ts'), 'export const day = 1;\n');
  fs.writeFileSync(path.join(root, 'package.json'), '{}\n');
  return root;
}

/** A build that copies the source into server/ and writes a page into web/, counting its runs. */
function builder(root: string) {
  const runs: string[] = [];
  const build = async (dir: string) => {
    runs.push(dir);
    fs.mkdirSync(path.join(dir, 'server'));
    fs.copyFileSync(path.join(root, 'src', 'main.ts'), path.join(dir, 'server', 'main.js'));
    fs.mkdirSync(path.join(dir, 'web'));
    fs.writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html>');
  };
  return { runs, build };
}

const built = (root: string, file = 'server/main.js') =>
  fs.readFileSync(path.join(root, 'dist', file), 'utf8');
const stampOf = (root: string) => {
  const file = path.join(root, 'dist', STAMP_FILE);
  return { text: fs.readFileSync(file, 'utf8'), changed: fs.statSync(file).mtimeMs };
};
const leftovers = (root: string) => fs.readdirSync(root).filter((name) => name.startsWith('.dist'));

describe('building only what changed', () => {
  it('builds when there is no build yet', async () => {
    const root = project();
    const { runs, build } = builder(root);
    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build })).toBe('built');
    expect(runs).toHaveLength(1);
    expect(built(root)).toBe('export const day = 1;\n');
    expect(built(root, 'web/index.html')).toBe('<!doctype html>');
    expect(leftovers(root)).toEqual([]);
  });

  it('rebuilds nothing on unchanged sources, leaving the build and its stamp as they were', async () => {
    const root = project();
    const { runs, build } = builder(root);
    await buildIfChanged({ root, outDir: 'dist', inputs, build });
    const stamp = stampOf(root);
    const served = fs.statSync(path.join(root, 'dist', 'server', 'main.js'));

    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build })).toBe('up to date');
    expect(runs).toHaveLength(1);
    expect(stampOf(root)).toEqual(stamp);
    const after = fs.statSync(path.join(root, 'dist', 'server', 'main.js'));
    expect([after.ino, after.mtimeMs]).toEqual([served.ino, served.mtimeMs]);
  });

  it('rebuilds when a source changes or a new one appears', async () => {
    const root = project();
    const { runs, build } = builder(root);
    await buildIfChanged({ root, outDir: 'dist', inputs, build });

    fs.writeFileSync(path.join(root, 'src', 'main.ts'), 'export const day = 2;\n');
    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build })).toBe('built');
    expect(built(root)).toBe('export const day = 2;\n');

    fs.writeFileSync(path.join(root, 'src', 'more.ts'), 'export {};\n');
    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build })).toBe('built');
    expect(runs).toHaveLength(3);
  });

  it('rebuilds when the build was altered or part of it removed since', async () => {
    const root = project();
    const { runs, build } = builder(root);
    await buildIfChanged({ root, outDir: 'dist', inputs, build });

    fs.rmSync(path.join(root, 'dist', 'web'), { recursive: true });
    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build })).toBe('built');
    fs.appendFileSync(path.join(root, 'dist', 'server', 'main.js'), '// edited\n');
    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build })).toBe('built');
    expect(runs).toHaveLength(3);
    expect(built(root, 'web/index.html')).toBe('<!doctype html>');
  });

  it('with always, builds on unchanged sources too', async () => {
    const root = project();
    const { runs, build } = builder(root);
    await buildIfChanged({ root, outDir: 'dist', inputs, build });
    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build, always: true })).toBe(
      'built',
    );
    expect(runs).toHaveLength(2);
  });

  it('keeps the last good build in place when a build fails, and tries again next time', async () => {
    const root = project();
    const { build } = builder(root);
    await buildIfChanged({ root, outDir: 'dist', inputs, build });

    fs.writeFileSync(path.join(root, 'src', 'main.ts'), 'export const day = ;\n');
    const failing = async (dir: string) => {
      fs.mkdirSync(path.join(dir, 'server'));
      fs.writeFileSync(path.join(dir, 'server', 'main.js'), 'half written');
      throw new Error('syntax error');
    };
    await expect(buildIfChanged({ root, outDir: 'dist', inputs, build: failing })).rejects.toThrow(
      'syntax error',
    );
    expect(built(root)).toBe('export const day = 1;\n');
    expect(leftovers(root)).toEqual([]);

    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build })).toBe('built');
    expect(built(root)).toBe('export const day = ;\n');
  });
});

describe('builds started at once', () => {
  const run = promisify(execFile);
  // A process that builds `root` slowly (half a second) and prints what it did.
  const buildProcess = `
    import fs from 'node:fs';
    import path from 'node:path';
    const [moduleUrl, root] = process.argv.slice(1);
    const { buildIfChanged } = await import(moduleUrl);
    const result = await buildIfChanged({
      root, outDir: 'dist', inputs: ['src', 'package.json'],
      build: async (dir) => {
        fs.appendFileSync(path.join(root, 'builds.log'), process.pid + '\\n');
        await new Promise((resolve) => setTimeout(resolve, 500));
        fs.mkdirSync(path.join(dir, 'server'));
        fs.copyFileSync(path.join(root, 'src', 'main.ts'), path.join(dir, 'server', 'main.js'));
      },
    });
    console.log(result);
  `;
  const moduleUrl = pathToFileURL(path.join(import.meta.dirname, 'staged-build.mjs')).href;

  it('by two processes build once: one builds, the other waits and finds it built', async () => {
    const root = project();
    const answers = await Promise.all(
      [1, 2].map(() =>
        run(process.execPath, ['--input-type=module', '-e', buildProcess, moduleUrl, root]),
      ),
    );
    expect(answers.map(({ stdout }) => stdout.trim()).sort()).toEqual(['built', 'up to date']);
    expect(fs.readFileSync(path.join(root, 'builds.log'), 'utf8').trim().split('\n')).toHaveLength(
      1,
    );
    expect(built(root)).toBe('export const day = 1;\n');
    expect(fs.existsSync(path.join(root, 'dist', '.build-lock'))).toBe(false);
  });

  it('go ahead past a lock left by a process that has ended', async () => {
    const root = project();
    const ended = spawnSync(process.execPath, ['-e', '']);
    expect(ended.status).toBe(0);
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist', '.build-lock'), `${ended.pid}\n`);
    const { build } = builder(root);
    expect(await buildIfChanged({ root, outDir: 'dist', inputs, build })).toBe('built');
    expect(fs.existsSync(path.join(root, 'dist', '.build-lock'))).toBe(false);
  });
});
