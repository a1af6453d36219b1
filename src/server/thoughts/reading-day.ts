import type { FastifyRequest } from 'fastify';
import { TIME_ZONE_COOKIE } from '#shared/constants';
import { currentReadingDay, isValidTimeZone } from '#shared/day-model';
import type { AppContext } from '../app-context.js';

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

export function currentDayFor(ctx: AppContext, request: FastifyRequest): number {
  return currentReadingDay(ctx.clock(), requestTimeZone(request, ctx.config.appTimezone));
}
