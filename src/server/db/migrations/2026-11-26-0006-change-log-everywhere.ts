import { type Kysely, PostgresAdapter, sql } from 'kysely';
import * as changeTracking from './2026-11-22-0005-change-tracking.js';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * PostgreSQL keeps the same change log as SQLite (migration 0005), in place of its feed stamps,
 * so each process's cache follows one rule on both databases (docs/decisions/004).
 *
 * Transactions may commit out of sequence order there, so each entry also records the
 * transaction that wrote it (`xid`): a process reads the entries of every transaction that
 * was still open when it last looked, and none is skipped. `changed_at` lets old entries be
 * trimmed. SQLite's log already serves, and is left as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await dropFeedStamps(db);
  await sql`create table data_changes (
    seq bigint generated always as identity primary key,
    xid xid8 not null default pg_current_xact_id(),
    changed_at timestamptz not null default clock_timestamp(),
    topic text not null,
    user_id integer not null
  )`.execute(db);
  await sql`create index data_changes_xid_idx on data_changes (xid)`.execute(db);

  const logged = (topic: string, userId: string) =>
    `insert into data_changes (topic, user_id) values ('${topic}', ${userId});`;
  const functions: Record<string, string> = {
    // A shared entry made, changed, unshared or deleted: its author's friends' feeds.
    journal_entries: `
      if tg_op = 'DELETE' then
        if old.is_public = 1 then ${logged('feed', 'old.user_id')} end if;
        return old;
      end if;
      if new.is_public = 1 or (tg_op = 'UPDATE' and old.is_public = 1) then
        ${logged('feed', 'new.user_id')}
      end if;
      return new;`,
    users: `
      if tg_op = 'DELETE' then ${logged('account', 'old.id')} return old; end if;
      if old.full_name is distinct from new.full_name or old.username is distinct from new.username then
        ${logged('feed', 'new.id')}
      end if;
      ${logged('account', 'new.id')}
      return new;`,
    friendships: `
      if tg_op = 'DELETE' then ${logged('friends', 'old.user_id')} return old; end if;
      ${logged('friends', 'new.user_id')}
      return new;`,
    sessions: `
      if tg_op = 'DELETE' then ${logged('account', 'old.user_id')} return old; end if;
      ${logged('account', 'new.user_id')}
      return new;`,
  };
  const events: Record<string, string> = {
    journal_entries: 'insert or update or delete',
    users: 'update or delete',
    friendships: 'insert or delete',
    sessions: 'update or delete',
  };
  for (const [table, body] of Object.entries(functions)) {
    await sql
      .raw(
        `create function ${table}_data_change() returns trigger language plpgsql as $$
         begin ${body} end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_data_change after ${events[table]} on ${table}
         for each row execute function ${table}_data_change()`,
      )
      .execute(db);
  }
}

async function dropFeedStamps(db: Kysely<unknown>): Promise<void> {
  for (const table of ['journal_entries', 'users', 'friendships']) {
    await sql.raw(`drop trigger if exists ${table}_feed_stamp on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_feed_stamp()`).execute(db);
  }
  await sql`drop table if exists feed_stamps`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of ['journal_entries', 'users', 'friendships', 'sessions']) {
    await sql.raw(`drop trigger if exists ${table}_data_change on ${table}`).execute(db);
    await sql.raw(`drop function if exists ${table}_data_change()`).execute(db);
  }
  await sql`drop table if exists data_changes`.execute(db);
  await changeTracking.up(db);
}
