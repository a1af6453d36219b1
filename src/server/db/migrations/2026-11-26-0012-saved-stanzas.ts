import type { Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Saved stanzas: one row per person and day, with the person's private note. The unique key
 * keeps a save sent twice to one row and serves the person's own list; the row goes with its
 * person (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('saved_stanzas')
    .addColumn('id', pg ? 'serial' : 'integer', (col) =>
      pg ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day_number', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('saved_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('saved_stanzas_user_day_key', ['user_id', 'day_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_stanzas').ifExists().execute();
}
