import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { userRow } from '../test-support/user-rows.js';
import { changeTailOf } from './change-tail.js';
import { type AppDatabase, migrateToLatest, openDatabase } from './connection.js';

// The change log exists on SQLite only; PostgreSQL uses feed stamps (migration 0005).
let database: TestDatabase;
let opened: AppDatabase;
beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  opened = openDatabase(database.url);
  await migrateToLatest(opened.db);
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

let counter = 0;
async function newUser() {
  counter += 1;
  const name = `person${counter}`;
  const { id } = await opened.db
    .insertInto('users')
    .values(userRow(name))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('the change log', () => {
  it('tells what changed, for whom, in the order it was committed', async () => {
    const tail = changeTailOf(opened.db)!;
    const heard: string[] = [];
    tail.on('feed', (id) => heard.push(`feed ${id}`));
    tail.on('friends', (id) => heard.push(`friends ${id}`));
    tail.on('account', (id) => heard.push(`account ${id}`));
    const a = await newUser();
    const b = await newUser();
    expect(tail.catchUp()).toBe(true);
    heard.length = 0;

    const now = new Date().toISOString();
    const entry = { day_number: 1, entry_text: 'x', created_at: now, updated_at: now };
    await opened.db
      .insertInto('journal_entries')
      .values({ ...entry, user_id: a, is_public: 0 })
      .execute();
    await opened.db
      .insertInto('journal_entries')
      .values({ ...entry, user_id: b, is_public: 1 })
      .execute();
    await opened.db
      .insertInto('friendships')
      .values({ user_id: a, friend_id: b, created_at: now })
      .execute();
    await opened.db.updateTable('users').set({ city: 'Yazd' }).where('id', '=', a).execute();
    await opened.db.updateTable('users').set({ full_name: 'New' }).where('id', '=', b).execute();
    expect(heard).toEqual([]);
    expect(tail.catchUp()).toBe(true);
    expect(heard.slice(0, 3)).toEqual([`feed ${b}`, `friends ${a}`, `account ${a}`]);
    // A new name is both: the two triggers of one update fire in no set order.
    expect(heard.slice(3).sort()).toEqual([`account ${b}`, `feed ${b}`]);
  });

  it('starts afresh when entries it had not read are gone', async () => {
    const tail = changeTailOf(opened.db)!;
    let resets = 0;
    tail.onReset(() => (resets += 1));
    tail.catchUp();
    const a = await newUser();
    await opened.db.updateTable('users').set({ city: 'Kerman' }).where('id', '=', a).execute();
    await opened.db.updateTable('users').set({ city: 'Shiraz' }).where('id', '=', a).execute();
    await sql`delete from data_changes where seq = (select min(seq) from data_changes where user_id = ${a})`.execute(
      opened.db,
    );
    tail.catchUp();
    expect(resets).toBe(1);
  });

  it('cannot be read while a transaction is open on the connection', async () => {
    const tail = changeTailOf(opened.db)!;
    let during: boolean | undefined;
    await opened.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ city: 'Tus' }).execute();
      during = tail.catchUp();
    });
    expect(during).toBe(false);
    expect(tail.catchUp()).toBe(true);
  });
});
