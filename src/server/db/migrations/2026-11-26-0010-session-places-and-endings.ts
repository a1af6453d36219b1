import type { Kysely } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Each session's time zone, so the devices list can say roughly where a device is without
 * storing an address; and, for sessions ended before their time, why they ended, kept by token
 * hash until the session would have expired so the device still holding its cookie can be told.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('time_zone', 'varchar(64)').execute();
  await db.schema
    .createTable('ended_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('reason', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ended_sessions_expires_idx')
    .on('ended_sessions')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ended_sessions').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('time_zone').execute();
}
