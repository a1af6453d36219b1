import type { Kysely } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Secrets every app process must share (the key that signs device cookies), made by
  // whichever process needs one first.
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('secret', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').ifExists().execute();
}
