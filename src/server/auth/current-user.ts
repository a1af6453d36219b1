import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/tables.js';
import { notSignedIn } from '../http/http-errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every /api request. */
    currentUser: UserRow | null;
    sessionId: number | null;
  }
}

export function requireUser(request: FastifyRequest, message?: string): UserRow {
  if (!request.currentUser)
    throw message ? Object.assign(notSignedIn(), { message }) : notSignedIn();
  return request.currentUser;
}
