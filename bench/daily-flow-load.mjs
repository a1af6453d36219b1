// Many people doing the daily flow at once: read today's thought, open its Gatha information,
// save a reflection, read the friends' feed. Prints requests, errors and latency percentiles.
//
//   node bench/daily-flow-load.mjs [--json]
//
// LOAD_PEOPLE (200), LOAD_SECONDS (60), LOAD_THINK_MS (pause between steps, up to; 250),
// LOAD_URL (an app already running; unset: starts dist/server/main.js on a fresh SQLite
// database at LOAD_PORT, 4390). Exits 1 when any request failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const people = Number(process.env.LOAD_PEOPLE ?? 200);
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const thinkMs = Number(process.env.LOAD_THINK_MS ?? 250);
const asJson = process.argv.includes('--json');
const log = (line) => (asJson ? process.stderr : process.stdout).write(`${line}\n`);

const steps = ['thought', 'gatha info', 'save reflection', 'friends feed'];
const latencies = new Map(steps.map((step) => [step, []]));
const errors = [];

/** One person's HTTP calls, with their session cookie. */
function personAt(baseUrl) {
  let cookie = '';
  return async function call(step, method, url, body) {
    const started = performance.now();
    let status = 0;
    let answer;
    try {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      status = response.status;
      const session = response.headers.getSetCookie().find((c) => c.startsWith('tfp_session='));
      if (session) cookie = session.split(';')[0];
      answer = await response.json();
    } catch (error) {
      if (status === 0) answer = { message: error.message };
    }
    if (step) latencies.get(step).push(performance.now() - started);
    if (status < 200 || status > 299) {
      errors.push({ step: step ?? `${method} ${url}`, status, message: answer?.message });
      throw new Error(`${method} ${url} answered ${status}`);
    }
    return answer;
  };
}

async function inParallel(count, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

/** Signs everyone up, then makes each person friends with the next three. */
async function preparePeople(baseUrl) {
  const run = `${Date.now().toString(36)}${process.pid}`;
  const calls = new Array(people);
  const ids = new Array(people);
  await inParallel(people, 16, async (i) => {
    const call = personAt(baseUrl);
    const name = `load_${run}_${i}`;
    const { user } = await call(null, 'POST', '/api/auth/signup', {
      username: name,
      email: `${name}@example.test`,
      password: 'correct horse battery',
      fullName: `Load Person ${i}`,
    });
    calls[i] = call;
    ids[i] = user.id;
  });
  const friendsEach = Math.min(3, people - 1);
  await inParallel(people, 16, async (i) => {
    for (let k = 1; k <= friendsEach; k++) {
      const other = (i + k) % people;
      if (k > people / 2) continue;
      const sent = await calls[i](null, 'POST', `/api/friend-requests/${ids[other]}`);
      if (sent.status === 'pending')
        await calls[other](null, 'POST', `/api/friend-requests/${sent.id}/accept`);
    }
  });
  return calls;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * thinkMs));

async function dailyFlow(call, until, index) {
  let round = 0;
  while (performance.now() < until) {
    round += 1;
    try {
      const today = await call('thought', 'GET', '/api/thoughts/today');
      await pause();
      await call('gatha info', 'GET', `/api/gathas/info/${today.dayNumber}`);
      await pause();
      await call('save reflection', 'POST', '/api/journal', {
        dayNumber: today.dayNumber,
        entryText: `Good thoughts ${index}.${round}\nGood words\nGood deeds`,
        isPublic: round % 2 === 0,
      });
      await pause();
      await call('friends feed', 'GET', '/api/journal/friends');
      await pause();
    } catch {
      // Counted in errors; the person carries on with the next round.
    }
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarise(elapsedSeconds) {
  const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
  const figures = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      requests: sorted.length,
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? null),
    };
  };
  const all = [...latencies.values()].flat();
  return {
    people,
    seconds: Math.round(elapsedSeconds * 10) / 10,
    ...figures(all),
    requestsPerSecond: Math.round(all.length / elapsedSeconds),
    errors: errors.length,
    errorSamples: errors.slice(0, 5),
    steps: Object.fromEntries(steps.map((step) => [step, figures(latencies.get(step))])),
  };
}

async function startServer() {
  const port = Number(process.env.LOAD_PORT ?? 4390);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-load-'));
  const child = spawn(process.execPath, [path.join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
      MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
      SERVE_WEB: 'false',
      // Every simulated person signs up from this one address.
      RATE_LIMIT_IP_FACTOR: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) {
        return {
          baseUrl,
          async stop() {
            const exited = new Promise((resolve) => child.once('exit', resolve));
            child.kill('SIGTERM');
            await exited;
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
  throw new Error(`the server did not start on port ${port} (run npx tsc -p tsconfig.build.json)`);
}

const server = process.env.LOAD_URL
  ? { baseUrl: process.env.LOAD_URL.replace(/\/+$/, ''), stop: async () => undefined }
  : await startServer();
try {
  log(`Preparing ${people} people with friends at ${server.baseUrl} ...`);
  const calls = await preparePeople(server.baseUrl);
  log(`Daily flow for ${seconds} s ...`);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(calls.map((call, i) => dailyFlow(call, until, i)));
  const summary = summarise((performance.now() - started) / 1000);
  if (asJson) {
    console.log(JSON.stringify(summary));
  } else {
    log(
      `${summary.requests} requests (${summary.requestsPerSecond}/s), ${summary.errors} errors, ` +
        `p50 ${summary.p50} ms, p99 ${summary.p99} ms, max ${summary.max} ms`,
    );
    for (const [step, f] of Object.entries(summary.steps))
      log(`  ${step.padEnd(16)} ${f.requests} requests, p50 ${f.p50} ms, p99 ${f.p99} ms`);
    for (const sample of summary.errorSamples) log(`  error: ${JSON.stringify(sample)}`);
  }
  process.exitCode = summary.errors === 0 ? 0 : 1;
} finally {
  await server.stop();
}
