import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
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
  return typeof header === 'string' && WELL_FORMED_REQUEST_ID.test(header)
    ? header
    : newRequestId();
}

/**
 * This process's random prefix (72 bits, so no two processes or restarts share one) and a
 * count: unique as a UUID would be, for a fraction of the cost of one on every request.
 */
const processPrefix = randomBytes(9).toString('base64url');
let requestsCounted = 0;

function newRequestId(): string {
  return `${processPrefix}-${++requestsCounted}`;
}

const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** The path of an address without its query, which may carry a search or a token. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * One line per answered request, once it is answered, instead of Fastify's two (incoming and
 * completed) and its line for an unknown address: what an operator reads to follow traffic
 * (method, path and route, status, milliseconds, with the request id every line of the request
 * carries). Never a header, a cookie, a query string or a body: those hold sessions, searches
 * for people and what people wrote.
 */
export class AnsweredRequestLog extends LogController {
  /** `counted` is told of every answer too (the metrics): one pass per answer serves both. */
  constructor(private readonly counted?: AnswerCounter) {
    super();
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const route = request.routeOptions.url;
    const elapsedMs = reply.elapsedTime;
    const status = reply.statusCode;
    this.counted?.(request.method, route, status, elapsedMs / 1000);
    const line: AnsweredLine = {
      method: request.method,
      url: pathOf(request.url),
      route,
      status,
      ms: Math.round(elapsedMs * 100) / 100,
    };
    // Through the server's logger with the request's id, as the request's own logger would
    // write it: most requests log nothing else, and need no logger of their own (below).
    const log = request.server.log;
    if (error) log.error({ reqId: request.id, ...line, err: error }, 'request errored');
    else if (writes(log, 'info')) {
      const write = answeredLineWriter(log);
      if (write) write(request.id, line);
      else log.info({ reqId: request.id, ...line }, 'request completed');
    }
  }
}

/** Told of each answer: its method, its route as registered (none when no route matched). */
export type AnswerCounter = (
  method: string,
  route: string | undefined,
  status: number,
  seconds: number,
) => void;

interface AnsweredLine {
  method: string;
  url: string;
  route: string | undefined;
  status: number;
  ms: number;
}

const lineWriters = new WeakMap<object, ((reqId: string, line: AnsweredLine) => void) | null>();

/** Characters JSON.stringify would escape in a string (lone surrogates among them). */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const ESCAPED_IN_JSON = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `text` as a JSON string, as JSON.stringify writes it; most paths need no escaping. */
function jsonText(text: string): string {
  return ESCAPED_IN_JSON.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * `ms` (two decimals at most) as JSON writes it, 1.5 not 1.50: from its whole hundredths, which
 * print as integers, without the general float formatting every line would otherwise pay.
 */
export function millisecondsText(ms: number): string {
  const hundredths = Math.round(ms * 100);
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths - whole * 100;
  if (rest === 0) return `${whole}`;
  if (rest % 10 === 0) return `${whole}.${rest / 10}`;
  return `${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

/** Each route's field, escaped once: routes are the registered patterns, a fixed few. */
const routeFields = new Map<string, string>();

function routeField(route: string | undefined): string {
  if (route === undefined) return '';
  let field = routeFields.get(route);
  if (field === undefined) routeFields.set(route, (field = `,"route":${jsonText(route)}`));
  return field;
}

/** The address's path as JSON; one with no parameters is its route's, escaped once. */
const routePaths = new Map<string, string>();

function urlText(url: string, route: string | undefined): string {
  if (url !== route) return jsonText(url);
  let text = routePaths.get(route);
  if (text === undefined) routePaths.set(route, (text = jsonText(route)));
  return text;
}

/**
 * pino's time field. Its default (milliseconds since the epoch) is the same for every line of a
 * millisecond, so it is written once per millisecond; any other time function is asked each time.
 */
function timeField(time: () => string): () => string {
  if (time !== pino.stdTimeFunctions.epochTime) return time;
  let writtenAt = -1;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== writtenAt) {
      writtenAt = now;
      field = `,"time":${now}`;
    }
    return field;
  };
}

/**
 * The answered line, written straight to the log's stream exactly as pino writes it (its level,
 * time and bindings, then the same fields in the same order): pino's general path, which walks
 * and escapes an object, takes several microseconds a line, and every request pays it. Only the
 * address's path and the route are escaped; the method is a token the HTTP parser checked, the
 * request id is a UUID or one that requestIdOf let through. Null when the logger is not pino.
 */
function answeredLineWriter(logger: FastifyBaseLogger) {
  let writer = lineWriters.get(logger);
  if (writer !== undefined) return writer;
  const pinoLogger = logger as unknown as Record<symbol, unknown>;
  const stream = pinoLogger[pino.symbols.streamSym] as { write(line: string): void } | undefined;
  const bindings = pinoLogger[pino.symbols.chindingsSym];
  const time = pinoLogger[pino.symbols.timeSym];
  if (stream && typeof bindings === 'string' && typeof time === 'function') {
    const timeNow = timeField(time as () => string);
    const head = `${bindings},"reqId":"`;
    writer = (reqId, { method, url, route, status, ms }) => {
      stream.write(
        `{"level":30${timeNow()}${head}${reqId}","method":"${method}","url":${urlText(url, route)}` +
          `${routeField(route)},"status":${status},"ms":${millisecondsText(ms)},"msg":"request completed"}\n`,
      );
    };
  } else writer = null;
  lineWriters.set(logger, writer);
  return writer;
}

type LogMethod = FastifyBaseLogger['info'];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Whether `logger` writes lines of `level`: pino says; a logger that cannot say is asked to. */
function writes(logger: FastifyBaseLogger, level: string): boolean {
  const { isLevelEnabled } = logger as { isLevelEnabled?: (level: string) => boolean };
  return isLevelEnabled ? isLevelEnabled.call(logger, level) : true;
}

/**
 * A request's logger (`request.log`), made only once something logs through it. Fastify would
 * make a child logger for every request, carrying its id; most requests log nothing but their
 * one answered line, which needs none.
 */
export function requestLoggerWhenUsed(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A logger that writes nothing (tests) has no levels to ask about; its child costs nothing.
  if (!('isLevelEnabled' in parent)) return parent.child(bindings, options);
  return new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}

/** One object per request, its methods shared: it is made on every request. */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #log(level: Level, args: Parameters<LogMethod>): void {
    if (writes(this.#child ?? this.parent, level)) this.#made()[level](...args);
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return writes(this.#child ?? this.parent, level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }

  fatal(...args: Parameters<LogMethod>): void {
    this.#log('fatal', args);
  }

  error(...args: Parameters<LogMethod>): void {
    this.#log('error', args);
  }

  warn(...args: Parameters<LogMethod>): void {
    this.#log('warn', args);
  }

  info(...args: Parameters<LogMethod>): void {
    this.#log('info', args);
  }

  debug(...args: Parameters<LogMethod>): void {
    this.#log('debug', args);
  }

  trace(...args: Parameters<LogMethod>): void {
    this.#log('trace', args);
  }

  silent(): void {}
}

/**
 * The server's logger: JSON lines to `stream` (buffered standard output, from main), or
 * readable lines for a person at a terminal (see readableLogsWanted).
 */
export function loggerOptions(
  config: AppConfig,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const readable = readableLogsWanted(config.env, process.stdout.isTTY === true);
  return {
    ...(stream && !readable ? { stream } : {}),
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
    ...(readable
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
