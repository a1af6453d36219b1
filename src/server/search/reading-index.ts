import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.js';

/**
 * Rebuilds the readings' search index (migration 0013's `reading_search`) from the loaded
 * readings, each with its Gatha's name: run in the transaction that loads a pack, so searches
 * always find the readings the days serve.
 */
export async function refreshReadingSearch(db: Kysely<Database>): Promise<void> {
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
