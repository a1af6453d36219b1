import { type Kysely, sql } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * When each day of a person's progress first became complete, so the dashboard can look back
 * on the days read in a week. Days completed before this are dated by their reflection's first
 * save where there is one; the others stay undated (null) rather than be given a made-up date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_progress').addColumn('completed_at', 'varchar(32)').execute();
  await sql`
    UPDATE user_progress SET completed_at = reflection_saved_at
    WHERE reflection_saved = 1 AND reflection_saved_at IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_progress').dropColumn('completed_at').execute();
}
