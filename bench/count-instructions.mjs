// The server's own work per answer, counted in instructions rather than timed: the built
// server runs under valgrind's callgrind, ten signed-in readers ask for one address over and
// over, and only the answers after the warm-up are counted. Instructions are the same from run
// to run whatever else the machine does, so a change of a few percent in what one answer costs
// shows, where timed runs on a shared machine differ by a quarter. The kernel's work (sockets)
// is not counted. Prints instructions per answer, split into garbage collection, compiling and
// the rest, and the functions that cost most.
//
//   node bench/count-instructions.mjs [--path /api/thoughts/today] [--warm 10000]
//                                     [--count 12000] [--port 4345] [--top 15] [--ceiling]
//                                     [--mixed] [--database-url postgres://...]
//                                     [--callers 'RegExp|ToLowerCase'] [--saves]
// --ceiling counts the bench's ceiling (ceiling-server.mjs, a bare Fastify route) sending the
// answer the app gives for --path, under the same node flags: the same count for the work the
// app adds. Only for an address that answers without signing in.
// --mixed warms and counts signed-in reads of every part of the API in turn instead of --path,
// as real use and the bench's rows mix them: code every answer shares then meets every route's
// requests, not only one route's, and is counted as it runs for all of them.
// --database-url runs the app on that database (an empty PostgreSQL database, say) instead of a
// new SQLite file, to count what one engine's answers cost beside the other's.
// --saves counts journal saves instead of reads: each reader in turn saves one of a few days,
// mostly edits of the entry already there, as the bench's small-database saves row sends them.
// --callers also lists, for each function whose name matches that pattern, what called it and
// how much of its count each caller's calls make.
// Needs the compiled server (dist/server) and valgrind (Debian's package). Takes minutes: the
// server runs about fifty times slower under valgrind.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { keepAliveLoad } from './keep-alive-load.mjs';
import { waitFor } from './wait-for-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values: options } = parseArgs({
  options: {
    path: { type: 'string', default: '/api/thoughts/today' },
    warm: { type: 'string', default: '10000' },
    count: { type: 'string', default: '12000' },
    port: { type: 'string', default: '4345' },
    top: { type: 'string', default: '15' },
    ceiling: { type: 'boolean', default: false },
    mixed: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    callers: { type: 'string' },
    saves: { type: 'boolean', default: false },
  },
});
const warm = Number(options.warm);
const count = Number(options.count);
const base = `http://127.0.0.1:${options.port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'count-instructions-'));
const profile = path.join(dir, 'callgrind.out');

// callgrind_control finds the server by a file named after the user and the host, which it
// reads from the environment: both sides are given the same.
const valgrindEnv = { ...process.env, USER: os.userInfo().username, HOST: os.hostname() };
const appEnv = {
  NODE_ENV: 'production',
  PORT: options.port,
  APP_URL: base,
  DATABASE_URL: options['database-url'] ?? `sqlite:${path.join(dir, 'app.db')}`,
  MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
  SHARE_IMAGES_DIR: path.join(dir, 'share-images'),
  SHARE_IMAGES_DRAW_AHEAD: 'false',
};
const appMain = path.join(root, 'dist', 'server', 'main.js');
/** Reads that answer a new reader without an error, one or more from each part of the API. */
const mixedPaths = [
  '/api/health',
  '/api/thoughts/today',
  '/api/gathas/info/1',
  '/api/glossary',
  '/api/auth/me',
  '/api/journal',
  '/api/journal/friends',
  '/api/progress',
  '/api/saved',
  '/api/friends',
  '/api/blocks',
  '/api/circles',
];
if ((options.mixed || options.saves) && options.ceiling) {
  throw new Error('--mixed and --saves are for the app: the ceiling has one route');
}
const paths = options.mixed ? mixedPaths : [options.path];
const countedPaths = options.saves ? 'POST /api/journal' : paths.join(', ');

/** The next save of `n` in turn: reader n mod 10 writes one of the first three days. */
function saveRequest(n) {
  return {
    method: 'POST',
    path: '/api/journal',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({
      dayNumber: 1 + (Math.floor(n / 10) % 3),
      entryText: JSON.stringify({ thoughts: `Counted save ${n}`, words: 'Kind words.', deeds: '' }),
      isPublic: n % 2 === 0,
    }),
  };
}

/** The app's answer to --path, as the ceiling server's bodies file holds it. */
async function capturedAnswer() {
  const app = spawn(process.execPath, [appMain], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...appEnv },
  });
  let errors = '';
  app.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  try {
    await waitFor(`${base}/api/health`, app).catch((error) => {
      throw new Error(`${error.message}\n${errors}`);
    });
    const answer = await fetch(`${base}${options.path}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    if (!answer.ok) throw new Error(`${options.path} answered ${answer.status} without a session`);
    const file = path.join(dir, 'ceiling-bodies.json');
    const body = Buffer.from(await answer.arrayBuffer()).toString('base64');
    const contentType = answer.headers.get('content-type');
    fs.writeFileSync(
      file,
      JSON.stringify([{ method: 'GET', path: options.path, status: 200, contentType, body }]),
    );
    return file;
  } finally {
    app.kill('SIGTERM');
    if (app.exitCode === null) await new Promise((resolve) => app.once('close', resolve));
  }
}

/** The map of compiled code node writes with --perf-basic-prof-only-functions. */
function perfMapOf(pid) {
  return path.join(os.tmpdir(), `perf-${pid}.map`);
}

/**
 * Names callgrind's address-only entries (`???:0x...`) by the JavaScript function whose compiled
 * code holds the address, from the map node wrote: undefined for others, or when none holds it.
 */
function compiledNames(pid) {
  const regions = [];
  if (fs.existsSync(perfMapOf(pid))) {
    for (const line of fs.readFileSync(perfMapOf(pid), 'utf8').split('\n')) {
      const match = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
      if (match) regions.push([parseInt(match[1], 16), parseInt(match[2], 16), match[3]]);
    }
  }
  return (name) => {
    const address = /^\?\?\?:0x([0-9a-f]+)/.exec(name)?.[1];
    if (!address) return undefined;
    const at = parseInt(address, 16);
    // The last region written for an address is the code there now: code may be freed and its
    // place reused.
    const region = regions.findLast(([start, size]) => at >= start && at < start + size);
    return region && `${region[2]} (${name.slice(4).split(' ')[0]})`;
  };
}

/**
 * The callers of the functions whose name matches `wanted`, from callgrind_annotate's caller tree:
 * each function's block lists its callers (`<` lines, with the cost of their calls) above the
 * function itself (the `*` line).
 */
function printCallers(tree, wanted, named, perAnswer) {
  let callers = [];
  for (const line of tree.split('\n')) {
    const call = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+<\s+(.*?)(?: \(\d+x\))?(?: \[.*\])?$/.exec(line);
    if (call) {
      callers.push([Number(call[1].replaceAll(',', '')), call[2].trim()]);
      continue;
    }
    const own = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+\*\s+(.*)$/.exec(line);
    const ownName = own && (named(own[2].trim()) ?? own[2].trim());
    if (ownName && wanted.test(ownName)) {
      console.log(`\ncalls to ${ownName.slice(0, 100)}, per answer, by caller:`);
      for (const [n, name] of callers.sort((a, b) => b[0] - a[0]).slice(0, 25)) {
        console.log(`${perAnswer(n).padStart(9)}  ${(named(name) ?? name).slice(0, 120)}`);
      }
    }
    if (!/^\s*$/.test(line) && !call) callers = own ? [] : callers;
  }
}

/** The session tokens of `count` new readers, signed up through the API. */
async function signedUpSessions(count) {
  const sessions = [];
  for (let i = 0; i < count; i += 1) {
    const name = `counted_${i}_${process.pid}`;
    const answer = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({
        username: name,
        email: `${name}@example.test`,
        fullName: `Counted Reader ${i}`,
        password: 'a calm long password for counting',
      }),
    });
    const session = /tfp_session=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
    if (answer.status !== 201 || !session) throw new Error(`sign-up answered ${answer.status}`);
    sessions.push(session);
  }
  return sessions;
}

const counted = options.ceiling
  ? [path.join(root, 'bench', 'ceiling-server.mjs'), await capturedAnswer(), options.port]
  : [appMain];
const server = spawn(
  'valgrind',
  [
    '--tool=callgrind',
    // V8 writes the code it compiles into memory it then runs.
    '--smc-check=all-non-file',
    '--instr-atstart=no',
    `--callgrind-out-file=${profile}`,
    process.execPath,
    // Where V8 put the code it made (functions, and regular expressions compiled to machine
    // code), so the count can name code it shows as an address.
    '--perf-basic-prof',
    '--max-semi-space-size=2',
    '--max-old-space-size=512',
    ...counted,
  ],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...valgrindEnv, ...appEnv },
  },
);
let serverErrors = '';
server.stderr.on('data', (chunk) => (serverErrors = (serverErrors + chunk).slice(-4000)));
const control = (...args) =>
  execFileSync('callgrind_control', [...args, String(server.pid)], { env: valgrindEnv });

try {
  // Ten minutes: the server starts about fifty times slower under valgrind.
  await waitFor(`${base}${options.ceiling ? options.path : '/api/health'}`, server, 600).catch(
    (error) => {
      throw new Error(`${error.message}\n${serverErrors}`);
    },
  );

  // The ceiling has no sessions: its callers send cookies of the same length, which it ignores.
  const sessions = options.ceiling
    ? Array.from({ length: 10 }, (_, i) => `${i}`.repeat(43))
    : await signedUpSessions(10);
  let next = 0;
  const load = (amount) =>
    keepAliveLoad({
      url: base,
      connections: 4,
      amount,
      request: () => {
        const n = next++;
        const read = { path: paths[n % paths.length], headers: {} };
        const { headers, ...sent } = options.saves ? saveRequest(n) : read;
        return {
          ...sent,
          headers: {
            ...headers,
            // As a signed-in browser sends them: the session and the page's hint set beside it.
            cookie: `tfp_session=${sessions[n % sessions.length]}; tfp_signed_in=1`,
            'accept-encoding': 'gzip, deflate, br, zstd',
          },
        };
      },
      onResponse: (status) => {
        if (status >= 400) throw new Error(`a warm-up or counted read answered ${status}`);
      },
    });

  console.log(`warming up: ${warm} answers to ${countedPaths}`);
  await load(warm);
  control('--instr=on');
  console.log(`counting: ${count} answers`);
  await load(count);
  control('--dump');
  control('--instr=off');

  const dumped = fs.readdirSync(dir).find((file) => file.startsWith('callgrind.out.'));
  if (!dumped) throw new Error('callgrind wrote no profile');
  const annotated = execFileSync(
    'callgrind_annotate',
    ['--threshold=100', path.join(dir, dumped)],
    { maxBuffer: 64 * 1024 * 1024 },
  ).toString();
  const functions = new Map();
  for (const line of annotated.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    const name = match?.[2].trim();
    if (!name || name.includes('PROGRAM TOTALS') || functions.has(name)) continue;
    functions.set(name, Number(match[1].replaceAll(',', '')));
  }
  const perAnswer = (instructions) => Math.round(instructions / count).toLocaleString('en');
  const sum = (pattern) =>
    [...functions].reduce((total, [name, n]) => (pattern.test(name) ? total + n : total), 0);
  const all = sum(/./);
  const collecting = sum(
    /Marking|Scaveng|Sweep|Evacuat|MarkCompact|Heap::|MemoryChunk|Remembered|IterateObjectCache|IteratePointers|ShouldBePromoted/,
  );
  const compiling = sum(/compiler::|Compile|Parser|maglev|Maglev/);
  console.log(`\n${countedPaths}: ${perAnswer(all)} instructions per answer`);
  console.log(`  garbage collection ${perAnswer(collecting)}`);
  console.log(`  compiling ${perAnswer(compiling)}`);
  console.log(`  the rest ${perAnswer(all - collecting - compiling)}`);
  console.log(`\nper answer, by function (compiled JavaScript as V8 named it, else its address):`);
  const named = compiledNames(server.pid);
  const top = [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(options.top));
  for (const [name, n] of top) {
    console.log(`${perAnswer(n).padStart(9)}  ${(named(name) ?? name).slice(0, 110)}`);
  }
  if (options.callers) {
    const tree = execFileSync(
      'callgrind_annotate',
      ['--tree=caller', '--threshold=100', path.join(dir, dumped)],
      { maxBuffer: 256 * 1024 * 1024 },
    ).toString();
    printCallers(tree, new RegExp(options.callers), named, perAnswer);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('close', resolve));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(perfMapOf(server.pid), { force: true });
}
