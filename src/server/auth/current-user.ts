import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { UserRow } from '../db/tables.js';
import { notSignedIn } from '../http/http-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every /api request. */
    currentUser: UserRow | null;
    sessionId: number | null;
  }
  interface FastifyContextConfig {
    /** The 401's message when this route is called signed out, where the spec words it. */
    signInMessage?: string;
  }
}

/**
 * The one check of the routes only a signed-in person may call, the onRequest hook of their
 * scope. It runs after the app's own onRequest hook has resumed the session and before anything
 * of the request is read, so a call without a session answers 401 whatever its address, query
 * or body.
 */
export function requireSignIn(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (request.currentUser) return done();
  done(notSignedIn(request.routeOptions.config.signInMessage));
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
