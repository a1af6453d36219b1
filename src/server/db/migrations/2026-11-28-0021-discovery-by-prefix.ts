import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * Discovery reads each proximity class newest first, straight from an index, and stops at a
 * page: (discoverable, the postal code's first n characters as the proximity rule reads them,
 * created_at, id) for n = 3, 2 and 1, and (discoverable, created_at, id) for everyone beyond.
 * Each class is one equal prefix, so the rows read stay near a page whatever the number of
 * members, where the range index of 0004 read a whole prefix and sorted it. The expression must
 * match people-search.ts's exactly for either database to use it.
 */
const normalised = sql.raw(`upper(replace(coalesce(postal_code, ''), ' ', ''))`);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const length of [3, 2, 1]) {
    await sql`create index if not exists ${sql.raw(`users_discover_prefix${length}_idx`)} on users (discoverable, (substr(${normalised}, 1, ${sql.raw(String(length))})), created_at, id)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('users_discover_newest_idx')
    .ifNotExists()
    .on('users')
    .columns(['discoverable', 'created_at', 'id'])
    .execute();
  await sql`drop index if exists users_postal_code_normalised_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const collate = pg ? sql.raw(' collate "C"') : sql.raw('');
  await sql`create index if not exists users_postal_code_normalised_idx on users ((${normalised})${collate}, created_at, id)`.execute(
    db,
  );
  await db.schema.dropIndex('users_discover_newest_idx').ifExists().execute();
  for (const length of [3, 2, 1]) {
    await sql`drop index if exists ${sql.raw(`users_discover_prefix${length}_idx`)}`.execute(db);
  }
}
