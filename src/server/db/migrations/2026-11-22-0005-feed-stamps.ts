import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * `users.feed_stamp` counts the changes that can alter what a person's friends see in their
 * feed: a shared entry written, edited, unshared or deleted, a new name or username, a
 * friendship made or ended. Triggers keep it, inside the same transaction as the change, so no
 * code path can forget it. A reader's own stamp plus the sum of their friends' stamps changes
 * whenever their feed may have changed, which lets every process keep a feed ready and know,
 * with one indexed read, when it is no longer current.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('feed_stamp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

const bump = (userId: string) =>
  `update users set feed_stamp = feed_stamp + 1 where id = ${userId};`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create trigger journal_entries_feed_stamp_insert after insert on journal_entries
       when new.is_public = 1 begin ${bump('new.user_id')} end`,
    `create trigger journal_entries_feed_stamp_update after update on journal_entries
       when old.is_public = 1 or new.is_public = 1 begin ${bump('new.user_id')} end`,
    `create trigger journal_entries_feed_stamp_delete after delete on journal_entries
       when old.is_public = 1 begin ${bump('old.user_id')} end`,
    `create trigger users_feed_stamp_name after update of full_name, username on users
       when old.full_name is not new.full_name or old.username is not new.username
       begin ${bump('new.id')} end`,
    `create trigger friendships_feed_stamp_insert after insert on friendships
       begin ${bump('new.user_id')} end`,
    `create trigger friendships_feed_stamp_delete after delete on friendships
       begin ${bump('old.user_id')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function journal_entries_feed_stamp() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then
           if old.is_public = 1 then ${bump('old.user_id')} end if;
           return old;
         end if;
         if new.is_public = 1 or (tg_op = 'UPDATE' and old.is_public = 1) then
           ${bump('new.user_id')}
         end if;
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger journal_entries_feed_stamp after insert or update or delete on journal_entries
       for each row execute function journal_entries_feed_stamp()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function users_feed_stamp_name() returns trigger language plpgsql as $$
       begin ${bump('new.id')} return new; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger users_feed_stamp_name after update of full_name, username on users
       for each row when (old.full_name is distinct from new.full_name
                          or old.username is distinct from new.username)
       execute function users_feed_stamp_name()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function friendships_feed_stamp() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then ${bump('old.user_id')} return old; end if;
         ${bump('new.user_id')}
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger friendships_feed_stamp after insert or delete on friendships
       for each row execute function friendships_feed_stamp()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql`drop trigger if exists journal_entries_feed_stamp on journal_entries`.execute(db);
    await sql`drop trigger if exists users_feed_stamp_name on users`.execute(db);
    await sql`drop trigger if exists friendships_feed_stamp on friendships`.execute(db);
    await sql`drop function if exists journal_entries_feed_stamp()`.execute(db);
    await sql`drop function if exists users_feed_stamp_name()`.execute(db);
    await sql`drop function if exists friendships_feed_stamp()`.execute(db);
  } else {
    for (const name of [
      'journal_entries_feed_stamp_insert',
      'journal_entries_feed_stamp_update',
      'journal_entries_feed_stamp_delete',
      'users_feed_stamp_name',
      'friendships_feed_stamp_insert',
      'friendships_feed_stamp_delete',
    ]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
  await db.schema.alterTable('users').dropColumn('feed_stamp').execute();
}
