import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { userRow } from '../test-support/user-rows.js';
import { type AppDatabase, migrateToLatest, openDatabase } from './connection.js';
import { preparedRead } from './prepared-query.js';

let database: TestDatabase;
let opened: AppDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  opened = openDatabase(database.url);
  await migrateToLatest(opened.db, opened.schema);
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

const usersNamed = preparedRead((db) =>
  db.selectFrom('users').select(['id', 'full_name']).where('username_key', '=', ''),
);

describe('prepared reads', () => {
  it('run with the values given, each time', async () => {
    const { db } = opened;
    await db
      .insertInto('users')
      .values([userRow('ada'), userRow('ben')])
      .execute();
    expect((await usersNamed(db, 'ada')).map((r) => r.full_name)).toEqual(['Person ada']);
    expect((await usersNamed(db, 'ben')).map((r) => r.full_name)).toEqual(['Person ben']);
    expect(await usersNamed(db, 'nobody')).toEqual([]);
    await expect(usersNamed(db)).rejects.toThrow('takes 1 values, 0 given');
  });

  it('never see what another transaction has not committed', async () => {
    const { db } = opened;
    let readDuring: Promise<unknown[]> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(userRow('cleo')).execute();
        // Asked from outside while the transaction is open; it rolls back below.
        readDuring = usersNamed(db, 'cleo');
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readDuring).toEqual([]);
  });
});
