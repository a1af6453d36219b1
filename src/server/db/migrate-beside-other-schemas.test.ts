import { Kysely, PostgresDialect, type PostgresPool, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { migrateToLatest } from './connection.js';
import type { Database } from './tables.js';

const onPostgres = process.env.TEST_DB === 'postgres';

/** What PostgreSQL answers when a schema is dropped while a catalog read looks at it. */
function serverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

/**
 * The app's schema over a real pool whose first statement matching `fails` is answered with
 * `error` instead of being sent: the answer another client's drop gives at that moment.
 */
function databaseFailingOnce(url: string, fails: (statement: string) => boolean, error: Error) {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema')!;
  parsed.searchParams.delete('schema');
  const pool = new pg.Pool({
    connectionString: parsed.toString(),
    max: 2,
    options: `-c search_path=${schema}`,
  });
  let answered = false;
  const failingPool = {
    async connect() {
      const client = await pool.connect();
      return {
        query(statement: string, parameters: readonly unknown[]) {
          if (!answered && fails(statement)) {
            answered = true;
            return Promise.reject(error);
          }
          return client.query(statement, parameters as unknown[]);
        },
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({
    // pg types a result's command as any string, Kysely as the five it reads.
    dialect: new PostgresDialect({ pool: failingPool as unknown as PostgresPool }),
  });
  return { db, schema, failedOnce: () => answered };
}

const readsEverySchemasColumns = (statement: string) => statement.includes('"pg_attribute"');

describe.skipIf(!onPostgres)('migrating while other schemas are dropped', () => {
  let database: TestDatabase | undefined;
  let opened: ReturnType<typeof databaseFailingOnce> | undefined;
  afterEach(async () => {
    await opened?.db.destroy();
    await database?.drop();
    [opened, database] = [undefined, undefined];
  });

  /** A fresh schema whose migration's first catalog read is answered with `error`. */
  async function schemaWhoseLookupFails(error: Error) {
    database = await createTestDatabase('postgres');
    opened = databaseFailingOnce(database.url, readsEverySchemasColumns, error);
    return opened;
  }

  it('looks again when a schema vanished under its lookup, and migrates this one whole', async () => {
    const { db, schema, failedOnce } = await schemaWhoseLookupFails(
      serverError('3F000', 'schema "test_dropped" does not exist'),
    );
    await migrateToLatest(db, schema);
    expect(failedOnce()).toBe(true);
    const { rows } = await sql<{ name: string }>`select table_name as name
      from information_schema.tables where table_schema = ${schema}`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['users', 'journal_entries', 'kysely_migration']),
    );
  });

  it('still stops at once on any other failure of the lookup', async () => {
    const { db, schema } = await schemaWhoseLookupFails(
      serverError('42501', 'permission denied for schema'),
    );
    await expect(migrateToLatest(db, schema)).rejects.toThrow('permission denied');
  });
});
