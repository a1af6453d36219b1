import type { Kysely } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Progress kept per person and day on the server, so a second device shows the same progress:
 * the steps viewed and when a reflection was first saved (the streaks count those dates).
 * Every foreign key of the initial schema already cascades from users, so deleting a person
 * removes their rows without further changes here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement.
  for (const flag of ['gatha_viewed', 'explanation_viewed', 'reflection_saved']) {
    await db.schema
      .alterTable('user_progress')
      .addColumn(flag, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('user_progress')
    .addColumn('reflection_saved_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'reflection_saved_at',
    'reflection_saved',
    'explanation_viewed',
    'gatha_viewed',
  ]) {
    await db.schema.alterTable('user_progress').dropColumn(column).execute();
  }
}
