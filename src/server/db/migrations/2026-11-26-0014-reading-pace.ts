import type { Kysely } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Each reader's pace: with everyone on the calendar's day (the default), or on their own path,
 * counted from the local date (YYYY-MM-DD) they chose it (docs/decisions/017-your-pace.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('pace', 'varchar(10)', (c) => c.notNull().defaultTo('together'))
    .execute();
  await db.schema.alterTable('users').addColumn('pace_started_on', 'varchar(10)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('pace_started_on').execute();
  await db.schema.alterTable('users').dropColumn('pace').execute();
}
