import { type Kysely, sql } from 'kysely';
import type { Database } from '../tables.js';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * Discovery's classes are read by the postal code's prefix as the shared rule computes it
 * (publicPostalPrefix), stored beside the code, where migration 0021 indexed an SQL expression
 * that removed plain spaces only and, on SQLite, upper-cased ASCII letters only: a code with a
 * non-breaking space or a letter such as "é" was read in another class than the category its
 * answer showed. The indexes are the same three, on the stored prefix.
 */
const oldExpression = sql.raw(`upper(replace(coalesce(postal_code, ''), ' ', ''))`);
const rowsPerBatch = 500;

/**
 * publicPostalPrefix (shared/proximity.ts) as this migration was written: every kind of space
 * removed, upper-cased, the first 3 characters. Written out here, since a migration must do
 * tomorrow what it did the day it shipped.
 */
function prefixOf(code: string): string {
  return Array.from(code.replace(/\s+/g, '').toUpperCase()).slice(0, 3).join('');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const users = db as unknown as Kysely<Database>;
  await users.schema
    .alterTable('users')
    .addColumn('postal_prefix', 'varchar(12)', (column) => column.notNull().defaultTo(''))
    .execute();
  // The rule is the shared code's, not SQL's, so the people already here are read and written.
  for (let after = 0; ;) {
    const rows = await users
      .selectFrom('users')
      .select(['id', 'postal_code'])
      .where('id', '>', after)
      .where('postal_code', 'is not', null)
      .orderBy('id')
      .limit(rowsPerBatch)
      .execute();
    // One statement per prefix in the batch: neighbours share theirs.
    const idsByPrefix = new Map<string, number[]>();
    for (const row of rows) {
      const prefix = prefixOf(row.postal_code ?? '');
      if (prefix !== '') idsByPrefix.set(prefix, [...(idsByPrefix.get(prefix) ?? []), row.id]);
    }
    for (const [prefix, ids] of idsByPrefix) {
      await users
        .updateTable('users')
        .set({ postal_prefix: prefix })
        .where('id', 'in', ids)
        .execute();
    }
    if (rows.length < rowsPerBatch) break;
    after = rows[rows.length - 1]!.id;
  }
  await db.schema
    .createIndex('users_discover_postal3_idx')
    .ifNotExists()
    .on('users')
    .columns(['discoverable', 'postal_prefix', 'created_at', 'id'])
    .execute();
  for (const length of [2, 1]) {
    await sql`create index if not exists ${sql.raw(`users_discover_postal${length}_idx`)} on users (discoverable, (substr(postal_prefix, 1, ${sql.raw(String(length))})), created_at, id)`.execute(
      db,
    );
  }
  for (const length of [3, 2, 1]) {
    await sql`drop index if exists ${sql.raw(`users_discover_prefix${length}_idx`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const length of [3, 2, 1]) {
    await sql`create index if not exists ${sql.raw(`users_discover_prefix${length}_idx`)} on users (discoverable, (substr(${oldExpression}, 1, ${sql.raw(String(length))})), created_at, id)`.execute(
      db,
    );
  }
  for (const length of [3, 2, 1]) {
    await sql`drop index if exists ${sql.raw(`users_discover_postal${length}_idx`)}`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('postal_prefix').execute();
}
