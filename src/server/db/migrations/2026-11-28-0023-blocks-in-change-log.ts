import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { Database } from '../tables.js';

// Frozen once shipped: add a new migration rather than editing this one.

/**
 * A block made or lifted is logged as a 'friends' change of both people (docs/decisions/004):
 * what each sees of the other changes, in a circle they share too, where no friendship (whose
 * end is logged already) need stand between them.
 */
const logBoth = (row: 'new' | 'old') =>
  `insert into data_changes (topic, user_id) values ('friends', ${row}.blocker_id), ('friends', ${row}.blocked_id);`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') {
    await sql
      .raw(
        `create function blocks_change() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' then ${logBoth('old')} return old; end if;
           ${logBoth('new')} return new;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger blocks_change after insert or delete on blocks
         for each row execute function blocks_change()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(`create trigger blocks_changed_insert after insert on blocks begin ${logBoth('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger blocks_changed_delete after delete on blocks begin ${logBoth('old')} end`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db as Kysely<Database>) === 'postgres') {
    await sql.raw('drop trigger if exists blocks_change on blocks').execute(db);
    await sql.raw('drop function if exists blocks_change()').execute(db);
    return;
  }
  await sql.raw('drop trigger if exists blocks_changed_insert').execute(db);
  await sql.raw('drop trigger if exists blocks_changed_delete').execute(db);
}
