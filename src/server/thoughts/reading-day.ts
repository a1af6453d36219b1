import type { FastifyRequest } from 'fastify';
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

export function currentDayFor(ctx: AppContext, request: FastifyRequest): number {
  return currentReadingDay(ctx.clock(), requestTimeZone(request, ctx.config.appTimezone));
}
