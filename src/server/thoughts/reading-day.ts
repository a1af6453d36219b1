import type { FastifyRequest } from 'fastify';
import { currentReadingDay, isValidTimeZone } from '#shared/day-model';
import type { AppContext } from '../app-context.js';

/** The time zone of the request: X-Timezone when it names a real zone, else APP_TIMEZONE. */
export function requestTimeZone(request: FastifyRequest, fallback: string): string {
  const header = request.headers['x-timezone'];
  const zone = Array.isArray(header) ? header[0] : header;
  return zone && isValidTimeZone(zone) ? zone : fallback;
}

export function currentDayFor(ctx: AppContext, request: FastifyRequest): number {
  return currentReadingDay(ctx.clock(), requestTimeZone(request, ctx.config.appTimezone));
}
