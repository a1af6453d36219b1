import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../http/http-errors.js';
import { enforceRateLimit, hitRateLimit, tooManyRequests } from '../http/rate-limits.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';

/** Asking for a reset link by email, and spending it on a new password: open to anyone. */
export function passwordResetRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { clock, rules } = ctx;
  return async (app) => {
    app.post(
      '/auth/password-reset-request',
      { schema: apiContract['POST /api/auth/password-reset-request'] },
      async (request) => {
        const now = clock();
        await enforceRateLimit(
          ctx.rateLimits,
          `reset-request:ip:${request.ip}`,
          rules.resetRequestPerIp,
          now,
        );
        const email = request.body.email.toLowerCase();
        const perAccount = await hitRateLimit(
          ctx.rateLimits,
          `reset-request:email:${email}`,
          rules.resetRequestPerAccount,
          now,
        );
        if (!perAccount.allowed) throw tooManyRequests(perAccount.retryAfterSeconds);
        // Sent in the background: the answer and its timing are the same whether or not the
        // account exists.
        ctx.track(
          requestPasswordReset(ctx, email, now).catch((error: unknown) =>
            request.log.error({ err: error }, 'password reset mail failed'),
          ),
        );
        return { message: 'If an account exists for that email, a reset link has been sent.' };
      },
    );

    app.post(
      '/auth/password-reset',
      { schema: apiContract['POST /api/auth/password-reset'] },
      async (request) => {
        await enforceRateLimit(ctx.rateLimits, `reset:ip:${request.ip}`, rules.resetPerIp, clock());
        const done = await resetPassword(ctx, request.body.token, request.body.password, clock());
        if (!done) throw new HttpError(400, 'Invalid or expired token');
        return { message: 'Your password has been reset. You can now sign in.' };
      },
    );
  };
}
