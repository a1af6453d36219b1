import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nginxPath } from '../../../scripts/nginx.mjs';
import { projectRoot } from '../config.js';

/** The site file shipped for operators; the proxy test runs exactly it. */
export const shippedSite = path.join(projectRoot, 'deploy', 'nginx', 'threefold-path.conf');

/** NGINX_PATH, else the Debian package's nginx, if it is a program. */
export function findNginx(): string | undefined {
  const program = nginxPath();
  try {
    fs.accessSync(program, fs.constants.X_OK);
    return program;
  } catch {
    return undefined;
  }
}

function replaceOnce(text: string, pattern: RegExp, by: string): string {
  const found = text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`));
  if (found?.length !== 1) {
    throw new Error(
      `${shippedSite}: expected one ${pattern} to replace, found ${found?.length ?? 0}`,
    );
  }
  return text.replace(pattern, by);
}

/**
 * The shipped site with this test's ports and folder in place of the upstream servers, the
 * `listen` line and the cache folder; fails when the site no longer has them as expected.
 */
export function siteForTest(
  site: string,
  options: { port: number; upstreamPorts: number[]; dir: string },
) {
  const servers = [...site.matchAll(/^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;$/gm)];
  if (servers.length !== options.upstreamPorts.length) {
    throw new Error(
      `${shippedSite}: expected ${options.upstreamPorts.length} upstream servers, found ${servers.length}`,
    );
  }
  let index = 0;
  let text = site.replace(
    /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;$/gm,
    (_line, indent: string, rest: string | undefined) =>
      `${indent}server 127.0.0.1:${options.upstreamPorts[index++]}${rest ?? ''};`,
  );
  text = replaceOnce(text, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.port};`);
  text = replaceOnce(text, /\/var\/cache\/nginx\/threefold-path/, path.join(options.dir, 'cache'));
  return text;
}

export interface NginxProxy {
  url: string;
  /** The access log's lines: status, the upstreams tried, their statuses, method and path. */
  accessLog(): string[];
  /** What nginx wrote to its error log (each upstream it found gone, among the rest). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Runs nginx in the foreground from a folder of its own: its own main configuration around
 * the shipped site, pid file, logs and temporary paths there, listening on 127.0.0.1:port.
 */
export async function startNginx(options: {
  program: string;
  port: number;
  upstreamPorts: number[];
}): Promise<NginxProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-nginx-'));
  // Run as root, nginx's workers drop to an unprivileged user that must reach this folder.
  fs.chmodSync(dir, 0o755);
  const site = siteForTest(fs.readFileSync(shippedSite, 'utf8'), { ...options, dir });
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  const at = (name: string) => path.join(dir, name);
  fs.writeFileSync(
    at('nginx.conf'),
    `worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} warn;
events { worker_connections 512; }
http {
  log_format tried '$status|$upstream_addr|$upstream_status|$request_method|$uri';
  access_log ${at('access.log')} tried;
  client_body_temp_path ${at('client-body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
  include ${at('site.conf')};
}
`,
  );
  const child: ChildProcess = spawn(
    options.program,
    ['-p', dir, '-e', at('error.log'), '-c', at('nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const errorLog = () =>
    fs.existsSync(at('error.log')) ? fs.readFileSync(at('error.log'), 'utf8') : '';
  const stop = async () => {
    // SIGTERM: the master stops its workers at once and exits (a SIGKILLed master would leave
    // them listening); SIGKILL only if it has not gone within 5 s.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(late);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  while (!(await accepts(options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const why = `nginx did not start:\n${output}\n${errorLog()}`;
      await stop();
      throw new Error(why);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    accessLog: () =>
      fs.existsSync(at('access.log'))
        ? fs.readFileSync(at('access.log'), 'utf8').split('\n').filter(Boolean)
        : [],
    errorLog,
    stop,
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
