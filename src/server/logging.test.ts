import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import pino from 'pino';
import {
  loggerOptions,
  millisecondsText,
  readableLogsWanted,
  requestLoggerWhenUsed,
} from './logging.js';
import { loadConfig } from './config.js';
import { ApiClient, signUp } from './test-support/api-client.js';
import { writeFixturePack } from './test-support/fixture-pack.js';
import { createTestDatabase, type TestDatabase } from './test-support/test-app.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let app: FastifyInstance;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    CONTENT_DIR: writeFixturePack(),
    RATE_LIMIT_IP_FACTOR: '1000',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'info',
    METRICS_TOKEN: 'never-logged-metrics-token-0123456789',
  });
  app = await buildApp(config, { logger: { ...loggerOptions(config), stream: sink } });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('logs', () => {
  it('carry a request id and never a password, session token or reset token', async () => {
    const person = await signUp(app, { password: 'very secret words 42' });
    await new ApiClient(app).api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'very secret words 42',
      },
    });
    await new ApiClient(app).api('POST /api/auth/login', {
      body: {
        username: person.user.username,
        password: 'wrong secret words 42',
      },
    });
    await app.inject({ method: 'GET', url: '/password-reset?token=abcdef-secret-token' });
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(4);
    const completed = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.msg === 'request completed');
    expect(completed.length).toBeGreaterThan(2);
    expect(
      completed.every((l) => typeof l.reqId === 'string' && (l.reqId as string).length > 10),
    ).toBe(true);
    expect(text).not.toContain('very secret words');
    expect(text).not.toContain('wrong secret words');
    expect(text).not.toContain(person.sessionCookie);
    expect(text).not.toContain('abcdef-secret-token');
    // The address is logged without its query, where the token was.
    expect(text).toContain('"url":"/password-reset"');
  });

  it("take a proxy's well-formed X-Request-Id, and make their own for anything else", async () => {
    const uuid = crypto.randomUUID();
    const sent = [
      'proxy-id_0042',
      uuid,
      'x'.repeat(65),
      'id with spaces',
      '{"msg":"forged line"}',
      'id;rm',
      '',
    ];
    const ids = new Map<string, string>();
    for (const id of sent) {
      await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      const entry = JSON.parse(lines.at(-1)!) as { msg?: string; reqId?: string };
      expect(entry.msg).toBe('request completed');
      ids.set(id, entry.reqId!);
    }
    expect(ids.get('proxy-id_0042')).toBe('proxy-id_0042');
    expect(ids.get(uuid)).toBe(uuid);
    // Its own: this process's random prefix and a count, one for each request.
    const made = sent.slice(2).map((id) => ids.get(id)!);
    for (const id of made) expect(id).toMatch(/^[A-Za-z0-9_-]{12}-\d+$/);
    expect(new Set(made).size).toBe(made.length);
    expect(new Set(made.map((id) => id.split('-').slice(0, -1).join('-'))).size).toBe(1);
    expect(lines.join('\n')).not.toContain('forged line');
  });
});

describe('the milliseconds of the answered line', () => {
  it('are written as JSON writes the time rounded to hundredths', () => {
    const times = [0, 0.004, 0.005, 0.05, 0.1, 0.29, 1, 1.5, 1.999, 9.995, 12.345, 100, 1234.56];
    for (let i = 0; i < 2000; i++) times.push(Math.random() * 10 ** (i % 5));
    for (const ms of times) {
      expect(millisecondsText(ms), String(ms)).toBe(JSON.stringify(Math.round(ms * 100) / 100));
    }
  });
});

describe('the line of each answered request', () => {
  it('is one line with method, path, route, status, time and request id, and nothing private', async () => {
    const person = await signUp(app, { email: 'private.reader@example.test' });
    const before = lines.length;
    await person.api('POST /api/journal', {
      body: { dayNumber: 3, entryText: 'my private reflection text' },
    });
    await person.api('GET /api/users/search', { query: { q: 'private.reader@example.test' } });
    await app.inject({
      method: 'GET',
      url: '/api/journal/day/3',
      headers: { cookie: `tfp_session=${person.sessionCookie}`, authorization: 'Bearer abc123' },
    });
    // Work in the background (share images, change notifications) may log meanwhile; the
    // requests' own lines are those carrying a request id.
    const written = lines
      .slice(before)
      .filter((line) => (JSON.parse(line) as { reqId?: string }).reqId !== undefined);
    expect(written).toHaveLength(3);
    const [saved, searched, read] = written.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(saved).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'POST',
      url: '/api/journal',
      route: '/api/journal',
      status: 201,
    });
    expect(typeof saved!.ms).toBe('number');
    expect(typeof saved!.reqId).toBe('string');
    expect(searched).toMatchObject({ url: '/api/users/search', status: 200 });
    expect(read).toMatchObject({ url: '/api/journal/day/3', route: '/api/journal/day/:dayNumber' });
    const text = lines.slice(before).join('\n');
    expect(text).not.toContain('private.reader');
    expect(text).not.toContain('my private reflection');
    expect(text).not.toContain(person.sessionCookie);
    expect(text).not.toContain('abc123');
  });

  it('is JSON in the order pino writes, whatever an unknown address holds', async () => {
    const before = lines.length;
    await app.inject({ method: 'GET', url: '/api/no-such/%22quoted%22' });
    const [line] = lines.slice(before);
    const parsed = JSON.parse(line!) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'method',
      'url',
      'status',
      'ms',
      'msg',
    ]);
    expect(parsed).toMatchObject({ url: '/api/no-such/%22quoted%22', status: 404 });
    expect(Math.abs((parsed.time as number) - Date.now())).toBeLessThan(60_000);
  });

  it('writes an address as JSON would, whatever characters it holds', async () => {
    // Sent over a socket as written: an HTTP client would encode these characters first.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // Node's parser refuses control characters and bytes beyond ASCII; quotes and backslashes
    // come through, and JSON must escape them.
    const raw = ['/api/no-such/back\\slash"quote', '/api/no-such/{|}^`'];
    for (const path of raw) {
      const before = lines.length;
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.end(Buffer.from(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)),
        );
        socket
          .on('data', () => {})
          .on('close', () => resolve())
          .on('error', reject);
      });
      await expect.poll(() => lines.length).toBeGreaterThan(before);
      const line = lines[before]!;
      const url = (JSON.parse(line) as { url: string }).url;
      expect(url).toBe(path);
      expect(line).toContain(`"url":${JSON.stringify(url)},`);
    }
  });

  it('never carries the metrics token, whether right or wrong', async () => {
    const before = lines.length;
    for (const token of ['never-logged-metrics-token-0123456789', 'a-wrong-guess-0123456789']) {
      await app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}` },
      });
    }
    const written = lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written.map((l) => l.status)).toEqual([200, 403]);
    expect(lines.join('\n')).not.toMatch(/never-logged-metrics-token|a-wrong-guess/);
  });
});

describe('readable log lines', () => {
  const installed = () => true;
  const missing = () => false;

  it('are written at a terminal outside production when pino-pretty is installed', () => {
    expect(readableLogsWanted('development', true, installed)).toBe(true);
  });

  it('give way to JSON without pino-pretty, in production, or away from a terminal', () => {
    expect(readableLogsWanted('development', true, missing)).toBe(false);
    expect(readableLogsWanted('production', true, installed)).toBe(false);
    expect(readableLogsWanted('development', false, installed)).toBe(false);
  });
});

describe("a request's own logger", () => {
  it('writes its lines with the request id, at the levels the server writes, and not below', () => {
    const written: string[] = [];
    const parent = pino(
      { level: 'info' },
      { write: (line: string) => void written.push(line) },
    ) as unknown as FastifyBaseLogger;
    const log = requestLoggerWhenUsed(parent, { reqId: 'request-7' }, {});
    log.debug('too fine to write');
    log.warn({ detail: 'x' }, 'something to see');
    log.child({ step: 'inner' }).error('and deeper');
    const parsed = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map(({ msg, reqId, step }) => ({ msg, reqId, step }))).toEqual([
      { msg: 'something to see', reqId: 'request-7', step: undefined },
      { msg: 'and deeper', reqId: 'request-7', step: 'inner' },
    ]);
    expect(log.level).toBe('info');
  });
});
