import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { CHANGES_CHANNEL, listenForChanges } from './change-notifications.js';

const onPostgres = process.env.TEST_DB === 'postgres';

// The listener alone, told of notifications as migration 0017's trigger sends them.
describe.skipIf(!onPostgres)('listening for changes on PostgreSQL', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  let schema: string;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    schema = new URL(database.url).searchParams.get('schema')!;
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });

  const listening = (reads: { count: number }) => {
    const name = `changes test ${randomBytes(4).toString('hex')}`;
    const notifications = listenForChanges({
      databaseUrl: database.url,
      name,
      retryFirstMs: 20,
      readLog: async () => {
        reads.count += 1;
      },
    });
    const terminate = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [name],
      );
    return { notifications, terminate };
  };
  const notify = (payload: string) =>
    admin.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);

  it('reads the log once listening, and again for each notification of its schema', async () => {
    const reads = { count: 0 };
    const { notifications } = listening(reads);
    try {
      expect(notifications.live).toBe(false);
      await expect.poll(() => notifications.live).toBe(true);
      expect(reads.count).toBe(1);

      await notify(schema);
      await expect.poll(() => reads.count, { timeout: 100, interval: 2 }).toBe(2);
      // Another schema's changes concern another app.
      await notify(`${schema}_other`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reads.count).toBe(2);
      await notify(schema);
      await expect.poll(() => reads.count, { timeout: 100, interval: 2 }).toBe(3);
    } finally {
      await notifications.close();
    }
    expect(notifications.live).toBe(false);
  });

  it('stops being live the moment its connection drops, then listens and reads again', async () => {
    const reads = { count: 0 };
    const { notifications, terminate } = listening(reads);
    try {
      await expect.poll(() => notifications.live).toBe(true);
      await terminate();
      await expect.poll(() => notifications.live, { timeout: 200, interval: 2 }).toBe(false);
      // Listening again reads what was committed while it was not.
      await expect.poll(() => notifications.live, { timeout: 5000 }).toBe(true);
      expect(reads.count).toBe(2);
      await notify(schema);
      await expect.poll(() => reads.count, { timeout: 100, interval: 2 }).toBe(3);
    } finally {
      await notifications.close();
    }
  });

  it('is not live while the log cannot be read, and tries again', async () => {
    let failing = true;
    let reads = 0;
    const notifications = listenForChanges({
      databaseUrl: database.url,
      retryFirstMs: 20,
      readLog: async () => {
        reads += 1;
        if (failing) throw new Error('the log is out of reach');
      },
    });
    try {
      await expect.poll(() => reads).toBeGreaterThanOrEqual(2);
      expect(notifications.live).toBe(false);
      failing = false;
      await expect.poll(() => notifications.live, { timeout: 5000 }).toBe(true);
    } finally {
      await notifications.close();
    }
  });
});
