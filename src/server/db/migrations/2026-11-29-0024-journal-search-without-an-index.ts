import type { Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * The journal is searched in the process, the same way on both databases, so it needs no
 * full-text index (docs/decisions/029-journal-search-without-an-index.md). SQLite loses the FTS5
 * table `journal_search`, its queue, view and triggers (migrations 0013 and 0020); with
 * `secure_delete` on, the freed pages are overwritten as they are freed. PostgreSQL loses the
 * generated `search_document` column and its GIN index. The readings' index stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists journal_entries_search_idx`.execute(db);
    await sql`alter table journal_entries drop column if exists search_document`.execute(db);
    await sql`drop function if exists journal_search_text(text)`.execute(db);
    return;
  }
  for (const trigger of ['journal_search_insert', 'journal_search_delete', 'journal_search_update'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop view if exists journal_search_source`.execute(db);
  await sql`drop table if exists journal_search_queue`.execute(db);
  await sql`drop table if exists journal_search`.execute(db);
}

/** An entry's three texts, one per line, as migrations 0013 and 0020 indexed them. */
const plainText = (row: 'new' | 'old') =>
  `case when json_valid(${row}.entry_text) and json_type(${row}.entry_text) = 'object'
     then coalesce(json_extract(${row}.entry_text, '$.thoughts'), '') || char(10) ||
          coalesce(json_extract(${row}.entry_text, '$.words'), '') || char(10) ||
          coalesce(json_extract(${row}.entry_text, '$.deeds'), '')
     else ${row}.entry_text end`;

/** Puts back the indexes as migration 0020 left them, filled from the entries. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function journal_search_text(entry text) returns text
         language plpgsql immutable strict as $$
         declare doc jsonb;
         begin
           if left(ltrim(entry), 1) <> '{' then return entry; end if;
           begin
             doc := entry::jsonb;
           exception when others then
             return entry;
           end;
           if jsonb_typeof(doc) <> 'object' then return entry; end if;
           return concat_ws(E'\\n', doc->>'thoughts', doc->>'words', doc->>'deeds');
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `alter table journal_entries add column search_document tsvector
         generated always as (to_tsvector('english'::regconfig, journal_search_text(entry_text))) stored`,
      )
      .execute(db);
    await sql
      .raw(`create index journal_entries_search_idx on journal_entries using gin (search_document)`)
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create virtual table journal_search using fts5(owner, body, content = '',
        tokenize = 'porter unicode61 remove_diacritics 2')`,
    )
    .execute(db);
  await sql
    .raw(`insert into journal_search (journal_search, rank) values ('secure-delete', 1)`)
    .execute(db);
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
  await sql
    .raw(
      `create trigger journal_search_update after update of entry_text, user_id on journal_entries
       when old.entry_text is not new.entry_text or old.user_id is not new.user_id
       begin
         insert or ignore into journal_search_queue (entry_id, user_id, indexed_owner, indexed_body)
           values (old.id, new.user_id, 'u' || old.user_id, ${plainText('old')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger journal_search_delete after delete on journal_entries begin
         insert into journal_search (journal_search, rowid, owner, body)
           select 'delete', old.id, 'u' || old.user_id, ${plainText('old')}
           where not exists (select 1 from journal_search_queue where entry_id = old.id);
         insert into journal_search (journal_search, rowid, owner, body)
           select 'delete', entry_id, indexed_owner, indexed_body from journal_search_queue
           where entry_id = old.id and indexed_owner is not null;
         delete from journal_search_queue where entry_id = old.id;
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into journal_search (rowid, owner, body) select id, owner, body from journal_search_source`,
    )
    .execute(db);
}
