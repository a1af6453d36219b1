import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { userRow } from '../test-support/user-rows.js';
import { compileRead } from './compiled-read.js';
import { type AppDatabase, migrateToLatest, openDatabase } from './connection.js';

let database: TestDatabase;
let opened: AppDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  opened = openDatabase(database.url);
  await migrateToLatest(opened.db, opened.schema);
  await opened.db
    .insertInto('users')
    .values([userRow('ada'), userRow('ben'), userRow('cy')])
    .execute();
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

describe('compiled reads', () => {
  it('run with the values given, each time, wherever the query takes them', async () => {
    const usersBetween = compileRead(opened, (db, values: { from: string; to: string }) =>
      db
        .selectFrom('users')
        .select('full_name')
        .where('username_key', '>=', values.from)
        .where('username_key', '<=', values.to)
        .where('username_key', '!=', 'ben')
        .orderBy('username_key'),
    );
    expect(await usersBetween({ from: 'ada', to: 'cy' })).toEqual([
      { full_name: 'Person ada' },
      { full_name: 'Person cy' },
    ]);
    expect(await usersBetween({ from: 'b', to: 'c' })).toEqual([]);
    expect(await usersBetween({ from: 'c', to: 'd' })).toEqual([{ full_name: 'Person cy' }]);
  });

  it('take a value used twice in both places', async () => {
    const named = compileRead(opened, (db, values: { name: string }) =>
      db
        .selectFrom('users')
        .select('email')
        .where((eb) =>
          eb.or([eb('username', '=', values.name), eb('username_key', '=', values.name)]),
        ),
    );
    expect(await named({ name: 'ada' })).toEqual([{ email: 'ada@example.test' }]);
  });

  it('refuse a value written into the SQL rather than passed beside it', () => {
    expect(() =>
      compileRead(opened, (db, values: { name: string }) =>
        db.selectFrom('users').select(sql.lit(values.name).as('name')),
      ),
    ).toThrow('must take "name" as a parameter');
  });

  it('never see what another transaction has not committed', async () => {
    const named = compileRead(opened, (db, values: { name: string }) =>
      db.selectFrom('users').select('id').where('username_key', '=', values.name),
    );
    let readDuring: Promise<unknown[]> | undefined;
    await expect(
      opened.db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(userRow('dara')).execute();
        // Asked from outside while the transaction is open; it rolls back below.
        readDuring = named({ name: 'dara' });
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readDuring).toEqual([]);
  });
});
