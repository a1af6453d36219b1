import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { type AppDatabase, openDatabase } from './connection.js';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('the slow-query warning', () => {
  let database: TestDatabase | undefined;
  let opened: AppDatabase | undefined;
  let warnings: { sql: string; ms: number }[] = [];
  afterEach(async () => {
    await opened?.close();
    await database?.drop();
    [opened, database, warnings] = [undefined, undefined, []];
  });

  async function openWatched() {
    database = await createTestDatabase('postgres');
    opened = openDatabase(database.url, {
      slowQueryMs: 50,
      logger: { warn: (fields: { sql: string; ms: number }) => warnings.push(fields) },
    });
    return opened.db;
  }

  it('names a statement that took longer than allowed', async () => {
    const db = await openWatched();
    await sql`select pg_sleep(0.1)`.execute(db);
    expect(warnings.map((warning) => warning.sql)).toEqual(['select pg_sleep(0.1)']);
  });

  it('leaves out a wait for a lock another process holds on purpose', async () => {
    const db = await openWatched();
    const key = randomInt(1, 2 ** 47);
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [key]);
      let locked = false;
      const waited = db
        .transaction()
        .execute((trx) => sql`select pg_advisory_xact_lock(${key})`.execute(trx))
        .then(() => (locked = true));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(locked).toBe(false);
      await other.query('select pg_advisory_unlock($1)', [key]);
      await waited;
    } finally {
      await other.end();
    }
    expect(warnings).toEqual([]);
  });
});
