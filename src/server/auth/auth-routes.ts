import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../http/http-errors.js';
import { enforceRateLimit } from '../http/rate-limits.js';
import { signedInUser } from './current-user.js';
import { refuseGuessablePassword } from './guessable-passwords.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.js';
import {
  clearSessionCookie,
  deviceOf,
  endSession,
  endSessionById,
  sessionToken,
  setPaceHint,
  setSessionCookie,
  startSession,
} from './sessions.js';
import { beginSignIn, rememberNewAccountDevice } from './sign-in-limits.js';
import { createAccount } from './sign-up.js';
import { toUser } from './users.js';

/** Signing up, in and out: open to anyone. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock, rules } = ctx;
  const secure = ctx.config.https;

  return async (app) => {
    app.post(
      '/auth/signup',
      { schema: apiContract['POST /api/auth/signup'] },
      async (request, reply) => {
        await enforceRateLimit(
          ctx.rateLimits,
          `signup:ip:${request.ip}`,
          rules.signupPerIp,
          clock(),
        );
        const body = request.body;
        await refuseGuessablePassword(
          body.password,
          [body.username, body.email, body.fullName],
          'password',
        );
        const now = clock();
        const user = await createAccount(
          db,
          body,
          (password) => hashPassword(password, ctx.config.passwordHashing),
          now,
        );
        const token = await startSession(db, user.id, deviceOf(request), now);
        setSessionCookie(reply, token, secure);
        await rememberNewAccountDevice(ctx, reply, user.id, secure, now);
        return reply.code(201).send({ user: toUser(user) });
      },
    );

    app.post(
      '/auth/login',
      { schema: apiContract['POST /api/auth/login'] },
      async (request, reply) => {
        const now = clock();
        await enforceRateLimit(ctx.rateLimits, `login:ip:${request.ip}`, rules.loginPerIp, now);
        const attempt = await beginSignIn(ctx, request, request.body.username, now);
        const user = attempt.user;
        const ok = user
          ? await verifyPassword(user.password_hash, request.body.password)
          : await verifyAgainstDecoy(request.body.password, ctx.config.passwordHashing).then(
              () => false,
            );
        if (!user || !ok) {
          await attempt.failed();
          throw new HttpError(401, 'Invalid username or password');
        }
        // The session this browser held before is replaced, not left behind to expire.
        if (request.sessionId !== null) await endSessionById(db, request.sessionId);
        const token = await startSession(db, user.id, deviceOf(request), now);
        setSessionCookie(reply, token, secure);
        setPaceHint(reply, user.pace, secure);
        await attempt.succeeded(reply, secure);
        return { user: toUser(user) };
      },
    );

    app.post(
      '/auth/logout',
      { schema: apiContract['POST /api/auth/logout'] },
      async (request, reply) => {
        const token = sessionToken(request);
        if (token) await endSession(db, token);
        clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    );
  };
}

/** Who the signed-in person is. */
export function ownSignInRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth/me',
      { schema: apiContract['GET /api/auth/me'], config: { openWhileSuspended: true } },
      async (request) => ({ user: toUser(signedInUser(request)) }),
    );
  };
}
