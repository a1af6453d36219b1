import type { Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * SQLite: the journal's search index is brought up to date in batches just after a save is
 * answered, not inside the save (docs/decisions/024-saves-indexed-just-after.md).
 *
 * `journal_search_queue` holds, in the save's own transaction, each entry whose words the index
 * does not hold yet, with the words it does hold for it (null for a new entry): a contentless
 * FTS5 table forgets a row only when told the very values it indexed, and while an entry waits
 * those are no longer the row's. `journal_search_source` is the text the index holds for an
 * entry, the one definition the batches, the migration and the bench's seed use.
 *
 * A deletion still leaves the index at once, as before, so the deletion of an account leaves no
 * word of it behind. PostgreSQL's generated `tsvector` is unchanged: it keeps pace (ibid.).
 */
/** An entry's three texts, one per line, as migration 0013 indexes them. */
const plainText = (row: 'new' | 'old') =>
  `case when json_valid(${row}.entry_text) and json_type(${row}.entry_text) = 'object'
     then coalesce(json_extract(${row}.entry_text, '$.thoughts'), '') || char(10) ||
          coalesce(json_extract(${row}.entry_text, '$.words'), '') || char(10) ||
          coalesce(json_extract(${row}.entry_text, '$.deeds'), '')
     else ${row}.entry_text end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const trigger of ['journal_search_insert', 'journal_search_delete', 'journal_search_update'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql
    .raw(
      `create view journal_search_source (id, user_id, owner, body) as
       select id, user_id, 'u' || user_id, ${plainText('new').replaceAll('new.', '')}
       from journal_entries`,
    )
    .execute(db);
  await sql
    .raw(
      `create table journal_search_queue (
        entry_id integer primary key,
        user_id integer not null,
        indexed_owner text,
        indexed_body text)`,
    )
    .execute(db);
  await sql
    .raw(`create index journal_search_queue_user_idx on journal_search_queue (user_id)`)
    .execute(db);
  await sql
    .raw(
      `create trigger journal_search_insert after insert on journal_entries begin
         insert or ignore into journal_search_queue (entry_id, user_id) values (new.id, new.user_id);
       end`,
    )
    .execute(db);
  // An entry already waiting keeps the words recorded first: those are what the index holds.
  await sql
    .raw(
      `create trigger journal_search_update after update of entry_text, user_id on journal_entries
       when old.entry_text is not new.entry_text or old.user_id is not new.user_id
       begin
         insert or ignore into journal_search_queue (entry_id, user_id, indexed_owner, indexed_body)
           values (old.id, new.user_id, 'u' || old.user_id,
             ${plainText('old')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger journal_search_delete after delete on journal_entries begin
         insert into journal_search (journal_search, rowid, owner, body)
           select 'delete', old.id, 'u' || old.user_id,
             ${plainText('old')}
           where not exists (select 1 from journal_search_queue where entry_id = old.id);
         insert into journal_search (journal_search, rowid, owner, body)
           select 'delete', entry_id, indexed_owner, indexed_body from journal_search_queue
           where entry_id = old.id and indexed_owner is not null;
         delete from journal_search_queue where entry_id = old.id;
       end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  // Whatever waits is indexed first, then the triggers of migration 0013 come back.
  await sql
    .raw(
      `insert into journal_search (journal_search, rowid, owner, body)
       select 'delete', entry_id, indexed_owner, indexed_body from journal_search_queue
       where indexed_owner is not null`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into journal_search (rowid, owner, body)
       select s.id, s.owner, s.body from journal_search_source s
       join journal_search_queue q on q.entry_id = s.id`,
    )
    .execute(db);
  for (const trigger of ['journal_search_insert', 'journal_search_delete', 'journal_search_update'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table journal_search_queue`.execute(db);
  await sql`drop view journal_search_source`.execute(db);
  const add = `insert into journal_search (rowid, owner, body)
    values (new.id, 'u' || new.user_id, ${plainText('new')});`;
  const remove = `insert into journal_search (journal_search, rowid, owner, body)
    values ('delete', old.id, 'u' || old.user_id, ${plainText('old')});`;
  await sql
    .raw(`create trigger journal_search_insert after insert on journal_entries begin ${add} end`)
    .execute(db);
  await sql
    .raw(`create trigger journal_search_delete after delete on journal_entries begin ${remove} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger journal_search_update after update of entry_text, user_id on journal_entries
       begin ${remove} ${add} end`,
    )
    .execute(db);
}
