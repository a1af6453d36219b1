import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * Indexes for the paths everyone opens each morning.
 * - The friends' feed picks its newest ids from (user_id, is_public, updated_at, id) alone,
 *   an index-only read on both databases; it replaces the narrower public-feed index.
 * - Discovery looks people up by the leading characters of their postal code, normalised the
 *   way the proximity rule reads it (spaces removed, upper case), newest first; people beyond
 *   every shared prefix come newest first from (created_at, id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createIndex('journal_entries_feed_covering_idx')
    .ifNotExists()
    .on('journal_entries')
    .columns(['user_id', 'is_public', 'updated_at', 'id'])
    .execute();
  await db.schema.dropIndex('journal_entries_public_feed_idx').ifExists().execute();
  // Byte order on PostgreSQL too, so a prefix is a plain range on the index.
  const collate = pg ? sql.raw(' collate "C"') : sql.raw('');
  await sql`create index if not exists users_postal_code_normalised_idx on users ((upper(replace(coalesce(postal_code, ''), ' ', '')))${collate}, created_at, id)`.execute(
    db,
  );
  await db.schema
    .createIndex('users_created_idx')
    .ifNotExists()
    .on('users')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_created_idx').ifExists().execute();
  await sql`drop index if exists users_postal_code_normalised_idx`.execute(db);
  await db.schema
    .createIndex('journal_entries_public_feed_idx')
    .ifNotExists()
    .on('journal_entries')
    .columns(['user_id', 'is_public', 'updated_at'])
    .execute();
  await db.schema.dropIndex('journal_entries_feed_covering_idx').ifExists().execute();
}
