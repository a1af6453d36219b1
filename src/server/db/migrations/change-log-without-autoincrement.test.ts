import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  migrateUpTo,
  migrationBefore,
  undoLastMigration,
} from '../../test-support/migrate-up-to.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-app.js';
import { type AppDatabase, openDatabase } from '../connection.js';

const MIGRATION = '2026-12-03-0027-change-log-without-autoincrement';
let database: TestDatabase;
let opened: AppDatabase;

beforeEach(async () => {
  database = await createTestDatabase('sqlite');
  opened = openDatabase(database.url);
  await migrateUpTo(opened, migrationBefore(MIGRATION));
});

afterEach(async () => {
  await opened.close();
  await database.drop();
});

const logged = async () =>
  (
    await sql<{
      seq: number;
      topic: string;
      user_id: number;
    }>`select seq, topic, user_id from data_changes order by seq`.execute(opened.db)
  ).rows;

const logDirectly = async (count: number) => {
  for (let i = 0; i < count; i++) {
    await sql`insert into data_changes (topic, user_id) values ('account', ${i + 1})`.execute(
      opened.db,
    );
  }
};

/** A change the triggers log: someone renamed. */
const renameSomeone = async () => {
  const now = new Date().toISOString();
  await sql`insert into users (username, username_key, email, password_hash, full_name, created_at)
    values ('renamed', 'renamed', 'renamed@example.test', 'not a real hash', 'Before', ${now})`.execute(
    opened.db,
  );
  await sql`update users set full_name = 'After' where username = 'renamed'`.execute(opened.db);
};

const sequenceMark = async () =>
  (
    await sql<{
      seq: number;
    }>`select seq from sqlite_sequence where name = 'data_changes'`.execute(opened.db)
  ).rows[0]?.seq;

// The migration changes SQLite's log only: PostgreSQL numbers its log otherwise (migration 0006).
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'migration 0027: the change log without AUTOINCREMENT',
  () => {
    it('keeps every entry, and the triggers go on numbering after the newest', async () => {
      await logDirectly(5);
      // Trimmed from its oldest end, as trimChangeLog does.
      await sql`delete from data_changes where seq <= 2`.execute(opened.db);
      const before = await logged();

      await migrateUpTo(opened);

      expect(await logged()).toEqual(before);
      expect(await sequenceMark()).toBeUndefined();
      await renameSomeone();
      const after = await logged();
      expect(after.slice(0, before.length)).toEqual(before);
      const added = after.slice(before.length);
      expect(added.length).toBeGreaterThan(0);
      expect(added.map((entry) => entry.seq)).toEqual(added.map((_, i) => 6 + i));
    });

    it('goes on from the old high mark when the log was emptied', async () => {
      await logDirectly(3);
      await sql`delete from data_changes`.execute(opened.db);

      await migrateUpTo(opened);
      await logDirectly(1);

      expect((await logged()).map((entry) => entry.seq)).toEqual([3, 4]);
    });

    it('starts from one on a new database', async () => {
      await migrateUpTo(opened);
      await logDirectly(2);

      expect((await logged()).map((entry) => entry.seq)).toEqual([1, 2]);
    });

    it('undone, numbers with AUTOINCREMENT again from the entries kept', async () => {
      await logDirectly(4);
      await migrateUpTo(opened);
      await logDirectly(1);

      await undoLastMigration(opened);

      expect((await logged()).map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);
      await logDirectly(1);
      expect(await sequenceMark()).toBe(6);
    });
  },
);
