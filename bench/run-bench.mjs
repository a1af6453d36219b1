// The benchmark at scale: seeds a copy of the database, starts the real built server on it as
// its own process, loads each hot endpoint from this process beside a bare ceiling server that
// returns the same body, prints the figures and query plans, and writes bench/REPORT.md.
//
//   node bench/run-bench.mjs [--users 10000] [--db sqlite,postgres] [--duration 10]
//                            [--compare-users 1000] [--signed-in 1000] [--only feed,search,...]
//                            [--web-dist dist/web] [--port 4340] [--no-web] [--smoke]
//                            [--repeat 1]
// Needs the compiled server (dist/server) and, for the web figures, a production web build.
import { fork, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromiumPath } from '../scripts/chromium.mjs';
import { measureJournalSearch } from './journal-search.mjs';
import { hotEndpoints, measure, measureAgainstCeiling } from './load-endpoints.mjs';
import { medianRun } from './median-run.mjs';
import { logLineCost } from './log-line-cost.mjs';
import { postgresPlans, sqlitePlans } from './query-plans.mjs';
import { generateSeed, seedPostgres, seedSqlite } from './seed-data.mjs';
import { shareImageFigures, shareImageSummary } from './share-images.mjs';
import { scratchDatabase } from './scratch-database.mjs';
import { smallDatabaseSaves } from './small-database-saves.mjs';
import { lighthousePages } from './web-lighthouse.mjs';
import { waitFor } from './wait-for-server.mjs';
import { machineFacts, writeFormatted, writeReport } from './write-report.mjs';

const { SHARE_IMAGES_READY } = await import('../dist/server/pages/share-images-ready.js');

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'compare-users': { type: 'string', default: '1000' },
    'signed-in': { type: 'string', default: '1000' },
    only: { type: 'string' },
    'web-dist': { type: 'string', default: 'dist/web' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4340' },
    'no-web': { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    client: { type: 'string', default: 'autocannon' },
    repeat: { type: 'string', default: '1' },
  },
});
const smoke = args.smoke;
const options = {
  users: smoke ? 200 : Number(args.users),
  databases: smoke ? ['sqlite'] : args.db.split(',').map((d) => d.trim()),
  // The smoke run checks that every measure runs to the end, not its figures: a quarter of a
  // second a side with the lean client, whose runs end on time (autocannon's end on its
  // one-second tick); autocannon still runs the logging comparison.
  duration: smoke ? 0.25 : Number(args.duration),
  connections: Number(args.connections),
  // autocannon, or 'lean' (keep-alive-load.mjs): see bench/README.md.
  client: smoke ? 'lean' : args.client,
  compareUsers: smoke ? 0 : Number(args['compare-users']),
  // The same number of people signed in at every size, so sizes differ only in the data.
  signedIn: smoke ? 200 : Number(args['signed-in']),
  // Only these endpoints (keys of load-endpoints.mjs), and none of the other measures but
  // 'web' (the bundle and Lighthouse) when it is named too.
  only: args.only ? args.only.split(',').map((key) => key.trim()) : null,
  webDist: path.resolve(root, args['web-dist']),
  port: Number(args.port),
  web: !args['no-web'],
  // Runs of each endpoint against its ceiling; its row is the run with the median ratio.
  repeat: smoke ? 1 : Math.max(1, Number(args.repeat)),
};
const postgresBase =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const resultsDir = smoke
  ? fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-bench-smoke-'))
  : path.join(root, 'bench', 'results');
fs.mkdirSync(resultsDir, { recursive: true });

const log = (...parts) => console.log(...parts);
/** Whether a measure besides the endpoints runs: always, unless --only leaves it out. */
const measuresAlso = (key) => !options.only || options.only.includes(key);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

function currentReadingDay(now) {
  const start = Date.UTC(now.getUTCFullYear(), 0, 1);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return (Math.round((today - start) / 86_400_000) % 241) + 1;
}

/**
 * Waits until the server says every share image is on disk. At its first start on a machine
 * the built server draws them all in a process of its own, minutes of one core (about 8 on a
 * slower machine, past the 5 once allowed): a figure taken meanwhile would measure a machine
 * with a core taken. Later starts find them drawn.
 */
async function waitForShareImages(child, seconds = 1_200) {
  const started = Date.now();
  const deadline = started + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const text = fs.existsSync(child.logFile) ? fs.readFileSync(child.logFile, 'utf8') : '';
    if (text.includes(SHARE_IMAGES_READY)) return (Date.now() - started) / 1000;
    await sleep(250);
  }
  throw new Error(`the server did not finish drawing its share images within ${seconds} s`);
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function readRssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
}

/** Peak resident memory of a process, sampled while the load runs (and the kernel's own peak). */
function memoryWatch(pid) {
  let peakKb = 0;
  // The highest sample since the last call of phasePeakMb: each endpoint's own peak.
  let phaseKb = 0;
  const read = (field) => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const timer = setInterval(() => {
    const now = read('VmRSS');
    peakKb = Math.max(peakKb, now);
    phaseKb = Math.max(phaseKb, now);
  }, 200);
  return {
    phasePeakMb() {
      const peak = phaseKb / 1024;
      phaseKb = 0;
      return peak;
    },
    stop() {
      clearInterval(timer);
      return { sampledPeakMb: peakKb / 1024, kernelPeakMb: read('VmHWM') / 1024 };
    },
  };
}

/** Megabytes of written pages the kernel still has to put on disk. */
function unwrittenMb() {
  try {
    const meminfo = fs.readFileSync('/proc/meminfo', 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo)?.[1] ?? 0);
    return (kb('Dirty') + kb('Writeback')) / 1024;
  } catch {
    return 0;
  }
}

/**
 * A seed writes gigabytes at 100,000 people. Left to the kernel's writeback (and PostgreSQL's
 * checkpointer), those writes would share the machine with the load that follows and decide
 * its tail; they are put on disk first, with a bounded wait.
 */
async function settleAfterSeed(postgresSchema) {
  const started = Date.now();
  if (postgresSchema) {
    const client = new pg.Client({ connectionString: postgresBase });
    await client.connect();
    try {
      await client.query('checkpoint');
    } finally {
      await client.end();
    }
  }
  spawnSync('sync');
  for (let waited = 0; waited < 60 && unwrittenMb() > 32; waited++) await sleep(1000);
  log(
    `seed settled on disk in ${fmt((Date.now() - started) / 1000)} s (${fmt(unwrittenMb(), 0)} MB left to write)`,
  );
}

async function prepareDatabase(kind, users, now) {
  const started = Date.now();
  const seed = await generateSeed({ users, sessionCount: Math.min(users, options.signedIn), now });
  const serverStart = await import(new URL('../dist/server/db/connection.js', import.meta.url));
  const database = await scratchDatabase(kind, `people_${users}`, postgresBase);
  const opened = serverStart.openDatabase(database.url);
  await serverStart.migrateToLatest(opened.db, database.schema);
  await opened.close();
  if (kind === 'sqlite') await seedSqlite(database.file, seed);
  else await seedPostgres(postgresBase, database.schema, seed);
  await settleAfterSeed(database.schema ?? null);
  return {
    seed,
    url: database.url,
    seconds: (Date.now() - started) / 1000,
    plans: (context) =>
      kind === 'sqlite'
        ? sqlitePlans(database.file, context)
        : postgresPlans(postgresBase, database.schema, context),
    drop: database.drop,
  };
}

async function postgresAvailable() {
  const client = new pg.Client({ connectionString: postgresBase, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    log(`PostgreSQL at ${postgresBase} is not reachable (${error.message}); skipped.`);
    return false;
  }
}

/**
 * The environment and node flags `npm run serve` gives the server, read from package.json, so
 * the bench starts exactly what production starts.
 */
function serveCommand() {
  const script = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
  const shape = /^((?:[A-Z_]+=\S+\s+)*)exec node\s+((?:--\S+\s+)*)dist\/server\/main\.js$/.exec(
    script,
  );
  if (!shape)
    throw new Error(`package.json's serve script has a shape the bench does not know: ${script}`);
  const env = Object.fromEntries(
    shape[1]
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split('=')),
  );
  return { env, flags: shape[2].trim().split(/\s+/).filter(Boolean) };
}

/**
 * The built server as `npm run serve` starts it: its node flags, its environment, its default
 * settings (LOG_LEVEL and everything else unset) and its log on standard output, here a file as
 * a process manager would keep it. Only the per-IP allowance is raised, since every simulated
 * reader comes from 127.0.0.1. `quiet` sets LOG_LEVEL=warn, to compare.
 */
function startServer(databaseUrl, port, scratch, { quiet = false } = {}) {
  const serve = serveCommand();
  const logFile = path.join(scratch, `server-${port}.log`);
  const out = fs.openSync(logFile, 'w');
  const env = { ...process.env };
  delete env.LOG_LEVEL;
  const extra = process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [];
  const child = spawn(
    process.execPath,
    [...serve.flags, ...extra, path.join(root, 'dist/server/main.js')],
    {
      cwd: root,
      stdio: ['ignore', out, 'inherit'],
      env: {
        ...env,
        ...serve.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        RATE_LIMIT_IP_FACTOR: '1000000',
        WEB_DIST_DIR: options.webDist,
        MAIL_OUTBOX_DIR: path.join(scratch, 'outbox'),
        // The smoke run only checks that the bench works: its server draws no images ahead.
        ...(smoke ? { SHARE_IMAGES_DRAW_AHEAD: 'false' } : {}),
        ...(quiet ? { LOG_LEVEL: 'warn' } : {}),
      },
    },
  );
  fs.closeSync(out);
  child.logFile = logFile;
  child.command = `${Object.entries(serve.env)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')} node ${serve.flags.join(' ')}${quiet ? ' (LOG_LEVEL=warn)' : ''}`;
  return child;
}

/** Lines and bytes a server wrote to its log. */
function logVolume(file) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  return {
    bytes: Buffer.byteLength(text),
    lines: text.split('\n').filter(Boolean).length,
    requestLines: text.split('\n').filter((line) => line.includes('"msg":"request completed"'))
      .length,
  };
}

/** The figures of /metrics that say what the server's memory holds, in MB (and counts). */
async function memoryBreakdown(baseUrl, pid) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  // The resident pages the kernel reads from files (the node binary's and native modules' code)
  // apart from the process's own memory.
  let status = '';
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // gone, or not Linux
  }
  const statusMb = (field) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  const value = (series) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? NaN : Number(line.slice(series.length + 1));
  };
  const mb = (series) => value(series) / 2 ** 20;
  return {
    rssMb: mb('process_resident_memory_bytes'),
    heapUsedMb: mb('nodejs_heap_size_used_bytes'),
    heapTotalMb: mb('nodejs_heap_size_total_bytes'),
    externalMb: mb('nodejs_external_memory_bytes'),
    feedCacheMb: mb('threefold_feed_cache_bytes{of="used"}'),
    feedsCached: value('threefold_cache_entries{cache="feeds"}'),
    sessionsCached: value('threefold_cache_entries{cache="sessions"}'),
    eventLoopP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    fileMb: statusMb('RssFile'),
  };
}

/** The endpoints measured again beside a quiet server, to show what the default log costs. */
const loggingCompared = ['health', 'me', 'feed'];

/** One request, its answer exactly as sent (compressed or not, never decoded). */
function rawRequest(baseUrl, { method = 'GET', path: requestPath, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(requestPath, baseUrl), { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The real answer of each endpoint, which the ceiling then serves byte for byte. */
async function captureBodies(baseUrl, endpoints) {
  const captured = [];
  for (const endpoint of endpoints) {
    const request = endpoint.request();
    const response = await rawRequest(baseUrl, { method: endpoint.method, ...request });
    if (response.status >= 400) {
      throw new Error(
        `${endpoint.label} answered ${response.status}: ${response.body.toString().slice(0, 200)}`,
      );
    }
    captured.push({
      key: endpoint.key,
      method: endpoint.method,
      path: endpoint.path,
      withQuery: request.path.includes('?'),
      status: response.status,
      contentType: response.headers['content-type'],
      contentEncoding: response.headers['content-encoding'],
      body: response.body.toString('base64'),
      bytes: response.body.length,
      etag: response.headers.etag,
    });
  }
  return captured;
}

async function runScenario(kind, users, { web }) {
  const now = new Date();
  const currentDay = currentReadingDay(now);
  const label = `${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${users.toLocaleString('en-US')} users`;
  log(`\n=== ${label} ===`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-bench-run-'));
  const database = await prepareDatabase(kind, users, now);
  const { seed } = database;
  const degrees = new Map();
  for (const [a] of seed.friendRows) degrees.set(a, (degrees.get(a) ?? 0) + 1);
  const degreeList = [...degrees.values()].sort((a, b) => a - b);
  const data = {
    users,
    entries: seed.entryTotal(),
    publicShare: seed.publicTotal() / seed.entryTotal(),
    friendships: seed.friendRows.length / 2,
    friendsPerUser: {
      min: degreeList[0],
      median: degreeList[Math.floor(degreeList.length / 2)],
      max: degreeList.at(-1),
    },
    pendingRequests: seed.requestRows.length,
    sessions: seed.sessions.length,
    seedSeconds: database.seconds,
  };
  log(
    `seeded ${data.users} users, ${data.entries} entries, ${data.friendships} friendships ` +
      `(friends per user ${data.friendsPerUser.min}-${data.friendsPerUser.max}, median ` +
      `${data.friendsPerUser.median}), ${data.pendingRequests} pending requests in ${fmt(data.seedSeconds)} s`,
  );

  const port = options.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const ceilingUrl = `http://127.0.0.1:${port + 1}`;
  const server = startServer(database.url, port, scratch);
  log(`server: ${server.command}`);
  let ceiling;
  let quiet;
  try {
    await waitFor(`${baseUrl}/api/ready`, server);
    if (!smoke) {
      const drawingSeconds = await waitForShareImages(server);
      if (drawingSeconds >= 1)
        log(`waited ${fmt(drawingSeconds)} s for the share images to be drawn`);
    }
    const sample = seed.sessions.find((s) => s.days?.length) ?? seed.sessions[0];
    const idleRssMb = readRssMb(server.pid);
    const { plans, feedTiming } = await database.plans({
      userId: sample.userId,
      day: sample.days?.[0] ?? 1,
      token: sample.token,
      now: now.getTime(),
      feedUsers: seed.sessions.slice(0, 200).map((s) => s.userId),
    });
    log(
      `\nFeed query alone (${feedTiming.calls} people, in this process): median ` +
        `${fmt(feedTiming.medianMs, 2)} ms, p99 ${fmt(feedTiming.p99Ms, 2)} ms; server RSS at rest ${fmt(idleRssMb, 0)} MB`,
    );
    log('\nQuery plans:');
    for (const plan of plans) {
      log(`- ${plan.name} [${plan.verdict}]\n  ${plan.sql}\n${plan.plan.replace(/^/gm, '    ')}`);
    }

    const readerPage = fs.existsSync(
      path.join(path.dirname(options.webDist), 'page-render', 'render-pages.js'),
    );
    const endpoints = hotEndpoints(seed.sessions, currentDay, { readerPage }).filter(
      (endpoint) => !options.only || options.only.includes(endpoint.key),
    );
    const captured = await captureBodies(baseUrl, endpoints);
    const bodiesFile = path.join(scratch, 'ceiling-bodies.json');
    fs.writeFileSync(bodiesFile, JSON.stringify(captured));
    ceiling = fork(path.join(root, 'bench/ceiling-server.mjs'), [bodiesFile, String(port + 1)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise((resolve, reject) => {
      ceiling.once('message', resolve);
      ceiling.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
    });

    const memory = memoryWatch(server.pid);
    const measured = [];
    // What the memory holds when it holds the most, read from /metrics after each endpoint; the
    // feed cache's figures are those of its own largest moment.
    let held;
    let feedsPeak = { feedCacheMb: 0, feedsCached: 0 };
    const noteMemory = async () => {
      const now = await memoryBreakdown(baseUrl, server.pid);
      if (now.feedCacheMb >= feedsPeak.feedCacheMb) {
        feedsPeak = { feedCacheMb: now.feedCacheMb, feedsCached: now.feedsCached };
      }
      if (!held || now.rssMb > held.rssMb) held = now;
      held = { ...held, ...feedsPeak };
    };
    // Each signed-in person makes one uncounted request per endpoint first, in turn.
    const load = {
      connections: options.connections,
      client: options.client,
      duration: options.duration,
      warmup: seed.sessions.length,
    };
    log(
      `\nLoad: ${load.connections} connections (${load.client}), ${load.duration} s per run, after ${load.warmup} uncounted requests`,
    );
    for (const endpoint of endpoints) {
      const runs = [];
      for (let i = 0; i < options.repeat; i++) {
        const run = await measureAgainstCeiling(baseUrl, ceilingUrl, endpoint, load);
        runs.push({ ...run, ratio: run.real.rps / run.ceiling.rps });
      }
      const { real, ceiling: top, ratio } = medianRun(runs);
      const body = captured.find((c) => c.key === endpoint.key);
      const row = {
        key: endpoint.key,
        label: endpoint.label,
        rssPeakMb: memory.phasePeakMb(),
        bodyBytes: body.bytes,
        real,
        ceiling: top,
        ratio,
        // Every run's ratio, in the order they ran, when there was more than one.
        ...(runs.length > 1 ? { ratios: runs.map((run) => run.ratio) } : {}),
      };
      measured.push(row);
      await noteMemory();
      log(
        `${endpoint.label.padEnd(42)} ${fmt(real.rps, 0).padStart(7)} req/s  p50 ${fmt(real.p50, 2)} ms  ` +
          `p99 ${fmt(real.p99, 2)} ms (slices ${real.sliceP99s.map((p) => fmt(p, 2)).join(', ')}) | ` +
          `ceiling ${fmt(top.rps, 0)} req/s p99 ${fmt(top.p99, 2)} ms | ` +
          `ratio ${fmt(row.ratio * 100, 0)}%` +
          (row.ratios ? ` (median of ${row.ratios.map((r) => fmt(r * 100, 0)).join(', ')})` : '') +
          ` | RSS ≤ ${fmt(row.rssPeakMb, 0)} MB | statuses ${JSON.stringify(real.statuses)}`,
      );
    }
    const today = captured.find((c) => c.key === 'today');
    if (today?.etag && !options.only) {
      // A returning phone asks with the ETag it holds; the answer is an empty 304.
      const revalidate = {
        key: 'today-304',
        label: 'GET /api/thoughts/today (If-None-Match)',
        method: 'GET',
        path: '/api/thoughts/today',
        request: () => ({
          ...endpoints.find((e) => e.key === 'today').request(),
          headers: {
            ...endpoints.find((e) => e.key === 'today').request().headers,
            'if-none-match': today.etag,
          },
        }),
      };
      const real = await measure(baseUrl, revalidate, load);
      measured.push({
        key: revalidate.key,
        label: revalidate.label,
        rssPeakMb: memory.phasePeakMb(),
        real,
      });
      log(
        `${revalidate.label.padEnd(42)} ${fmt(real.rps, 0).padStart(7)} req/s  p50 ${fmt(real.p50, 2)} ms  ` +
          `p99 ${fmt(real.p99, 2)} ms | statuses ${JSON.stringify(real.statuses)}`,
      );
    }
    // Journal search at scale (docs/decisions/015-search.md): readers one at a time.
    const journalSearch =
      options.only && !options.only.includes('search')
        ? undefined
        : await measureJournalSearch(baseUrl, seed.sessions, {
            requests: smoke ? 50 : 2000,
            warmup: smoke ? 10 : 200,
          });
    if (journalSearch) {
      log(
        `${'GET /api/search?scope=journal (one at a time)'.padEnd(42)} p50 ${fmt(journalSearch.p50, 2)} ms  ` +
          `p99 ${fmt(journalSearch.p99, 2)} ms  slowest ${fmt(journalSearch.max, 2)} ms over ` +
          `${journalSearch.requests} searches | statuses ${JSON.stringify(journalSearch.statuses)}`,
      );
    }
    const rss = memory.stop();
    await noteMemory();
    log(
      `server RSS: peak ${fmt(rss.sampledPeakMb, 0)} MB sampled during the load ` +
        `(kernel high-water mark ${fmt(rss.kernelPeakMb, 0)} MB), default settings (${server.command})`,
    );
    log(
      `  at its fullest: RSS ${fmt(held.rssMb, 0)} MB = V8 heap ${fmt(held.heapTotalMb, 0)} MB reserved ` +
        `(${fmt(held.heapUsedMb, 0)} MB in use) + outside the heap ${fmt(held.externalMb, 0)} MB ` +
        `(Buffers) + ` +
        `${fmt(held.rssMb - held.heapTotalMb - held.externalMb, 0)} MB of code, Node.js, the database driver and allocator; ` +
        `the feed cache at its largest ${fmt(held.feedCacheMb, 1)} MB for ${held.feedsCached} readers; ` +
        `${held.sessionsCached} sessions cached; event loop delay p99 ${fmt(held.eventLoopP99Ms, 1)} ms`,
    );
    const defaultLog = logVolume(server.logFile);
    const requestsServed = measured.reduce((sum, row) => sum + row.real.requests, 0);
    log(
      `  its log (default level, one line per request): ${defaultLog.lines} lines, ` +
        `${fmt(defaultLog.bytes / 2 ** 20, 1)} MB, ${fmt(defaultLog.bytes / Math.max(1, defaultLog.requestLines), 0)} bytes a request`,
    );

    // The same endpoints, the default server against one at LOG_LEVEL=warn, in alternating slices.
    const quietUrl = `http://127.0.0.1:${port + 3}`;
    quiet = startServer(database.url, port + 3, scratch, { quiet: true });
    await waitFor(`${quietUrl}/api/ready`, quiet);
    log(`\nLogging: default (info, one line per request) against quiet (LOG_LEVEL=warn)`);
    const logging = [];
    // The smoke run only checks the comparison works; one endpoint keeps it short. A run of only
    // some endpoints leaves the comparison out.
    for (const key of options.only ? [] : smoke ? loggingCompared.slice(0, 1) : loggingCompared) {
      const endpoint = endpoints.find((e) => e.key === key);
      const { real, ceiling: quietSide } = await measureAgainstCeiling(
        baseUrl,
        quietUrl,
        endpoint,
        smoke ? { ...load, client: 'autocannon', duration: 1 } : load,
      );
      logging.push({
        key,
        label: endpoint.label,
        default: real,
        quiet: quietSide,
        ratio: real.rps / quietSide.rps,
      });
      log(
        `${endpoint.label.padEnd(42)} default ${fmt(real.rps, 0).padStart(7)} req/s p99 ${fmt(real.p99, 2)} ms | ` +
          `quiet ${fmt(quietSide.rps, 0).padStart(7)} req/s p99 ${fmt(quietSide.p99, 2)} ms | default/quiet ${fmt((real.rps / quietSide.rps) * 100, 0)}%`,
      );
    }
    await stop(quiet);

    let lighthouse;
    if (web && measuresAlso('web'))
      lighthouse = await runLighthouse(baseUrl, seed.sessions[0].token);
    return {
      database: kind,
      label,
      date: now.toISOString(),
      data,
      load,
      endpoints: measured,
      journalSearch,
      rss: { ...rss, idleMb: idleRssMb },
      server: server.command,
      memory: held,
      log: { ...defaultLog, requestsServed },
      logging,
      feedTiming,
      plans,
      lighthouse,
    };
  } finally {
    if (ceiling) await stop(ceiling);
    if (quiet) await stop(quiet);
    await stop(server);
    await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function runLighthouse(baseUrl, token) {
  log('\nLighthouse (mobile):');
  const chromium = chromiumPath();
  if (!fs.existsSync(chromium)) {
    const skipped = `no Chromium at ${chromium} (install the chromium package or set CHROMIUM_PATH)`;
    log(`skipped: ${skipped}`);
    return { skipped };
  }
  const pages = await lighthousePages(baseUrl, [
    { path: '/landing' },
    { path: '/read/today', public: true },
    { path: '/app/daily-ritual', cookie: `tfp_session=${token}; tfp_signed_in=1` },
  ]);
  for (const page of pages) {
    log(
      `${page.path}: performance ${page.scores.performance} (median of runs scoring ${page.performanceRuns.join(', ')}), accessibility ` +
        `${page.scores.accessibility}, best practices ${page.scores['best-practices']}` +
        (page.scores.seo === undefined ? ' ' : `, SEO ${page.scores.seo} `) +
        `(FCP ${page.metrics.fcp}, LCP ${page.metrics.lcp}, TBT ${page.metrics.tbt}, CLS ${page.metrics.cls})` +
        (page.finalUrl.endsWith(page.path) ? '' : ` [ended at ${page.finalUrl}]`),
    );
    for (const miss of page.misses) log(`    - ${miss}`);
    for (const error of page.runErrors ?? []) log(`    - a run failed: ${error}`);
  }
  return { pages };
}

function bundleFigures() {
  if (!fs.existsSync(path.join(options.webDist, '.vite', 'manifest.json'))) {
    log(`\nNo web build at ${options.webDist}; the bundle figures are skipped.`);
    return null;
  }
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'bench/web-bundle-size.mjs'), options.webDist],
      {
        cwd: root,
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      log(`\n${output.trim()}`);
      const total = /initial JS: ([\d.]+) KB gzipped/.exec(output)?.[1];
      resolve({ totalKb: total ? Number(total) : null, withinBudget: code === 0, output });
    });
  });
}

/**
 * A run of only some endpoints puts its rows in place of the same rows of the last full run at
 * that size, each row saying when it was measured, with the query plans and the feed query's
 * timing every run reads again, and the smaller size measured beside a feed measured again;
 * everything else stays as that run found it.
 */
function withEarlierRows(file, result) {
  if (!options.only || !fs.existsSync(file)) return result;
  const earlier = JSON.parse(fs.readFileSync(file, 'utf8'));
  const measured = new Map(
    result.endpoints.map((row) => [row.key, { ...row, measuredAt: result.date }]),
  );
  const endpoints = earlier.endpoints.map((row) => measured.get(row.key) ?? row);
  for (const [key, row] of measured) {
    if (!earlier.endpoints.some((old) => old.key === key)) endpoints.push(row);
  }
  const journalSearch = result.journalSearch ?? earlier.journalSearch;
  const lighthouse = result.lighthouse ?? earlier.lighthouse;
  // A feed measured again is compared with the smaller size measured beside it in this run.
  const smallerBeside = result.smallerBeside?.endpoints.length
    ? result.smallerBeside
    : earlier.smallerBeside;
  // Rows kept from an earlier run on another machine, or on one not recorded, leave the
  // machine unknown rather than named after the newer rows' alone.
  const sameMachine = earlier.machine?.os === result.machine?.os;
  return {
    ...earlier,
    endpoints,
    machine: sameMachine ? result.machine : undefined,
    plans: result.plans,
    feedTiming: result.feedTiming ?? earlier.feedTiming,
    journalSearch,
    lighthouse,
    smallerBeside,
  };
}

async function main() {
  const startedAt = Date.now();
  const databases = [];
  for (const kind of options.databases) {
    if (kind === 'postgres' && !(await postgresAvailable())) continue;
    if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`unknown database ${kind}`);
    databases.push(kind);
  }
  const results = [];
  // A run of only some endpoints leaves the bundle and the share images as they were.
  const bundle = measuresAlso('web') ? await bundleFigures() : null;
  const logLine = await logLineCost();
  log(
    `\nThe default log's line, in this process: ${fmt(logLine.microsPerLine, 2)} µs of CPU per answered request`,
  );
  let shareImages;
  if (!options.only) {
    log('\nShare images (GET /read/{day}/card.png and story.png):');
    shareImages = await shareImageFigures({
      smoke,
      duration: smoke ? 1 : 5,
      connections: options.connections,
      port: options.port + 2,
    });
    for (const line of shareImageSummary(shareImages)) log(line);
  }
  let smallSaves;
  if (measuresAlso('small-saves')) {
    log(`\nSaves by 10 readers at once on a small database, against a bare upsert:`);
    smallSaves = { date: new Date().toISOString(), rows: [] };
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-bench-saves-'));
    try {
      for (const kind of databases) {
        const row = await smallDatabaseSaves({
          kind,
          startServer: (url, port) => startServer(url, port, scratch),
          // The images a fresh server draws ahead would share the processors with the saves.
          settle: smoke ? async () => undefined : waitForShareImages,
          stop,
          port: options.port,
          load: {
            connections: options.connections,
            client: options.client,
            duration: options.duration,
          },
          repeat: options.repeat,
          postgresBase,
        });
        smallSaves.rows.push(row);
        log(
          `${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${fmt(row.real.rps, 0)} saves/s ` +
            `p99 ${fmt(row.real.p99, 2)} ms | bare upsert ${fmt(row.ceiling.rps, 0)}/s ` +
            `p99 ${fmt(row.ceiling.p99, 2)} ms | ratio ${fmt(row.ratio * 100, 0)}%` +
            (row.ratios
              ? ` (median of ${row.ratios.map((r) => fmt(r * 100, 0)).join(', ')})`
              : '') +
            ` | statuses ${JSON.stringify(row.real.statuses)}`,
        );
      }
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }
  // A run of only the small database's saves seeds no large one.
  const scenarios = !options.only || options.only.some((key) => key !== 'small-saves');
  for (const kind of scenarios ? databases : []) {
    const main = await runScenario(kind, options.users, {
      web: options.web && !smoke && kind === 'sqlite',
    });
    results.push(main);
    if (options.compareUsers && options.compareUsers !== options.users) {
      const smaller = await runScenario(kind, options.compareUsers, { web: false });
      results.push(smaller);
      // The size compared with this one is the one measured beside it, minutes apart, not
      // whichever run of that size was written last.
      main.smallerBeside = {
        date: smaller.date,
        data: smaller.data,
        feedTiming: smaller.feedTiming,
        endpoints: smaller.endpoints.filter((row) => row.key === 'feed'),
      };
    }
  }
  for (const result of results) {
    const file = path.join(resultsDir, `${result.database}-${result.data.users}.json`);
    await writeFormatted(
      file,
      JSON.stringify(
        withEarlierRows(file, {
          ...result,
          logLine,
          loadAverage: os.loadavg(),
          machine: machineFacts(),
        }),
        null,
        2,
      ),
    );
  }
  if (bundle) {
    await writeFormatted(path.join(resultsDir, 'web-bundle.json'), JSON.stringify(bundle, null, 2));
  }
  if (smallSaves) {
    await writeFormatted(
      path.join(resultsDir, 'small-saves.json'),
      JSON.stringify(smallSaves, null, 2),
    );
  }
  if (shareImages) {
    await writeFormatted(
      path.join(resultsDir, 'share-images.json'),
      JSON.stringify(shareImages, null, 2),
    );
  }
  const reportFile = smoke
    ? path.join(resultsDir, 'REPORT.md')
    : path.join(root, 'bench', 'REPORT.md');
  const given = process.argv.slice(2).join(' ');
  await writeReport(resultsDir, reportFile, `\`npm run bench${given ? ` -- ${given}` : ''}\``);
  log(
    `\nReport: ${path.relative(root, reportFile)} (${fmt((Date.now() - startedAt) / 1000, 0)} s in all)`,
  );
  if (smoke) fs.rmSync(resultsDir, { recursive: true, force: true });
}

await main();
