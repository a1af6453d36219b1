import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiAddress } from '#shared/api-address';
import type { ApiAnswer, ApiCall, ApiCallArguments } from '#shared/api-contract';
import { SESSION_COOKIE } from '#shared/constants';
import { OWN_CHANGE_COOKIE } from '../cache/own-changes.js';
import { projectRoot } from '../config.js';
import type { ErrorFields, UntypedAnswer } from './api-client.js';

/** The built server (`npx tsc -p tsconfig.build.json`) that process tests start. */
export const builtServer = path.join(projectRoot, 'dist', 'server', 'main.js');

export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Ports for test servers: PROCESS_TEST_PORTS=FIRST-LAST, 4350-4389 unless set. */
const [rangeFirst, rangeLast] = (process.env.PROCESS_TEST_PORTS ?? '4350-4389')
  .split('-')
  .map(Number) as [number, number];
/**
 * The process tests run two files at a time: each worker hands out ports from its own half of
 * the range, so two servers starting at once are never given the same one.
 */
const half = Math.floor((rangeLast - rangeFirst + 1) / 2);
const worker = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 2;
const firstPort = rangeFirst + worker * half;
const lastPort = firstPort + half - 1;
/** When each port was last handed out, as a count of hand-outs. */
const handedOut = new Map<number, number>();
let handOuts = 0;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port in the test range that nothing listens on: one not handed out yet, else the one handed
 * out longest ago. A server given a port may be starting and not listening yet, so the port
 * just handed out is never the next one, even when other programs hold most of the range.
 */
export async function freePort(): Promise<number> {
  const ports = Array.from({ length: lastPort - firstPort + 1 }, (_, i) => firstPort + i);
  const longestAgoFirst = ports.sort(
    (a, b) => (handedOut.get(a) ?? -1) - (handedOut.get(b) ?? -1) || a - b,
  );
  for (const port of longestAgoFirst) {
    if (await isFree(port)) {
      handedOut.set(port, handOuts++);
      return port;
    }
  }
  throw new Error(`no free port in ${firstPort}-${lastPort} (set PROCESS_TEST_PORTS=FIRST-LAST)`);
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Resolves when the process ends, with its exit code (null when a signal ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process printed so far (the last 200 KB). */
  output(): string;
}

/** Servers still running; a test that failed before stopping one must not leave it behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the built server as a child process on `port`, with the API only, a scratch mail
 * folder and generous per-IP allowances (so many simulated people can share 127.0.0.1).
 */
export function startServer(options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): ServerProcess {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-process-'));
  const child = spawn(process.execPath, [builtServer], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${options.port}`,
      DATABASE_URL: options.databaseUrl,
      MAIL_OUTBOX_DIR: path.join(scratch, 'outbox'),
      SHARE_IMAGES_DIR: path.join(scratch, 'share-images'),
      SHARE_IMAGES_DRAW_AHEAD: 'false',
      SERVE_WEB: 'false',
      RATE_LIMIT_IP_FACTOR: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      fs.rmSync(scratch, { recursive: true, force: true });
      resolve({ code, signal });
    });
  });
  return {
    child,
    port: options.port,
    baseUrl: `http://127.0.0.1:${options.port}`,
    exited,
    output: () => output,
  };
}

/** Waits until the server answers /api/health, or fails with what it printed. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server on port ${server.port} did not start:\n${server.output()}`);
}

export async function startReadyServer(
  options: Parameters<typeof startServer>[0],
): Promise<ServerProcess> {
  const server = startServer(options);
  try {
    await waitUntilReady(server);
  } catch (error) {
    await stopServer(server, 'SIGKILL');
    throw error;
  }
  return server;
}

/** Sends `signal` (if the process still runs) and waits for it to end. */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

export interface HttpAnswer<T = UntypedAnswer> {
  status: number;
  body: T;
  headers: Headers;
}

/** A person using the API over real HTTP, with their session cookie, against any process. */
export class HttpPerson {
  sessionCookie: string | undefined;
  /** Until when (real time) the browser carries the mark of its own recent change. */
  ownChangeUntil = 0;
  user: { id: number; username: string; fullName: string } | undefined;
  /** Sent with every call, before the app's own. */
  headers: Record<string, string> = {};

  constructor(public baseUrl: string) {}

  /** The same browser, with its cookies, calling another process. */
  on(baseUrl: string): HttpPerson {
    return Object.assign(new HttpPerson(baseUrl), { ...this, baseUrl });
  }

  async call<T = UntypedAnswer>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<HttpAnswer<T>> {
    const cookies = [
      ...(this.sessionCookie ? [`${SESSION_COOKIE}=${this.sessionCookie}`] : []),
      ...(Date.now() < this.ownChangeUntil ? [`${OWN_CHANGE_COOKIE}=1`] : []),
    ];
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        ...this.headers,
        'x-requested-with': 'XMLHttpRequest',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name === SESSION_COOKIE) this.sessionCookie = value || undefined;
      if (name === OWN_CHANGE_COOKIE) {
        const maxAge = attributes.find((a) => a.trim().toLowerCase().startsWith('max-age='));
        this.ownChangeUntil = Date.now() + Number(maxAge?.split('=')[1] ?? 0) * 1000;
      }
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** A call by its name in the API contract, typed as ApiClient.api types it. */
  api<C extends ApiCall>(
    call: C,
    ...[options]: ApiCallArguments<C>
  ): Promise<HttpAnswer<ApiAnswer<C> & ErrorFields>> {
    const { method, url } = apiAddress(call, options);
    return this.call<ApiAnswer<C> & ErrorFields>(method, url, options?.body);
  }
}

let signedUp = 0;

/** Signs a new person up over HTTP and returns them signed in. */
export async function signUpOverHttp(baseUrl: string): Promise<HttpPerson> {
  signedUp += 1;
  const tag = `${process.pid}p${signedUp}p${Math.random().toString(36).slice(2, 7)}`;
  const person = new HttpPerson(baseUrl);
  const answer = await person.api('POST /api/auth/signup', {
    body: {
      username: `user_${tag}`,
      email: `user_${tag}@example.test`,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      fullName: `Person ${tag}`,
    },
  });
  if (answer.status !== 201)
    throw new Error(`sign-up failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  person.user = answer.body.user;
  return person;
}
/** Runs `work` over `items` with at most `inFlight` calls running at once. */
export async function inBatches<T>(
  items: readonly T[],
  inFlight: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, worker));
}
