import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { publicPostalPrefix } from '#shared/proximity';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-app.js';
import { migrateUpTo, migrationBefore } from '../../test-support/migrate-up-to.js';
import { type AppDatabase, openDatabase } from '../connection.js';

let database: TestDatabase;
let opened: AppDatabase;

afterEach(async () => {
  await opened.close();
  await database.drop();
});

describe('migration 0026: the stored postal prefix', () => {
  it('gives the people already there the prefix the shared rule computes from their code', async () => {
    database = await createTestDatabase();
    opened = openDatabase(database.url);
    await migrateUpTo(opened, migrationBefore('2026-11-30-0026-postal-prefix-column'));

    const codes: (string | null)[] = ['sw1a 1aa', '94\u00A0110', 'é12 345', '𝟏𝟐𝟑𝟒', 'AB', null];
    // Written as before the column was there.
    for (const [i, code] of codes.entries()) {
      const name = `before_${i}`;
      await sql`insert into users (username, username_key, email, password_hash, full_name, postal_code, created_at)
        values (${name}, ${name}, ${`${name}@example.test`}, 'not a real hash', ${name}, ${code}, ${new Date().toISOString()})`.execute(
        opened.db,
      );
    }

    await migrateUpTo(opened);
    const rows = await opened.db
      .selectFrom('users')
      .select(['postal_code', 'postal_prefix'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.postal_prefix)).toEqual(['SW1', '941', 'É12', '𝟏𝟐𝟑', 'AB', '']);
    // The rule as the migration wrote it out is the shared one (a change to that needs a
    // migration of its own).
    expect(rows.map((r) => r.postal_prefix)).toEqual(codes.map((code) => publicPostalPrefix(code)));
  });
});
