import type { FastifyRequest } from 'fastify';
import { TIME_ZONE_COOKIE } from '#shared/constants';
import { isValidTimeZone } from '#shared/day-model';
import { type ReadingPace, readerCurrentDay } from '#shared/reading-pace';
import type { AppContext } from '../app-context.js';
import type { UserRow } from '../db/tables.js';

/** `zone` when it names a zone this runtime knows, else `fallback`. */
export function knownZoneOr(zone: string | undefined, fallback: string): string {
  return zone && isValidTimeZone(zone) ? zone : fallback;
}

/** The time zone of the request: X-Timezone when it names a real zone, else APP_TIMEZONE. */
export function requestTimeZone(request: FastifyRequest, fallback: string): string {
  const header = request.headers['x-timezone'];
  return knownZoneOr(Array.isArray(header) ? header[0] : header, fallback);
}

/**
 * The reader's time zone: X-Timezone when it names a real zone (the app sends it with every
 * call), else the zone the app keeps in its cookie for the pages the server renders (a download
 * opened as a link carries no header), else APP_TIMEZONE.
 */
export function readerTimeZone(request: FastifyRequest, fallback: string): string {
  return requestTimeZone(request, knownZoneOr(request.cookies[TIME_ZONE_COOKIE], fallback));
}

/**
 * The last day the request's reader may open: their own path's day when they read at their own
 * pace, else the calendar's (docs/decisions/017-your-pace.md). The reader is the session the
 * request's hook already resumed (from the cache), so this costs no query. Public pages for
 * visitors keep the calendar's day and do not call it.
 */
export function currentDayFor(ctx: AppContext, request: FastifyRequest): number {
  return readerCurrentDay(
    readingPaceOf(request.currentUser),
    ctx.clock(),
    requestTimeZone(request, ctx.config.appTimezone),
  );
}

/** A signed-in reader's pace, or null for a visitor. */
export function readingPaceOf(user: UserRow | null): ReadingPace | null {
  return user ? { pace: user.pace, paceStartedOn: user.pace_started_on } : null;
}
