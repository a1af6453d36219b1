import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../app.js';
import type { Clock } from '../clock.js';
import { type AppConfig, loadConfig } from '../config.js';
import type { Mailer } from '../mail/mailer.js';
import { writeFixturePack } from './fixture-pack.js';
import { adminQuery } from './migrated-template.js';

export interface TestClock {
  clock: Clock;
  set(iso: string): void;
  advance(ms: number): void;
}

/** A clock the test moves by hand; it starts at a fixed instant (1 March 2026, day 60). */
export function testClock(iso = '2026-03-01T12:00:00.000Z'): TestClock {
  let now = new Date(iso).getTime();
  return {
    clock: () => new Date(now),
    set: (value) => {
      now = new Date(value).getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a temporary SQLite file, or a schema of its own
 * in TEST_DATABASE_URL when the suite runs on PostgreSQL (or `kind` asks for it).
 */
export async function createTestDatabase(
  kind: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
): Promise<TestDatabase> {
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(base);
    url.searchParams.set('schema', schema);
    return {
      url: url.toString(),
      async drop() {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-test-'));
  return {
    url: `sqlite:${path.join(dir, 'app.db')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A fresh database for one test file with every migration applied: a copy of the template the
 * API suite migrates once per run (test-support/migrated-template.ts), which is much faster
 * than migrating each. SQLite copies the file; PostgreSQL makes a database of its own from the
 * template (dropped with `drop`). Without a template (a test run outside the API suite), an
 * empty one, which the app migrates as it starts.
 */
export async function createMigratedTestDatabase(
  kind: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
): Promise<TestDatabase> {
  const template = inject('migratedTemplate');
  if (!template) return createTestDatabase(kind);
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
    const name = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `create database ${name} template ${template}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: () => adminQuery(base, `drop database if exists ${name} with (force)`),
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-test-'));
  const file = path.join(dir, 'app.db');
  fs.copyFileSync(template, file);
  return {
    url: `sqlite:${file}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: TestClock;
  databaseUrl: string;
  close(): Promise<void>;
}

/** The real app on a fresh database with the fixture content pack, not listening. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    clock?: TestClock;
    contentDir?: string;
    onRoute?: AppOptions['onRoute'];
    readiness?: AppOptions['readiness'];
    /** Another test app's database, to run a second instance on it (the first one drops it). */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const database: TestDatabase = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createMigratedTestDatabase();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-files-'));
  const clock = options.clock ?? testClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    APP_URL: 'http://localhost:3000',
    CONTENT_DIR: options.contentDir ?? writeFixturePack(),
    MAIL_OUTBOX_DIR: path.join(scratch, 'outbox'),
    SHARE_IMAGES_DIR: path.join(scratch, 'share-images'),
    RATE_LIMIT_IP_FACTOR: '1000',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    // Tests subscribe with made-up and loopback push services.
    PUSH_SERVICE_HOSTS: '*',
    // Cheap password hashes: every test signs people up. A test of the real cost sets 'false'.
    TEST_PASSWORD_HASHING: 'true',
    ...options.env,
  });
  const app = await buildApp(config, {
    clock: clock.clock,
    logger: false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.readiness ? { readiness: options.readiness } : {}),
  });
  return {
    app,
    config,
    clock,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Two instances of the app on one database and one clock, as two processes serving the same
 * people, each with its own caches: started before the file's tests, closed after them.
 */
export function twoAppsOnOneDatabase(): { readonly one: TestApp; readonly other: TestApp } {
  const apps = {} as { one: TestApp; other: TestApp };
  beforeAll(async () => {
    apps.one = await createTestApp();
    apps.other = await createTestApp({ databaseUrl: apps.one.databaseUrl, clock: apps.one.clock });
  });
  afterAll(async () => {
    await apps.other.close();
    await apps.one.close();
  });
  return apps;
}
