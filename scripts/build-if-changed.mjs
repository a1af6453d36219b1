// Builds the server and the web app into dist/ when their sources changed since the last
// build (or there is none), then leaves them for `npm run serve`; `--always` builds anyway.
// A second `npm start` on an unchanged tree rebuilds nothing, and starts at once.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged } from './build/staged-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Everything the build reads. The content pack is not among them: the server loads it at
 * start. (Tailwind also scans the project's other text files for class names, but only the
 * markup in src/ and index.html can use the classes it finds there.)
 */
export const BUILD_INPUTS = [
  'src',
  'index.html',
  'public',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'vite.config.ts',
  'react-on-preact.ts',
  'scripts/build-if-changed.mjs',
  'scripts/build',
];

/**
 * Runs one step of the build. Always a production build, whatever NODE_ENV the caller has (a
 * test runner's 'test' would otherwise give the development JSX to the rendered pages).
 */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} ${args[0]} failed (${signal ?? code})`)),
    );
  });
}

function tool(name) {
  const file = path.join(root, 'node_modules', '.bin', name);
  if (!fs.existsSync(file)) {
    throw new Error(
      `building needs the development packages (${name} is missing): run npm install, or copy a build made elsewhere and run npm run serve`,
    );
  }
  return file;
}

/** The server (TypeScript) and the web app with its server-rendered pages (Vite), into `dir`. */
async function buildInto(dir) {
  await run(tool('tsc'), ['-p', 'tsconfig.build.json', '--outDir', dir]);
  await run(tool('vite'), ['build', '--outDir', path.join(dir, 'web')]);
}

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--always');
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown[0]} (the one option is --always).`);
  process.exit(2);
}

// A build shipped without its sources (README, "Running in production") is used as it is.
if (!fs.existsSync(path.join(root, 'src')) && fs.existsSync(path.join(root, 'dist', 'server'))) {
  console.log('No sources here: the build in dist/ is used as it is.');
  process.exit(0);
}

const started = performance.now();
try {
  const result = await buildIfChanged({
    root,
    outDir: 'dist',
    inputs: BUILD_INPUTS,
    build: buildInto,
    always: args.includes('--always'),
    log: (line) => console.log(line),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    result === 'built'
      ? `Built into dist/ in ${seconds} s.`
      : 'The build in dist/ is up to date: nothing rebuilt.',
  );
} catch (error) {
  console.error(`Build failed: ${error.message}`);
  process.exit(1);
}
