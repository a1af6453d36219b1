import { createHash } from 'node:crypto';
import { TOTAL_DAYS } from '#shared/constants';
import { localDateIn } from '#shared/day-model';
import { type ReadingPace, readerCurrentDay } from '#shared/reading-pace';
import { type TodayThought, todayThoughtSchema } from '#shared/thought-types';
import type { AppContext } from '../app-context.js';
import { serializedAs } from '../http/serialized-json.js';
import { knownZoneOr } from './reading-day.js';
import { thoughtForDay } from './readings.js';

export interface TodayAnswer {
  today: TodayThought;
  /**
   * `today` as the route sends it, serialized once and kept as UTF-8 bytes: each answer then
   * goes out as they are, with no text to measure and encode again for every caller.
   */
  body: Buffer;
  etag: string;
  /** The answer holds for instants in [from, until): one local calendar date of its zone. */
  from: number;
  until: number;
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

/** Where today's answer for a zone and reader is kept, and whether a kept one still holds. */
function todayKey(ctx: AppContext, requestedZone: string | undefined, reader: ReadingPace | null) {
  const now = ctx.clock().getTime();
  const zone = knownZoneOr(requestedZone, ctx.config.appTimezone);
  // A reader on their own path shares the answer of their day in their zone: it holds, like the
  // calendar's, until the zone's midnight. The calendar's day is known from the cached answer's
  // dates, so it is worked out only when the answer is built.
  const ownDay = reader?.pace === 'own' ? readerCurrentDay(reader, new Date(now), zone) : undefined;
  return {
    now,
    zone,
    ownDay,
    key: `today ${requestedZone ?? ''}${ownDay === undefined ? '' : `|own ${ownDay}`}`,
    holds: (answer: TodayAnswer) => now >= answer.from && now < answer.until,
  };
}

/**
 * Today's answer for a requested zone (X-Timezone, or the page's zone cookie): a zone this
 * runtime does not know reads as APP_TIMEZONE. It changes once a day per zone, so it is built
 * once per zone and local date (and revalidated by ETag), shared by the route and the daily page
 * the server renders, and kept until a content pack is loaded (the app cache's content topic).
 */
export async function todayAnswer(
  ctx: AppContext,
  requestedZone: string | undefined,
  reader: ReadingPace | null = null,
): Promise<TodayAnswer> {
  const { now, zone, ownDay, key, holds } = todayKey(ctx, requestedZone, reader);
  return ctx.cache.fromContent(
    key,
    async () => {
      const currentDay = ownDay ?? readerCurrentDay(reader, new Date(now), zone);
      const today = {
        ...(await thoughtForDay(ctx.db, currentDay)),
        currentDay,
        totalDays: TOTAL_DAYS,
      };
      const body = Buffer.from(serializedAs(todayThoughtSchema, today));
      return {
        today,
        body,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        from: now,
        until: nextLocalMidnight(now, zone),
      };
    },
    holds,
  );
}

/**
 * Today's answer as `todayAnswer` would give it at once, when it is kept and nothing needs
 * reading first: undefined otherwise. Nearly every call of the morning is answered from it
 * without waiting on a promise.
 */
export function keptTodayAnswer(
  ctx: AppContext,
  requestedZone: string | undefined,
  reader: ReadingPace | null = null,
): TodayAnswer | undefined {
  const { key, holds } = todayKey(ctx, requestedZone, reader);
  return ctx.cache.keptContent(key, holds);
}

export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
