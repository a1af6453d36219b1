import { createHash } from 'node:crypto';
import { TOTAL_DAYS } from '#shared/constants';
import { localDateIn } from '#shared/day-model';
import { type ReadingPace, readerCurrentDay } from '#shared/reading-pace';
import { type TodayThought, todayThoughtSchema } from '#shared/thought-types';
import type { AppContext } from '../app-context.js';
import { serializedAs } from '../http/serialized-json.js';
import { knownZoneOr } from './reading-day.js';
import { thoughtForDay } from './readings.js';

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

export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
