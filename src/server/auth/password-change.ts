import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { CURRENT_PASSWORD_INCORRECT, PASSWORD_CHANGED } from '#shared/account-schemas';
import { apiContract } from '#shared/api-contract';
import { SESSION_DAYS } from '#shared/constants';
import type { AppContext } from '../app-context.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { signedInSessionId, signedInUser } from './current-user.js';
import { refuseGuessablePassword } from './guessable-passwords.js';
import { confirmOwnPassword } from './password-confirmation.js';
import { hashPassword } from './passwords.js';
import { endSessionsBecause, setSessionCookie } from './sessions.js';
import { newToken } from './tokens.js';

/**
 * Stores the new password and signs out every other device. This device keeps its session row
 * (and the reminder tied to it) under a new token, so the old cookie stops working at once.
 * Unused reset links are dropped: they were meant for the old password.
 */
export async function changePassword(
  db: Kysely<Database>,
  userId: number,
  currentSessionId: number,
  passwordHash: string,
  now: Date,
): Promise<string> {
  const { token, tokenHash } = newToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
    await endSessionsBecause(trx, { userId, exceptId: currentSessionId }, 'password-changed');
    await trx
      .updateTable('sessions')
      .set({
        token_hash: tokenHash,
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
      })
      .where('id', '=', currentSessionId)
      .execute();
    await trx
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  });
  return token;
}

export function passwordChangeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  const secure = ctx.config.https;
  return async (app) => {
    app.post(
      '/auth/password',
      { schema: apiContract['POST /api/auth/password'] },
      async (request, reply) => {
        const user = signedInUser(request);
        const now = clock();
        const { currentPassword, newPassword } = request.body;
        if (!(await confirmOwnPassword(ctx, user, currentPassword, now, request.ip))) {
          throw new HttpError(400, CURRENT_PASSWORD_INCORRECT, {
            errors: [{ path: 'currentPassword', message: CURRENT_PASSWORD_INCORRECT }],
          });
        }
        await refuseGuessablePassword(
          newPassword,
          [user.username, user.email, user.full_name],
          'newPassword',
        );
        const passwordHash = await hashPassword(newPassword, ctx.config.passwordHashing);
        const sessionId = signedInSessionId(request);
        const token = await changePassword(db, user.id, sessionId, passwordHash, now);
        setSessionCookie(reply, token, secure);
        return { message: PASSWORD_CHANGED };
      },
    );
  };
}
