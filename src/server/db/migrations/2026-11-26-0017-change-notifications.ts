import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * On PostgreSQL, each transaction that writes to the change log also sends one notification
 * on the `data_changes` channel as it commits, so every process listening hears of changes
 * the moment they are visible instead of asking on every request (docs/decisions/004). The
 * payload names the schema, since one database may hold several. PostgreSQL sends identical
 * notifications of one transaction once. SQLite has no such channel; its processes read the
 * log as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create function data_changes_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('data_changes', tg_table_schema);
      return null;
    end $$`.execute(db);
  await sql`create trigger data_changes_notify after insert on data_changes
    for each statement execute function data_changes_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger if exists data_changes_notify on data_changes`.execute(db);
  await sql`drop function if exists data_changes_notify()`.execute(db);
}
