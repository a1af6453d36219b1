import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_PASSWORD_INCORRECT,
  accountDeletionSchema,
  profileUpdateSchema,
} from '#shared/account-schemas';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/current-user.js';
import { confirmOwnPassword } from '../auth/password-confirmation.js';
import { clearSessionCookie } from '../auth/sessions.js';
import { toUser } from '../auth/users.js';
import { HttpError } from '../http/http-errors.js';
import { deleteAccount } from './account-deletion.js';
import { updateProfile } from './profile-update.js';

/** A call without a body is judged as an empty object, so it gets the schema's own message. */
const orEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

/** The signed-in person's own account: correcting the profile, and leaving. */
export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { clock } = ctx;
  const secure = ctx.config.appUrl.startsWith('https://');
  return async (app) => {
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    app.patch('/me', { schema: { body: orEmpty(profileUpdateSchema) } }, async (request) => {
      const user = requireUser(request);
      const caller = { now: clock(), ip: request.ip, log: request.log };
      return { user: toUser(await updateProfile(ctx, user, request.body, caller)) };
    });

    app.delete(
      '/me',
      { schema: { body: orEmpty(accountDeletionSchema) } },
      async (request, reply) => {
        const user = requireUser(request);
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
