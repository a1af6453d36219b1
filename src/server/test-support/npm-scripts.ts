import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { ServerProcess } from './server-processes.js';

/**
 * Runs `npm run <script>` in `cwd` as an operator would, serving on `port` from a database of
 * its own under `dataDir`; the settings of the project's test runs (content, web folder) are
 * left out, so the server finds everything where the script's own folder has it.
 */
export function startNpmScript(options: {
  cwd: string;
  script: string;
  port: number;
  dataDir: string;
}): ServerProcess {
  const { cwd, script, port, dataDir } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}`,
    MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
    RATE_LIMIT_IP_FACTOR: '1000',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['NODE_ENV', 'CONTENT_DIR', 'WEB_DIST_DIR', 'SERVE_WEB']) delete env[name];
  // A process group of its own, so whatever npm started can be ended with it.
  const child: ChildProcess = spawn('npm', ['run', script], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** Ends npm and everything it started, at once: for cleaning up after a test. */
export function killNpmScript(server: ServerProcess | undefined): void {
  if (!server?.child.pid) return;
  try {
    process.kill(-server.child.pid, 'SIGKILL');
  } catch {
    // Every process of the group has ended.
  }
}
