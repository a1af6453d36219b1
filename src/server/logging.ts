import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AppConfig } from './config.js';

const require = createRequire(import.meta.url);

/** A request id a proxy may choose: a UUID or any short run of letters, digits, - and _. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The id of a request in the logs: the X-Request-Id a proxy sent, when well formed, so its
 * logs and these line up; otherwise a new one. Anything else a client sends there (a long
 * text, spaces, quotes, another request's id shape) never becomes the log's id.
 */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED_REQUEST_ID.test(header) ? header : randomUUID();
}

const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

export function loggerOptions(config: AppConfig) {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        // A reset link's token must never reach a log line.
        return {
          method: request.method,
          url: request.url.replace(/token=[^&]*/g, 'token=[redacted]'),
          ip: request.ip,
        };
      },
    },
    ...(readableLogsWanted(config.env, process.stdout.isTTY === true)
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/** pino-pretty is a development package: a production install (`npm ci --omit=dev`) has none. */
function prettyPrinterInstalled(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Lines for a person at a terminal outside production, when pino-pretty is there to write
 * them; otherwise JSON, one object a line.
 */
export function readableLogsWanted(
  env: AppConfig['env'],
  terminal: boolean,
  installed: () => boolean = prettyPrinterInstalled,
): boolean {
  return terminal && env !== 'production' && installed();
}
