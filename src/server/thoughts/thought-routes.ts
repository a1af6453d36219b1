import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely, Selectable } from 'kysely';
import { apiContract } from '#shared/api-contract';
import { TOTAL_DAYS } from '#shared/constants';
import { dayAccess, localDateIn } from '#shared/day-model';
import { type ReadingPace, readerCurrentDay } from '#shared/reading-pace';
import { DAY_NOT_FOUND } from '#shared/path-params';
import {
  type GathaInfo,
  type Thought,
  type TodayThought,
  todayThoughtSchema,
} from '#shared/thought-types';
import type { AppContext } from '../app-context.js';
import type { Database, GathaInfoTable } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { sendSerializedJson, serializedAs } from '../http/serialized-json.js';
import { currentDayFor, knownZoneOr, readingPaceOf } from './reading-day.js';

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
  throw new HttpError(404, DAY_NOT_FOUND);
}

/** How long a cached reading may lag a content import made by another process. */
const contentFreshMs = 60_000;
/** Distinct X-Timezone values kept; the header is the client's, so the cache is bounded. */
const maxCachedZones = 500;

export interface TodayAnswer {
  today: TodayThought;
  /** `today` as the route sends it, serialized once. */
  body: string;
  etag: string;
  /** The answer holds for instants in [from, until): one local calendar date of its zone. */
  from: number;
  until: number;
  loadedAt: number;
}

function sameDate(a: ReturnType<typeof localDateIn>, b: ReturnType<typeof localDateIn>): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** The first instant after `now` whose calendar date in `zone` differs: that zone's midnight. */
function nextLocalMidnight(now: number, zone: string): number {
  const today = localDateIn(new Date(now), zone);
  let before = now;
  let after = now + 30 * 3_600_000;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (sameDate(localDateIn(new Date(middle), zone), today)) before = middle;
    else after = middle;
  }
  return after;
}

/**
 * Today's reading changes once a day per time zone, so its answer is built once per zone and
 * local date and revalidated by ETag; a change of date in the zone starts a new answer. One set
 * of answers per app, shared by the route and the daily page the server renders.
 */
const todayAnswersOfApp = new WeakMap<AppContext, Map<string, TodayAnswer>>();

/**
 * Today's answer for a requested zone (X-Timezone, or the page's zone cookie): a zone this
 * runtime does not know reads as APP_TIMEZONE.
 */
export async function todayAnswer(
  ctx: AppContext,
  requestedZone: string | undefined,
  reader: ReadingPace | null = null,
): Promise<TodayAnswer> {
  let byZone = todayAnswersOfApp.get(ctx);
  if (!byZone) {
    byZone = new Map();
    todayAnswersOfApp.set(ctx, byZone);
  }
  const now = ctx.clock().getTime();
  const zone = knownZoneOr(requestedZone, ctx.config.appTimezone);
  // A reader on their own path shares the answer of their day in their zone: it holds, like the
  // calendar's, until the zone's midnight. The calendar's day is known from the cached answer's
  // dates, so it is worked out only when the answer is built.
  const ownDay = reader?.pace === 'own' ? readerCurrentDay(reader, new Date(now), zone) : undefined;
  const key = `${requestedZone ?? ''}${ownDay === undefined ? '' : `|own ${ownDay}`}`;
  const cached = byZone.get(key);
  if (
    cached &&
    now >= cached.from &&
    now < cached.until &&
    performance.now() - cached.loadedAt < contentFreshMs
  ) {
    return cached;
  }
  const currentDay = ownDay ?? readerCurrentDay(reader, new Date(now), zone);
  const today = { ...(await thoughtForDay(ctx.db, currentDay)), currentDay, totalDays: TOTAL_DAYS };
  const body = serializedAs(todayThoughtSchema, today);
  const answer: TodayAnswer = {
    today,
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    from: now,
    until: nextLocalMidnight(now, zone),
    loadedAt: performance.now(),
  };
  if (byZone.size >= maxCachedZones) byZone.clear();
  byZone.set(key, answer);
  return answer;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** The browser's copy is current: an empty 304, which no answer schema describes. */
const notModified = (reply: FastifyReply) => reply.code(304).send();

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

export function thoughtRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get('/meta/total', { schema: apiContract['GET /api/thoughts/meta/total'] }, async () => ({
      totalDays: TOTAL_DAYS,
    }));

    app.get(
      '/today',
      { schema: apiContract['GET /api/thoughts/today'], config: { followsReadersPace: true } },
      async (request, reply) => {
        const header = request.headers['x-timezone'];
        const answer = await todayAnswer(
          ctx,
          Array.isArray(header) ? header[0] : header,
          readingPaceOf(request.currentUser),
        );
        // Revalidated on each visit rather than stored blindly, so midnight is never missed.
        reply.headers({
          'cache-control': 'private, no-cache',
          vary: 'x-timezone, cookie',
          etag: answer.etag,
        });
        if (matchesEtag(request.headers['if-none-match'], answer.etag)) return notModified(reply);
        return sendSerializedJson(reply, answer.body);
      },
    );

    app.get(
      '/',
      { schema: apiContract['GET /api/thoughts'], config: { followsReadersPace: true } },
      async (request) => {
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
      },
    );

    app.get(
      '/:dayNumber',
      {
        schema: apiContract['GET /api/thoughts/:dayNumber'],
        config: { followsReadersPace: true },
      },
      async (request) => {
        const day = request.params.dayNumber;
        refuseUnopenedDay(day, currentDayFor(ctx, request));
        return thoughtForDay(db, day);
      },
    );
  };
}

export function gathaInfoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/info', { schema: apiContract['GET /api/gathas/info'] }, async () =>
      everyGathaInfo(ctx.db),
    );

    app.get('/info/:day', { schema: apiContract['GET /api/gathas/info/:day'] }, async (request) => {
      const info = await gathaInfoFor(ctx.db, request.params.day);
      if (!info) throw new HttpError(404, 'No Gatha information for that day');
      return info;
    });
  };
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
async function everyGathaInfo(db: Kysely<Database>): Promise<GathaInfo[]> {
  const rows = await db
    .selectFrom('gatha_info')
    .selectAll()
    .orderBy('start_day', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toGathaInfo);
}
