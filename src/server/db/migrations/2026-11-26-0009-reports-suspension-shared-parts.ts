import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * Reports people file about a reflection or a person, for an operator to review; the moment an
 * account was suspended; and which parts of a shared reflection its author's friends see.
 *
 * A suspension hides the person from their friends' feeds, so it is logged as a 'feed' change
 * (besides the 'account' change every update of a user already logs): every process lets go
 * of the feeds that showed them (docs/decisions/004).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('reports')
    .addColumn('id', pg ? 'serial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('reporter_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('target_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    // The person reported, or the reported entry's author: whom a suspension applies to.
    .addColumn('target_user_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(32)')
    .addUniqueConstraint('reports_reporter_target_unique', [
      'reporter_id',
      'target_type',
      'target_id',
    ])
    .execute();
  await db.schema
    .createIndex('reports_status_idx')
    .on('reports')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'varchar(32)').execute();
  // Null: all three parts (entries written before parts could be chosen).
  await db.schema.alterTable('journal_entries').addColumn('shared_parts', 'varchar(40)').execute();

  if (pg) {
    await sql`create function users_suspension_data_change() returns trigger language plpgsql as $$
      begin insert into data_changes (topic, user_id) values ('feed', new.id); return new; end $$`.execute(
      db,
    );
    await sql`create trigger users_suspension_data_change after update of suspended_at on users
      for each row when (old.suspended_at is distinct from new.suspended_at)
      execute function users_suspension_data_change()`.execute(db);
  } else {
    await sql`create trigger users_changed_suspension after update of suspended_at on users
      when old.suspended_at is not new.suspended_at
      begin insert into data_changes (topic, user_id) values ('feed', new.id); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists users_suspension_data_change on users`.execute(db);
    await sql`drop function if exists users_suspension_data_change()`.execute(db);
  } else {
    await sql`drop trigger if exists users_changed_suspension`.execute(db);
  }
  await db.schema.alterTable('journal_entries').dropColumn('shared_parts').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.dropTable('reports').ifExists().execute();
}
