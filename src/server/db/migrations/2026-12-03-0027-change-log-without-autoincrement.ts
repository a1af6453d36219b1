import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { Database } from '../tables.js';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * SQLite: the change log's sequence without AUTOINCREMENT. AUTOINCREMENT kept the sequence's
 * high mark in `sqlite_sequence`, a page every change rewrote, so every save wrote one page more
 * than its rows (docs/decisions/037). A plain integer key takes the largest one plus one; the log
 * is only ever trimmed from its oldest end (trimChangeLog), so its largest entry stays and no
 * number is given twice, which readers catching up rely on. The entries are kept as they are,
 * and where the log was emptied by hand, one entry at the old high mark keeps the numbers going
 * on from there. PostgreSQL's log is not touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') return;
  const { rows } = await sql<{ mark: number | null }>`
    select seq as mark from sqlite_sequence where name = 'data_changes'`.execute(db);
  const mark = rows[0]?.mark ?? null;
  await rebuildLog(db, 'seq integer primary key');
  const newest = await sql<{
    seq: number | null;
  }>`select max(seq) as seq from data_changes`.execute(db);
  if (mark !== null && (newest.rows[0]?.seq ?? 0) < mark) {
    await sql`insert into data_changes (seq, topic, user_id) values (${mark}, 'content', 0)`.execute(
      db,
    );
  }
}

/**
 * Makes the log again with `key`, its entries kept. The triggers that write to it are on other
 * tables and name it only in their bodies, so they write to the new table as to the old one.
 * The log is copied aside rather than renamed: renaming a table renames it in those triggers.
 */
async function rebuildLog(db: Kysely<unknown>, key: string): Promise<void> {
  await sql`create table data_changes_before as select seq, topic, user_id from data_changes`.execute(
    db,
  );
  await sql`drop table data_changes`.execute(db);
  await sql`create table data_changes (
    ${sql.raw(key)},
    topic text not null,
    user_id integer not null
  )`.execute(db);
  await sql`insert into data_changes (seq, topic, user_id)
    select seq, topic, user_id from data_changes_before order by seq`.execute(db);
  await sql`drop table data_changes_before`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') return;
  await rebuildLog(db, 'seq integer primary key autoincrement');
}
