import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loggerOptions, readableLogsWanted } from './logging.js';
import { loadConfig } from './config.js';
import { ApiClient, signUp } from './test-support/api-client.js';
import { writeFixturePack } from './test-support/fixture-pack.js';
import { createTestDatabase, type TestDatabase } from './test-support/test-app.js';
import type { FastifyInstance } from 'fastify';

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
    await new ApiClient(app).post('/api/auth/login', {
      username: person.user.username,
      password: 'very secret words 42',
    });
    await new ApiClient(app).post('/api/auth/login', {
      username: person.user.username,
      password: 'wrong secret words 42',
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
    expect(text).toContain('token=[redacted]');
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
