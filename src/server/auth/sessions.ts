import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SESSION_COOKIE, SESSION_DAYS, SIGNED_IN_HINT_COOKIE } from '#shared/constants';
import type { AppContext } from '../app-context.js';
import type { Database, UserRow } from '../db/tables.js';
import { hashToken, newToken } from './tokens.js';

const sessionMs = SESSION_DAYS * 86_400_000;
/** Extend a session at most this often, so reads do not write on every request. */
const extendEveryMs = 60 * 60 * 1000;

export async function startSession(
  db: Kysely<Database>,
  userId: number,
  userAgent: string | undefined,
  now: Date,
): Promise<string> {
  const { token, tokenHash } = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      user_agent: userAgent ? userAgent.slice(0, 300) : null,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + sessionMs).toISOString(),
    })
    .execute();
  return token;
}

export interface ActiveSession {
  sessionId: number;
  user: UserRow;
  /** Set when the expiry moved and the cookie should be sent again. */
  extended: boolean;
}

/** The live session a cookie names, with its user; slides the 30-day expiry forward. */
export async function resumeSession(
  { db, cache, clock }: Pick<AppContext, 'db' | 'cache' | 'clock'>,
  token: string,
): Promise<ActiveSession | null> {
  const now = clock();
  const row = await cache.session(hashToken(token));
  if (!row) return null;
  if (row.expires_at <= now.toISOString()) {
    await db.deleteFrom('sessions').where('id', '=', row.session_id).execute();
    return null;
  }
  const { session_id, last_seen_at, expires_at: _expires, ...user } = row;
  let extended = false;
  if (now.getTime() - Date.parse(last_seen_at) > extendEveryMs) {
    await db
      .updateTable('sessions')
      .set({
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + sessionMs).toISOString(),
      })
      .where('id', '=', session_id)
      .execute();
    extended = true;
  }
  return { sessionId: session_id, user, extended };
}

export async function endSessionById(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_DAYS * 86_400,
  });
  setSignedInHintCookie(reply, secure);
}

/** The page's hint that a session cookie is there; it lives exactly as long as that cookie. */
export function setSignedInHintCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && value.length <= 100 ? value : undefined;
}
