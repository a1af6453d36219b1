import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { TOTAL_DAYS } from '#shared/constants';
import { dayAccess } from '#shared/day-model';
import type { Thought } from '#shared/thought-types';
import type { AppContext } from '../app-context.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http-errors.js';
import { parseId } from '../path-params.js';
import { currentDayFor } from './reading-day.js';

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

const noContent = () =>
  new HttpError(
    503,
    'The daily readings are not loaded yet. Load a content pack with npm run content:import.',
  );

async function thoughtForDay(db: Kysely<Database>, day: number): Promise<Thought> {
  const row = await db
    .selectFrom('thoughts')
    .select(columns)
    .where('day_number', '=', day)
    .executeTakeFirst();
  if (row) return toThought(row);
  const any = await db.selectFrom('thoughts').select('id').limit(1).executeTakeFirst();
  if (!any) throw noContent();
  throw new HttpError(404, 'Day not found');
}

export function friendlyFutureMessage(day: number, currentDay: number): string {
  const wait = day - currentDay;
  return wait === 1
    ? "Tomorrow's reading is not open yet. Spend today with today's stanza; this one will be here tomorrow."
    : `Day ${day} opens in ${wait} days. Each stanza is read on its own day; today's is waiting for you.`;
}

export function thoughtRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get('/meta/total', async () => ({ totalDays: TOTAL_DAYS }));

    app.get('/today', async (request) => {
      const currentDay = currentDayFor(ctx, request);
      const thought = await thoughtForDay(db, currentDay);
      return { ...thought, currentDay, totalDays: TOTAL_DAYS };
    });

    app.get('/', async (request) => {
      const currentDay = currentDayFor(ctx, request);
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
    });

    app.get<{ Params: { dayNumber: string } }>('/:dayNumber', async (request) => {
      const day = parseId(request.params.dayNumber) ?? NaN;
      const currentDay = currentDayFor(ctx, request);
      const access = dayAccess(day, currentDay);
      if (access.kind === 'not_found') throw new HttpError(404, 'Day not found');
      if (access.kind === 'future') {
        throw new HttpError(403, 'future_day', {
          friendlyMessage: friendlyFutureMessage(day, currentDay),
          currentDay,
        });
      }
      return thoughtForDay(db, day);
    });
  };
}

export function gathaInfoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get<{ Params: { day: string } }>('/info/:day', async (request) => {
      const day = parseId(request.params.day) ?? NaN;
      if (!Number.isInteger(day) || day < 1 || day > TOTAL_DAYS)
        throw new HttpError(404, 'Day not found');
      const row = await ctx.db
        .selectFrom('gatha_info')
        .selectAll()
        .where('start_day', '<=', day)
        .where('end_day', '>=', day)
        .orderBy('start_day', 'desc')
        .orderBy('id', 'asc')
        .executeTakeFirst();
      if (!row) throw new HttpError(404, 'No Gatha information for that day');
      return {
        id: row.id,
        songNumber: row.song_number,
        songTitle: row.song_title,
        stanzaNumber: row.stanza_number,
        description: row.description,
        startDay: row.start_day,
        endDay: row.end_day,
      };
    });
  };
}
