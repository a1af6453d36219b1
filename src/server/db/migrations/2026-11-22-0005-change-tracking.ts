import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * What lets a process keep answers (each reader's friends' feed, signed-in sessions) and know,
 * cheaply and in time, when another process has changed what they were read from. Triggers
 * record the changes inside the transaction that makes them, so no code path can forget one.
 *
 * SQLite: `data_changes`, an append-only log. Writers are serialised, so its sequence follows
 * commit order, and a process reads only the entries past the last one it saw:
 * - topic 'feed': a person's shared entries or name changed (their friends' feeds go stale);
 * - topic 'friends': a friendship of this person was made or ended;
 * - topic 'account': this person's account row or one of their sessions changed or went.
 *
 * PostgreSQL: transactions may commit out of sequence order, so a log read from its end could
 * miss an entry. There `feed_stamps` counts, per person, the changes of the first two kinds;
 * a reader's own count plus the sum of their friends' counts changes whenever their feed may
 * have, and is read with the feed's session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresFeedStamps(db);
  else await sqliteChangeLog(db);
}

const logged = (topic: string, userId: string) =>
  `insert into data_changes (topic, user_id) values ('${topic}', ${userId});`;

async function sqliteChangeLog(db: Kysely<unknown>): Promise<void> {
  await sql`create table data_changes (
    seq integer primary key autoincrement,
    topic text not null,
    user_id integer not null
  )`.execute(db);
  const statements = [
    `create trigger journal_entries_changed_insert after insert on journal_entries
       when new.is_public = 1 begin ${logged('feed', 'new.user_id')} end`,
    `create trigger journal_entries_changed_update after update on journal_entries
       when old.is_public = 1 or new.is_public = 1 begin ${logged('feed', 'new.user_id')} end`,
    `create trigger journal_entries_changed_delete after delete on journal_entries
       when old.is_public = 1 begin ${logged('feed', 'old.user_id')} end`,
    `create trigger users_changed_name after update of full_name, username on users
       when old.full_name is not new.full_name or old.username is not new.username
       begin ${logged('feed', 'new.id')} end`,
    `create trigger users_changed_update after update on users
       begin ${logged('account', 'new.id')} end`,
    `create trigger users_changed_delete after delete on users
       begin ${logged('account', 'old.id')} end`,
    `create trigger friendships_changed_insert after insert on friendships
       begin ${logged('friends', 'new.user_id')} end`,
    `create trigger friendships_changed_delete after delete on friendships
       begin ${logged('friends', 'old.user_id')} end`,
    `create trigger sessions_changed_update after update on sessions
       begin ${logged('account', 'new.user_id')} end`,
    `create trigger sessions_changed_delete after delete on sessions
       begin ${logged('account', 'old.user_id')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// Through users, so rows going with a deleted account (cascades) leave no stamp behind.
const bump = (userId: string) =>
  `insert into feed_stamps (user_id, stamp) select id, 1 from users where id = ${userId}
   on conflict (user_id) do update set stamp = feed_stamps.stamp + 1;`;

async function postgresFeedStamps(db: Kysely<unknown>): Promise<void> {
  await sql`create table feed_stamps (
    user_id integer primary key references users (id) on delete cascade,
    stamp bigint not null
  )`.execute(db);
  const statements = [
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
    `create trigger journal_entries_feed_stamp after insert or update or delete on journal_entries
     for each row execute function journal_entries_feed_stamp()`,
    `create function users_feed_stamp() returns trigger language plpgsql as $$
     begin ${bump('new.id')} return new; end $$`,
    `create trigger users_feed_stamp after update of full_name, username on users
     for each row when (old.full_name is distinct from new.full_name
                        or old.username is distinct from new.username)
     execute function users_feed_stamp()`,
    `create function friendships_feed_stamp() returns trigger language plpgsql as $$
     begin
       if tg_op = 'DELETE' then ${bump('old.user_id')} return old; end if;
       ${bump('new.user_id')}
       return new;
     end $$`,
    `create trigger friendships_feed_stamp after insert or delete on friendships
     for each row execute function friendships_feed_stamp()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists journal_entries_feed_stamp on journal_entries`.execute(db);
    await sql`drop trigger if exists users_feed_stamp on users`.execute(db);
    await sql`drop trigger if exists friendships_feed_stamp on friendships`.execute(db);
    await sql`drop function if exists journal_entries_feed_stamp()`.execute(db);
    await sql`drop function if exists users_feed_stamp()`.execute(db);
    await sql`drop function if exists friendships_feed_stamp()`.execute(db);
    await sql`drop table if exists feed_stamps`.execute(db);
    return;
  }
  for (const table of ['journal_entries', 'users', 'friendships', 'sessions']) {
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'trigger' and tbl_name = ${table}
        and name like ${`${table}_changed_%`}`.execute(db);
    for (const { name } of rows) await sql.raw(`drop trigger if exists "${name}"`).execute(db);
  }
  await sql`drop table if exists data_changes`.execute(db);
}
