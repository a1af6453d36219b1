import Bowser from 'bowser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type DeviceSession, SESSION_NOT_FOUND, UNKNOWN_BROWSER } from '#shared/account-schemas';
import { apiContract } from '#shared/api-contract';
import { placeOfTimeZone } from './device-place.js';
import type { AppContext } from '../app-context.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { signedInSessionId, signedInUser } from './current-user.js';
import { clearSessionCookie, endSessionById, endSessionsBecause } from './sessions.js';

/** A readable name for the device a session was started on, such as 'Chrome on Android'. */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent?.trim()) return UNKNOWN_BROWSER;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  return os ? `${UNKNOWN_BROWSER} on ${os}` : UNKNOWN_BROWSER;
}

/** The person's live sessions, most recently seen first; token hashes never leave here. */
export async function listDeviceSessions(
  db: Kysely<Database>,
  userId: number,
  currentSessionId: number | null,
  now: Date,
): Promise<DeviceSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'time_zone', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    browser: browserLabel(row.user_agent),
    place: placeOfTimeZone(row.time_zone),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === currentSessionId,
  }));
}

export function deviceSessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  const secure = ctx.config.https;
  return async (app) => {
    app.get(
      '/auth/sessions',
      { schema: apiContract['GET /api/auth/sessions'] },
      async (request) => {
        const user = signedInUser(request);
        return { sessions: await listDeviceSessions(db, user.id, request.sessionId, clock()) };
      },
    );

    app.delete(
      '/auth/sessions/:id',
      { schema: apiContract['DELETE /api/auth/sessions/:id'] },
      async (request, reply) => {
        const { id } = request.params;
        const userId = signedInUser(request).id;
        if (id === request.sessionId) {
          // Signing out this device from its own list: its cookie goes with the answer.
          await endSessionById(db, id);
          clearSessionCookie(reply, secure);
          return { ok: true as const };
        }
        const ended = await endSessionsBecause(db, { userId, id }, 'signed-out-elsewhere');
        if (ended === 0) throw new HttpError(404, SESSION_NOT_FOUND);
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/sessions/sign-out-others',
      { schema: apiContract['POST /api/auth/sessions/sign-out-others'] },
      async (request) => {
        const signedOut = await endSessionsBecause(
          db,
          { userId: signedInUser(request).id, exceptId: signedInSessionId(request) },
          'signed-out-elsewhere',
        );
        return { signedOut };
      },
    );
  };
}
