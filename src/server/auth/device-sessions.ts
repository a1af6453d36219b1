import Bowser from 'bowser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { type DeviceSession, SESSION_NOT_FOUND, UNKNOWN_BROWSER } from '#shared/account-schemas';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { signedInSessionId, signedInUser } from './current-user.js';
import { clearSessionCookie } from './sessions.js';

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
    .select(['id', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    browser: browserLabel(row.user_agent),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === currentSessionId,
  }));
}

export function deviceSessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  const secure = ctx.config.appUrl.startsWith('https://');
  return async (app) => {
    app.get('/sessions', { schema: apiContract['GET /api/auth/sessions'] }, async (request) => {
      const user = signedInUser(request);
      return { sessions: await listDeviceSessions(db, user.id, request.sessionId, clock()) };
    });

    app.delete(
      '/sessions/:id',
      { schema: apiContract['DELETE /api/auth/sessions/:id'] },
      async (request, reply) => {
        const { id } = request.params;
        const result = await db
          .deleteFrom('sessions')
          .where('id', '=', id)
          .where('user_id', '=', signedInUser(request).id)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) throw new HttpError(404, SESSION_NOT_FOUND);
        if (id === request.sessionId) clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    );

    app.post(
      '/sessions/sign-out-others',
      { schema: apiContract['POST /api/auth/sessions/sign-out-others'] },
      async (request) => {
        const result = await db
          .deleteFrom('sessions')
          .where('user_id', '=', signedInUser(request).id)
          .where('id', '!=', signedInSessionId(request))
          .executeTakeFirst();
        return { signedOut: Number(result.numDeletedRows) };
      },
    );
  };
}
