import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { READING_PACE_COOKIE } from '#shared/constants';
import type { AppContext } from '../app-context.js';
import { callerJustChanged, seeOwnChanges } from '../cache/own-changes.js';
import type { UserRow } from '../db/tables.js';
import {
  type ActiveSession,
  type EndedSession,
  deviceTimeZone,
  keptActiveSession,
  clearEarlierSessionCookie,
  keepPaceHint,
  resumeSession,
  sessionToken,
  sessionUnderEarlierName,
  setSessionCookie,
} from './sessions.js';

/**
 * Resumes the session the request's cookie names, as every signed-in answer does: the person
 * and session id go on the request (or why the session ended), a session this visit extended
 * gets its longer cookie (and one under the cookie's earlier name the current name), the pace
 * hint follows the account, and a browser that just changed something reads every committed
 * change first. Returns the person, or null.
 */
export async function resumeCallerSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  timeZone: string | undefined,
): Promise<UserRow | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const session = await resumeSession(
    ctx,
    token,
    deviceTimeZone(timeZone),
    callerJustChanged(request),
  );
  return takeSession(ctx, request, reply, token, session);
}

/**
 * The caller's person at once, their session resumed as `resumeCallerSession` would, when it is
 * kept and nothing needs reading or writing first (see keptActiveSession); undefined when
 * `resumeCallerSession` must answer.
 */
export function keptCallerSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): UserRow | undefined {
  const token = sessionToken(request);
  if (!token) return undefined;
  const session = keptActiveSession(ctx, token, callerJustChanged(request));
  return (session && takeSession(ctx, request, reply, token, session)) ?? undefined;
}

/** Puts the session on the request, and its cookies on the answer. Returns the person, or null. */
function takeSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  session: ActiveSession | EndedSession,
): UserRow | null {
  if ('ended' in session) {
    request.sessionEnded = session.ended;
    return null;
  }
  request.currentUser = session.user;
  request.sessionId = session.sessionId;
  // A device still holding the session under its earlier cookie name gets the current one.
  const underEarlierName = sessionUnderEarlierName(request);
  if (session.extended || underEarlierName) setSessionCookie(reply, token, ctx.config.https);
  if (underEarlierName) clearEarlierSessionCookie(reply, ctx.config.https);
  keepPaceHint(request, reply, session.user.pace, ctx.config.https);
  return session.user;
}

/**
 * Whether the request carries the hint of a reader at their own pace. Its cookies are read only
 * when their header names it at all: a reading's most frequent caller has no such hint.
 */
function hasOwnPaceHint(request: FastifyRequest): boolean {
  return (
    request.headers.cookie?.includes(READING_PACE_COOKIE) === true &&
    request.cookies[READING_PACE_COOKIE] === 'own'
  );
}

/**
 * Sessions for the API (docs/decisions/004): each call resumes its caller's session, except
 * the readings, which answer the same to everyone and skip the lookup unless they follow a
 * reader's own pace and the pace hint says this reader has one (docs/decisions/003, 017). A call
 * that may change data brings this process's cache up to date before it is answered.
 */
export function resumeSessions(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionEnded', null);
  // A callback hook rather than an async one: most calls never wait for anything here.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const { withoutSession, followsReadersPace } = request.routeOptions.config;
    if (withoutSession && !(followsReadersPace && hasOwnPaceHint(request))) return done();
    if (!sessionToken(request)) return done();
    if (keptCallerSession(ctx, request, reply)) return done();
    const header = request.headers['x-timezone'];
    const timeZone = Array.isArray(header) ? header[0] : header;
    resumeCallerSession(ctx, request, reply, timeZone).then(() => done(), done);
  });
  seeOwnChanges(app, ctx.cache, ctx.config.https);
}
