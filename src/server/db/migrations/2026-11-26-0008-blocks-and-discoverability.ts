import type { Kysely } from 'kysely';
import { PostgresAdapter } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Blocks, one row per blocker and blocked person, read from both sides (the blocker's list, and
 * whether anyone blocked the caller); and who may find each person: everyone (the default), only
 * by their exact username, or nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('blocks')
    .addColumn('id', pg ? 'serial' : 'integer', (col) =>
      pg ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('blocker_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('blocks_blocker_blocked_key', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema
    .createIndex('blocks_blocked_blocker_idx')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('discoverable', 'varchar(10)', (c) => c.notNull().defaultTo('everyone'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('discoverable').execute();
  await db.schema.dropTable('blocks').ifExists().execute();
}
