import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { PREPARED_PER_CONNECTION, prepareRepeatedStatements } from './prepared-statements.js';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('statements prepared on PostgreSQL', () => {
  let database: TestDatabase;
  let schema: string;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    schema = new URL(database.url).searchParams.get('schema')!;
  });
  afterAll(async () => database.drop());

  /**
   * A pool of one connection, as the app's pool is made, with a table of its own; statements
   * run as the app's queries send them, on a connection taken from the pool.
   */
  async function connection(table: string) {
    const url = new URL(database.url);
    url.searchParams.delete('schema');
    const pool = new pg.Pool({
      connectionString: url.toString(),
      max: 1,
      options: `-c search_path=${schema}`,
    });
    prepareRepeatedStatements(pool);
    const run = async (text: string, values: unknown[] = []): Promise<unknown[]> => {
      const client = await pool.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        client.release();
      }
    };
    await run(`create table ${table} (id integer primary key, body text)`);
    await run(`insert into ${table} values (1, 'first'), (2, 'second')`);
    const prepared = async () =>
      (
        (await run('select statement from pg_prepared_statements where not from_sql')) as {
          statement: string;
        }[]
      ).map((row) => row.statement);
    return { run, prepared, close: () => pool.end() };
  }

  it('prepares a statement sent a second time and answers the same by name', async () => {
    const { run, prepared, close } = await connection('notes_once');
    try {
      const text = 'select body from notes_once where id = $1';
      expect(await run(text, [1])).toEqual([{ body: 'first' }]);
      expect(await prepared()).not.toContain(text);
      expect(await run(text, [2])).toEqual([{ body: 'second' }]);
      expect(await prepared()).toContain(text);
      expect(await run(text, [1])).toEqual([{ body: 'first' }]);
    } finally {
      await close();
    }
  });

  it('prepares no more than its bound on one connection', async () => {
    const { run, prepared, close } = await connection('notes_many');
    try {
      for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
        const text = `select body from notes_many where id = $1 and ${i} = ${i}`;
        await run(text, [1]);
        expect(await run(text, [1])).toEqual([{ body: 'first' }]);
      }
      expect((await prepared()).length).toBe(PREPARED_PER_CONNECTION);
    } finally {
      await close();
    }
  });

  it('answers a prepared read after another process adds a column to its table', async () => {
    const { run, prepared, close } = await connection('notes_grown');
    try {
      const text = 'select * from notes_grown where id = $1';
      await run(text, [1]);
      expect(await run(text, [1])).toEqual([{ id: 1, body: 'first' }]);
      expect(await prepared()).toContain(text);
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      try {
        await other.query(`alter table ${schema}.notes_grown add column mood text`);
      } finally {
        await other.end();
      }
      expect(await run(text, [1])).toEqual([{ id: 1, body: 'first', mood: null }]);
      expect(await run(text, [1])).toEqual([{ id: 1, body: 'first', mood: null }]);
    } finally {
      await close();
    }
  });
});
