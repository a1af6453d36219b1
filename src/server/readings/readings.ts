import type { Kysely, Selectable } from 'kysely';
import { dayAccess } from '#shared/day-model';
import { DAY_NOT_FOUND } from '#shared/path-params';
import type { GathaInfo, Thought } from '#shared/thought-types';
import type { Database, GathaInfoTable } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';

const columns = [
  'id',
  'day_number',
  'thought',
  'explanation',
  'reflection_prompt',
  'author',
] as const;

function toThought(row: {
  id: number;
  day_number: number;
  thought: string;
  explanation: string;
  reflection_prompt: string | null;
  author: string;
}): Thought {
  return {
    id: row.id,
    dayNumber: row.day_number,
    thought: row.thought,
    explanation: row.explanation,
    reflectionPrompt: row.reflection_prompt,
    author: row.author,
  };
}

export const noContent = () =>
  new HttpError(
    503,
    'The daily readings are not loaded yet. Load a content pack with npm run content:import.',
  );

export async function thoughtForDay(db: Kysely<Database>, day: number): Promise<Thought> {
  const row = await db
    .selectFrom('thoughts')
    .select(columns)
    .where('day_number', '=', day)
    .executeTakeFirst();
  if (row) return toThought(row);
  const any = await db.selectFrom('thoughts').select('id').limit(1).executeTakeFirst();
  if (!any) throw noContent();
  throw new HttpError(404, DAY_NOT_FOUND);
}

/** The readings of days 1..`currentDay`, in day order: the contents a reader may open. */
export async function thoughtsUpTo(db: Kysely<Database>, currentDay: number): Promise<Thought[]> {
  const rows = await db
    .selectFrom('thoughts')
    .select(columns)
    .where('day_number', '<=', currentDay)
    .orderBy('day_number', 'asc')
    .execute();
  if (
    rows.length === 0 &&
    !(await db.selectFrom('thoughts').select('id').limit(1).executeTakeFirst())
  ) {
    throw noContent();
  }
  return rows.map(toThought);
}

export function friendlyFutureMessage(day: number, currentDay: number): string {
  const wait = day - currentDay;
  return wait === 1
    ? "Tomorrow's reading is not open yet. Spend today with today's stanza; this one will be here tomorrow."
    : `Day ${day} opens in ${wait} days. Each stanza is read on its own day; today's is waiting for you.`;
}

/**
 * Refuses a day the reader may not open yet (403 future_day), the same way on every route that
 * takes a day; a day outside the cycle answers 404.
 */
export function refuseUnopenedDay(day: number, currentDay: number): void {
  const access = dayAccess(day, currentDay);
  if (access.kind === 'not_found') throw new HttpError(404, DAY_NOT_FOUND);
  if (access.kind === 'future') {
    throw new HttpError(403, 'future_day', {
      friendlyMessage: friendlyFutureMessage(day, currentDay),
      currentDay,
    });
  }
}

function toGathaInfo(row: Selectable<GathaInfoTable>): GathaInfo {
  return {
    id: row.id,
    songNumber: row.song_number,
    songTitle: row.song_title,
    stanzaNumber: row.stanza_number,
    description: row.description,
    startDay: row.start_day,
    endDay: row.end_day,
  };
}

/** The song and stanza a reading day belongs to, or null when the content has none for it. */
export async function gathaInfoFor(db: Kysely<Database>, day: number): Promise<GathaInfo | null> {
  const row = await db
    .selectFrom('gatha_info')
    .selectAll()
    .where('start_day', '<=', day)
    .where('end_day', '>=', day)
    .orderBy('start_day', 'desc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return row ? toGathaInfo(row) : null;
}

/**
 * Every row, in day order: the outline of all the days, future ones too. Like the row of one
 * day, it names stanzas and chapters, never a stanza's text, so it is the same for everyone.
 */
export async function everyGathaInfo(db: Kysely<Database>): Promise<GathaInfo[]> {
  const rows = await db
    .selectFrom('gatha_info')
    .selectAll()
    .orderBy('start_day', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toGathaInfo);
}
