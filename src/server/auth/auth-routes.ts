import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../http/http-errors.js';
import { enforceRateLimit, hitRateLimit, tooManyRequests } from '../http/rate-limits.js';
import { signedInUser } from './current-user.js';
import { deviceSessionRoutes } from './device-sessions.js';
import { refuseGuessablePassword } from './guessable-passwords.js';
import { passwordChangeRoutes } from './password-change.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import {
  clearSessionCookie,
  deviceTimeZone,
  endSession,
  endSessionById,
  sessionToken,
  setPaceHint,
  setSessionCookie,
  startSession,
} from './sessions.js';
import { beginSignIn, rememberNewAccountDevice } from './sign-in-limits.js';
import { toUser } from './users.js';

/** Signing up, in and out, and resetting a forgotten password: open to anyone. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock, rules } = ctx;
  const secure = ctx.config.https;

  return async (app) => {
    app.post(
      '/signup',
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
        const usernameKey = body.username.toLowerCase();
        const email = body.email.toLowerCase();
        const clash = await db
          .selectFrom('users')
          .select(['username_key', 'email'])
          .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('email', '=', email)]))
          .execute();
        if (clash.some((row) => row.username_key === usernameKey))
          throw new HttpError(409, 'Username already taken');
        if (clash.length > 0) throw new HttpError(409, 'Email already registered');

        const passwordHash = await hashPassword(body.password);
        const now = clock();
        let user;
        try {
          user = await db
            .insertInto('users')
            .values({
              username: body.username,
              username_key: usernameKey,
              email,
              password_hash: passwordHash,
              full_name: body.fullName,
              city: body.city,
              whatsapp: body.whatsapp,
              postal_code: body.postalCode,
              created_at: now.toISOString(),
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        } catch (error) {
          // Two sign-ups racing for the same name: the unique index decides.
          if (isUniqueViolation(error)) {
            const message = String((error as Error).message).includes('email')
              ? 'Email already registered'
              : 'Username already taken';
            throw new HttpError(409, message);
          }
          throw error;
        }
        const token = await startSession(db, user.id, deviceOf(request), now);
        setSessionCookie(reply, token, secure);
        await rememberNewAccountDevice(ctx, reply, user.id, secure, now);
        return reply.code(201).send({ user: toUser(user) });
      },
    );

    app.post('/login', { schema: apiContract['POST /api/auth/login'] }, async (request, reply) => {
      const now = clock();
      await enforceRateLimit(ctx.rateLimits, `login:ip:${request.ip}`, rules.loginPerIp, now);
      const attempt = await beginSignIn(ctx, request, request.body.username, now);
      const user = attempt.user;
      const ok = user
        ? await verifyPassword(user.password_hash, request.body.password)
        : await verifyAgainstDecoy(request.body.password).then(() => false);
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
    });

    app.post(
      '/logout',
      { schema: apiContract['POST /api/auth/logout'] },
      async (request, reply) => {
        const token = sessionToken(request);
        if (token) await endSession(db, token);
        clearSessionCookie(reply, secure);
        return { ok: true as const };
      },
    );

    app.post(
      '/password-reset-request',
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
      '/password-reset',
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

/** The signed-in person's own sign-in: who they are, their password and their devices. */
export function ownSignInRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me',
      { schema: apiContract['GET /api/auth/me'], config: { openWhileSuspended: true } },
      async (request) => ({ user: toUser(signedInUser(request)) }),
    );
    await app.register(passwordChangeRoutes(ctx));
    await app.register(deviceSessionRoutes(ctx));
  };
}

/** What a new session keeps of the device: its browser and its time zone, nothing more. */
function deviceOf(request: FastifyRequest) {
  return {
    userAgent: request.headers['user-agent'],
    timeZone: deviceTimeZone(request.headers['x-timezone']),
  };
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
