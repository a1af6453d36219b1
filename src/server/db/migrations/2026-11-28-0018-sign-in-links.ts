import type { Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Emailed sign-in links: like a reset link, only a hash of the token is kept, with when it
 * stops working and when it was used; the rows go with their person (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sign_in_links')
    .addColumn('id', pg ? 'serial' : 'integer', (col) =>
      pg ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('sign_in_links_user_idx')
    .on('sign_in_links')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_links').ifExists().execute();
}
