import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../http/http-errors.js';
import { enforceRateLimit, hitRateLimit } from '../http/rate-limits.js';
import {
  deviceOf,
  endSessionById,
  setPaceHint,
  setSessionCookie,
  startSession,
} from './sessions.js';
import { requestSignInLink, spendSignInLink } from './sign-in-links.js';
import { rememberLinkedDevice } from './sign-in-limits.js';
import { toUser } from './users.js';

/**
 * The way back in when sign-in is refused for failures from elsewhere (sign-in-links.ts):
 * asking for a one-time link by email, and spending it. Open to anyone.
 */
export function signInLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock, rules } = ctx;
  const secure = ctx.config.https;
  return async (app) => {
    app.post(
      '/auth/sign-in-link-request',
      { schema: apiContract['POST /api/auth/sign-in-link-request'] },
      async (request) => {
        const now = clock();
        await enforceRateLimit(
          ctx.rateLimits,
          `sign-in-link-request:ip:${request.ip}`,
          rules.signInLinkRequestPerIp,
          now,
        );
        const email = request.body.email.toLowerCase();
        // Counted by the address given, account or not, so the answer never tells which.
        const perAccount = await hitRateLimit(
          ctx.rateLimits,
          `sign-in-link-request:email:${email}`,
          rules.signInLinkRequestPerAccount,
          now,
        );
        if (!perAccount.allowed) {
          throw new HttpError(
            429,
            'Several sign-in links were sent in the last minutes. Please use the newest one in your email.',
            {},
            { 'retry-after': String(perAccount.retryAfterSeconds) },
          );
        }
        ctx.track(
          requestSignInLink(ctx, email, now).catch((error: unknown) =>
            request.log.error({ err: error }, 'sign-in link mail failed'),
          ),
        );
        return { message: 'If an account exists for that email, a sign-in link has been sent.' };
      },
    );

    app.post(
      '/auth/sign-in-link',
      { schema: apiContract['POST /api/auth/sign-in-link'] },
      async (request, reply) => {
        const now = clock();
        await enforceRateLimit(
          ctx.rateLimits,
          `sign-in-link:ip:${request.ip}`,
          rules.signInLinkPerIp,
          now,
        );
        const user = await spendSignInLink(ctx, request.body.token, now);
        if (!user) throw new HttpError(400, 'Invalid or expired sign-in link');
        if (request.sessionId !== null) await endSessionById(db, request.sessionId);
        const token = await startSession(db, user.id, deviceOf(request), now);
        setSessionCookie(reply, token, secure);
        setPaceHint(reply, user.pace, secure);
        await rememberLinkedDevice(ctx, request, reply, user, secure, now);
        return { user: toUser(user) };
      },
    );
  };
}
