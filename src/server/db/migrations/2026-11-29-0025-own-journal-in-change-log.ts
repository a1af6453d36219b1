import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { Database } from '../tables.js';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * Topic 'journal' names an author whose own entries, as they open them, changed
 * (docs/decisions/004): an entry written, changed or deleted, shared with a circle or taken off
 * one, appreciated or no longer, or an appreciator renamed, suspended or gone. A block between
 * the author and an appreciator is logged as 'friends' already (migration 0023).
 */
const logAuthor = (userId: string) =>
  `insert into data_changes (topic, user_id) values ('journal', ${userId});`;
const logAuthorOfEntry = (entryId: string) =>
  `insert into data_changes (topic, user_id)
     select 'journal', user_id from journal_entries where id = ${entryId};`;
const logAuthorsAppreciatedBy = (userId: string) =>
  `insert into data_changes (topic, user_id)
     select distinct 'journal', journal_entries.user_id
       from entry_appreciations
       join journal_entries on journal_entries.id = entry_appreciations.entry_id
      where entry_appreciations.user_id = ${userId};`;
/** How an appreciator shows beside an appreciation changed ('is not' on SQLite is null-safe). */
const appreciatorShowsOtherwise = (isNot: 'is not' | 'is distinct from') =>
  `old.full_name ${isNot} new.full_name or old.suspended_at ${isNot} new.suspended_at`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create trigger journal_entries_journal_insert after insert on journal_entries
       begin ${logAuthor('new.user_id')} end`,
    `create trigger journal_entries_journal_update after update on journal_entries
       begin ${logAuthor('new.user_id')} end`,
    `create trigger journal_entries_journal_delete after delete on journal_entries
       begin ${logAuthor('old.user_id')} end`,
    `create trigger journal_entry_circles_journal_insert after insert on journal_entry_circles
       begin ${logAuthor('new.user_id')} end`,
    `create trigger journal_entry_circles_journal_delete after delete on journal_entry_circles
       begin ${logAuthor('old.user_id')} end`,
    `create trigger entry_appreciations_journal_insert after insert on entry_appreciations
       begin ${logAuthorOfEntry('new.entry_id')} end`,
    `create trigger entry_appreciations_journal_delete after delete on entry_appreciations
       begin ${logAuthorOfEntry('old.entry_id')} end`,
    `create trigger users_journal_update after update of full_name, suspended_at on users
       when ${appreciatorShowsOtherwise('is not')}
       begin ${logAuthorsAppreciatedBy('new.id')} end`,
    // Before: the appreciations are still there to name the authors.
    `create trigger users_journal_delete before delete on users
       begin ${logAuthorsAppreciatedBy('old.id')} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** A row trigger's body that logs `log` of the row gone on delete, else of the row written. */
const logEachRow = (log: (row: 'old' | 'new') => string) => `
  if tg_op = 'DELETE' then ${log('old')} return old; end if;
  ${log('new')} return new;`;

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const triggers: {
    name: string;
    table: string;
    timing: 'after' | 'before';
    events: string;
    body: string;
    when?: string;
  }[] = [
    {
      name: 'journal_entries',
      table: 'journal_entries',
      timing: 'after',
      events: 'insert or update or delete',
      body: logEachRow((row) => logAuthor(`${row}.user_id`)),
    },
    {
      name: 'journal_entry_circles',
      table: 'journal_entry_circles',
      timing: 'after',
      events: 'insert or delete',
      body: logEachRow((row) => logAuthor(`${row}.user_id`)),
    },
    {
      name: 'entry_appreciations',
      table: 'entry_appreciations',
      timing: 'after',
      events: 'insert or delete',
      body: logEachRow((row) => logAuthorOfEntry(`${row}.entry_id`)),
    },
    {
      name: 'users',
      table: 'users',
      timing: 'after',
      events: 'update of full_name, suspended_at',
      when: `(${appreciatorShowsOtherwise('is distinct from')})`,
      body: `${logAuthorsAppreciatedBy('new.id')} return new;`,
    },
    // Before: the appreciations are still there to name the authors.
    {
      name: 'users_gone',
      table: 'users',
      timing: 'before',
      events: 'delete',
      body: `${logAuthorsAppreciatedBy('old.id')} return old;`,
    },
  ];
  for (const { name, table, timing, events, body, when } of triggers) {
    await sql
      .raw(
        `create function ${name}_journal_change() returns trigger language plpgsql as $$
         begin ${body} end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${name}_journal_change ${timing} ${events} on ${table}
         for each row ${when ? `when ${when}` : ''} execute function ${name}_journal_change()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') {
    for (const [name, table] of [
      ['journal_entries', 'journal_entries'],
      ['journal_entry_circles', 'journal_entry_circles'],
      ['entry_appreciations', 'entry_appreciations'],
      ['users', 'users'],
      ['users_gone', 'users'],
    ]) {
      await sql.raw(`drop trigger if exists ${name}_journal_change on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${name}_journal_change()`).execute(db);
    }
    return;
  }
  for (const name of [
    'journal_entries_journal_insert',
    'journal_entries_journal_update',
    'journal_entries_journal_delete',
    'journal_entry_circles_journal_insert',
    'journal_entry_circles_journal_delete',
    'entry_appreciations_journal_insert',
    'entry_appreciations_journal_delete',
    'users_journal_update',
    'users_journal_delete',
  ]) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
}
