import fs from 'node:fs';
import type https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { type AppConfig, loadConfig } from '../../config.js';
import { writeFixturePack } from '../../test-support/fixture-pack.js';
import type { TestClock } from '../../test-support/test-app.js';

/**
 * The real app on `databaseUrl` with its minute timer off (the test ticks by hand, with its
 * own clock) and pushes sent through `pushAgent`. Several may share one database.
 */
export async function buildPushTestApp(options: {
  databaseUrl: string;
  clock: TestClock;
  pushAgent?: https.Agent;
  env?: Record<string, string>;
}): Promise<{ app: FastifyInstance; config: AppConfig; close(): Promise<void> }> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-push-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl,
    APP_URL: 'http://localhost:3000',
    CONTENT_DIR: writeFixturePack(),
    MAIL_OUTBOX_DIR: path.join(scratch, 'outbox'),
    RATE_LIMIT_IP_FACTOR: '1000',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    PUSH_SCHEDULER: 'false',
    // Tests subscribe with made-up and loopback push services.
    PUSH_SERVICE_HOSTS: '*',
    ...options.env,
  });
  const app = await buildApp(config, {
    clock: options.clock.clock,
    logger: false,
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
  });
  return {
    app,
    config,
    async close() {
      await app.close();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
