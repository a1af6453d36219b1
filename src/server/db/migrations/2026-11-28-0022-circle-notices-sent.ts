import type { Kysely } from 'kysely';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * The day a member was last told that someone in a circle shared a reflection
 * (docs/decisions/026-reading-circles.md): one row per circle and member, claimed with a
 * conditional upsert, so two processes never send the same notice twice on a day. It goes with
 * the membership (leaving, removal, the circle or the account deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('circle_notices_sent')
    .addColumn('circle_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** The member's local date (YYYY-MM-DD) of the last notice. */
    .addColumn('sent_on', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('circle_notices_sent_pkey', ['circle_id', 'user_id'])
    .addForeignKeyConstraint(
      'circle_notices_sent_member_fkey',
      ['circle_id', 'user_id'],
      'circle_members',
      ['circle_id', 'user_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('circle_notices_sent').execute();
}
