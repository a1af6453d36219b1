import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { SessionEnding } from '#shared/session-endings';
import type { UserRow } from '../db/tables.js';
import { HttpError, notSignedIn } from '../http/http-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every /api request. */
    currentUser: UserRow | null;
    sessionId: number | null;
    /** Why the session the request's cookie names is over, when it is and the server knows. */
    sessionEnded: SessionEnding | null;
  }
  interface FastifyContextConfig {
    /** The 401's message when this route is called signed out, where the spec words it. */
    signInMessage?: string;
    /** A suspended account may call this route: its own export, deletion and details. */
    openWhileSuspended?: boolean;
  }
}

export const ACCOUNT_SUSPENDED = 'This account is suspended';

/**
 * The one check of the routes only a signed-in person may call, the onRequest hook of their
 * scope. It runs after the app's own onRequest hook has resumed the session and before anything
 * of the request is read, so a call without a session answers 401 whatever its address, query
 * or body. A suspended account reaches only the routes that let its owner take their journal
 * and delete the account (docs/product.md#reports-and-suspension); the rest answer 403.
 */
export function requireSignIn(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const user = request.currentUser;
  if (!user) {
    return done(notSignedIn(request.routeOptions.config.signInMessage, request.sessionEnded));
  }
  if (user.suspended_at !== null && !request.routeOptions.config.openWhileSuspended) {
    return done(new HttpError(403, ACCOUNT_SUSPENDED));
  }
  done();
}

const outsideTheScope = (request: FastifyRequest) =>
  new Error(`${request.method} ${request.routeOptions.url} is not among the signed-in routes`);

/** The caller of a route in the signed-in scope, where requireSignIn has already checked it. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw outsideTheScope(request);
  return request.currentUser;
}

/** The session of a call to a route in the signed-in scope; set with the user. */
export function signedInSessionId(request: FastifyRequest): number {
  if (request.sessionId === null) throw outsideTheScope(request);
  return request.sessionId;
}
