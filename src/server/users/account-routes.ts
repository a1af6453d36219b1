import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_PASSWORD_INCORRECT } from '#shared/account-schemas';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import { confirmOwnPassword } from '../auth/password-confirmation.js';
import { clearSessionCookie, setPaceHint } from '../auth/sessions.js';
import { toUser } from '../auth/users.js';
import { HttpError } from '../http/http-errors.js';
import { requestTimeZone } from '../readings/reading-day.js';
import { deleteAccount } from './account-deletion.js';
import { updateProfile } from './profile-update.js';

/** The signed-in person's own account: correcting the profile, and leaving. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { clock } = ctx;
  const secure = ctx.config.https;
  return async (app) => {
    app.patch(
      '/users/me',
      { schema: apiContract['PATCH /api/users/me'] },
      async (request, reply) => {
        const user = signedInUser(request);
        const caller = {
          now: clock(),
          ip: request.ip,
          log: request.log,
          timeZone: requestTimeZone(request, ctx.config.appTimezone),
        };
        const updated = await updateProfile(ctx, user, request.body, caller);
        // Every device learns a changed pace at its next signed-in call; this one at once.
        setPaceHint(reply, updated.pace, secure);
        return { user: toUser(updated) };
      },
    );

    app.delete(
      '/users/me',
      { schema: apiContract['DELETE /api/users/me'], config: { openWhileSuspended: true } },
      async (request, reply) => {
        const user = signedInUser(request);
        if (!(await confirmOwnPassword(ctx, user, request.body.password, clock(), request.ip))) {
          throw new HttpError(400, ACCOUNT_PASSWORD_INCORRECT, {
            errors: [{ path: 'password', message: ACCOUNT_PASSWORD_INCORRECT }],
          });
        }
        await deleteAccount(ctx, user);
        clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    );
  };
}
