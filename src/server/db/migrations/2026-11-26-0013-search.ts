import type { Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Search (docs/decisions/015-search.md) with each database's own full-text engine.
 *
 * SQLite: `reading_search`, an FTS5 table of the readings, filled whole from `thoughts` and
 * `gatha_info` whenever a pack is loaded; and `journal_search`, a contentless FTS5 table of the
 * journal's plain text that triggers keep in step with `journal_entries`. Its `owner` column
 * holds one token per person (`u42`), so a search reads that person's postings alone and never
 * scans everyone's entries.
 *
 * PostgreSQL: `reading_search` with a generated, weighted `tsvector`; and a generated
 * `search_document` column on `journal_entries`; both under a GIN index. The person's own
 * entries are found by the user_id index first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await upPostgres(db);
  } else {
    await upSqlite(db);
  }
  await fillReadingSearch(db);
}

const tokenizer = `tokenize = 'porter unicode61 remove_diacritics 2'`;

/** The entry's three texts, one per line: the JSON keys are never words of the entry. */
const sqlitePlainText = (row: 'new' | 'old') => `
  case when json_valid(${row}.entry_text) and json_type(${row}.entry_text) = 'object'
    then coalesce(json_extract(${row}.entry_text, '$.thoughts'), '') || char(10) ||
         coalesce(json_extract(${row}.entry_text, '$.words'), '') || char(10) ||
         coalesce(json_extract(${row}.entry_text, '$.deeds'), '')
    else ${row}.entry_text end`;

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create virtual table reading_search using fts5(
        day_number unindexed, reference, song_title, thought, explanation, prompt, ${tokenizer})`,
    )
    .execute(db);
  await sql
    .raw(`create virtual table journal_search using fts5(owner, body, content = '', ${tokenizer})`)
    .execute(db);
  // A deleted entry's words leave the index's pages at once, as the deleted rows leave theirs
  // (the file keeps nothing of a deleted person).
  await sql
    .raw(`insert into journal_search (journal_search, rank) values ('secure-delete', 1)`)
    .execute(db);
  const add = `insert into journal_search (rowid, owner, body)
    values (new.id, 'u' || new.user_id, ${sqlitePlainText('new')});`;
  // A contentless table forgets a row only when told the very values it indexed.
  const remove = `insert into journal_search (journal_search, rowid, owner, body)
    values ('delete', old.id, 'u' || old.user_id, ${sqlitePlainText('old')});`;
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
  await sql
    .raw(
      `insert into journal_search (rowid, owner, body)
       select id, 'u' || user_id, ${sqlitePlainText('new').replaceAll('new.', '')}
       from journal_entries`,
    )
    .execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // Text that is not a JSON object (an entry from an older client) is searched as it is.
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
  await sql
    .raw(
      `create table reading_search (
        day_number integer primary key,
        reference text not null default '',
        song_title text not null default '',
        thought text not null default '',
        explanation text not null default '',
        prompt text not null default '',
        document tsvector generated always as (
          setweight(to_tsvector('english'::regconfig, reference || ' ' || song_title), 'A') ||
          setweight(to_tsvector('english'::regconfig, thought), 'B') ||
          setweight(to_tsvector('english'::regconfig, explanation || ' ' || prompt), 'C')
        ) stored)`,
    )
    .execute(db);
  await sql
    .raw(`create index reading_search_document_idx on reading_search using gin (document)`)
    .execute(db);
}

/**
 * Fills `reading_search` from the loaded readings, each with its Gatha's name (the stanza row
 * that holds the day, as the daily screen finds it). The content loader runs the same after
 * each load (src/server/search/reading-index.ts); a migration keeps its own frozen copy.
 */
async function fillReadingSearch(db: Kysely<unknown>): Promise<void> {
  await sql`delete from reading_search`.execute(db);
  await sql`
    insert into reading_search (day_number, reference, song_title, thought, explanation, prompt)
    select t.day_number, coalesce(t.reference, ''),
      coalesce((select g.song_title from gatha_info g
        where g.start_day <= t.day_number and g.end_day >= t.day_number
        order by g.start_day desc, g.id asc limit 1), ''),
      t.thought, t.explanation, coalesce(t.reflection_prompt, '')
    from thoughts t`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop table if exists reading_search`.execute(db);
    await sql`drop index if exists journal_entries_search_idx`.execute(db);
    await sql`alter table journal_entries drop column if exists search_document`.execute(db);
    await sql`drop function if exists journal_search_text(text)`.execute(db);
    return;
  }
  for (const trigger of ['journal_search_insert', 'journal_search_delete', 'journal_search_update'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists journal_search`.execute(db);
  await sql`drop table if exists reading_search`.execute(db);
}
