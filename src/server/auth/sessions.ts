import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionEnding } from '#shared/session-endings';
import {
  READING_PACE_COOKIE,
  SESSION_COOKIE,
  SESSION_DAYS,
  SIGNED_IN_HINT_COOKIE,
} from '#shared/constants';
import { isValidTimeZone } from '#shared/day-model';
import type { AppContext } from '../app-context.js';
import type { Database, UserRow } from '../db/tables.js';
import { hashToken, newToken } from './tokens.js';

const sessionMs = SESSION_DAYS * 86_400_000;
/** Extend a session at most this often, so reads do not write on every request. */
const extendEveryMs = 60 * 60 * 1000;

/** The zone a device names (X-Timezone), when it is a real one: all the place a session keeps. */
export function deviceTimeZone(header: string | string[] | undefined): string | null {
  const zone = Array.isArray(header) ? header[0] : header;
  return zone && isValidTimeZone(zone) ? zone : null;
}

/** What a new session keeps of the device: its browser and its time zone, nothing more. */
export function deviceOf(request: FastifyRequest) {
  return {
    userAgent: request.headers['user-agent'],
    timeZone: deviceTimeZone(request.headers['x-timezone']),
  };
}

export async function startSession(
  db: Kysely<Database>,
  userId: number,
  device: { userAgent: string | undefined; timeZone: string | null },
  now: Date,
): Promise<string> {
  const { token, tokenHash } = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      user_agent: device.userAgent ? device.userAgent.slice(0, 300) : null,
      time_zone: device.timeZone,
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

/** A cookie whose session is over: why, when the server knows. */
export interface EndedSession {
  ended: SessionEnding | null;
}

/**
 * The live session a cookie names, with its user; slides the 30-day expiry forward (and notes
 * the device's time zone, `timeZone`, as it does). A session that is over says why, if known.
 */
export async function resumeSession(
  { db, cache, clock }: Pick<AppContext, 'db' | 'cache' | 'clock'>,
  token: string,
  timeZone: string | null = null,
  fresh = false,
): Promise<ActiveSession | EndedSession> {
  const now = clock();
  const tokenHash = hashToken(token);
  const session = await cache.session(tokenHash, fresh);
  if (!session) return { ended: await endingOf(db, tokenHash, now) };
  const { sessionId: session_id, user, expiresMs, lastSeenMs } = session;
  if (expiresMs <= now.getTime()) {
    await db.deleteFrom('sessions').where('id', '=', session_id).execute();
    return { ended: 'expired' };
  }
  let extended = false;
  if (now.getTime() - lastSeenMs > extendEveryMs) {
    await db
      .updateTable('sessions')
      .set({
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + sessionMs).toISOString(),
        ...(timeZone ? { time_zone: timeZone } : {}),
      })
      .where('id', '=', session_id)
      .execute();
    extended = true;
  }
  return { sessionId: session_id, user, extended };
}

/**
 * The session as `resumeSession` would give it without waiting on anything: kept in the cache,
 * which needs no read of the change log first, and neither over nor due to be extended.
 * Undefined otherwise, and `resumeSession` answers. Most calls of a signed-in reader take this.
 */
export function keptActiveSession(
  { cache, clock }: Pick<AppContext, 'cache' | 'clock'>,
  token: string,
  fresh: boolean,
): ActiveSession | undefined {
  if (fresh) return undefined;
  const now = clock().getTime();
  const session = cache.keptSession(
    hashToken(token),
    ({ expiresMs, lastSeenMs }) => expiresMs > now && now - lastSeenMs <= extendEveryMs,
  );
  return session && { sessionId: session.sessionId, user: session.user, extended: false };
}

async function endingOf(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<SessionEnding | null> {
  const ended = await db
    .selectFrom('ended_sessions')
    .select('reason')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return ended?.reason ?? null;
}

/** Which of a person's sessions to end: all, only `id`, or all but `exceptId`. */
export interface SessionsToEnd {
  userId: number;
  id?: number;
  exceptId?: number;
}

/**
 * Ends sessions before their time and keeps, for each, why, until it would have expired: the
 * device still holding its cookie is told with its next call's 401 (docs/decisions/010). Only
 * the token's hash and the reason are kept. Returns how many ended.
 */
export async function endSessionsBecause(
  db: Kysely<Database>,
  which: SessionsToEnd,
  reason: Exclude<SessionEnding, 'expired'>,
): Promise<number> {
  const end = async (trx: Kysely<Database>) => {
    let query = trx.deleteFrom('sessions').where('user_id', '=', which.userId);
    if (which.id !== undefined) query = query.where('id', '=', which.id);
    if (which.exceptId !== undefined) query = query.where('id', '!=', which.exceptId);
    const ended = await query.returning(['token_hash', 'expires_at']).execute();
    if (ended.length > 0) {
      await trx
        .insertInto('ended_sessions')
        .values(ended.map((row) => ({ ...row, reason })))
        .onConflict((conflict) => conflict.column('token_hash').doNothing())
        .execute();
    }
    return ended.length;
  };
  return db.isTransaction ? end(db) : db.transaction().execute(end);
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

/** Sets the reading-pace hint for a reader's pace (see READING_PACE_COOKIE). */
export function setPaceHint(reply: FastifyReply, pace: string, secure: boolean): void {
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  if (pace === 'own') {
    reply.setCookie(READING_PACE_COOKIE, 'own', { ...options, maxAge: SESSION_DAYS * 86_400 });
  } else {
    reply.clearCookie(READING_PACE_COOKIE, options);
  }
}

/** The same, only when the request's cookie says otherwise: most requests send nothing. */
export function keepPaceHint(
  request: FastifyRequest,
  reply: FastifyReply,
  pace: string,
  secure: boolean,
): void {
  if ((request.cookies[READING_PACE_COOKIE] === 'own') !== (pace === 'own')) {
    setPaceHint(reply, pace, secure);
  }
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/**
 * The session cookie's name before every cookie of the app was named tfp_…: still read, so a
 * device signed in then stays signed in, and renamed on its next signed-in answer.
 */
export const EARLIER_SESSION_COOKIE = 'tp_session';

export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE] ?? request.cookies[EARLIER_SESSION_COOKIE];
  return value && value.length <= 100 ? value : undefined;
}

/** Whether the request's session came under the earlier cookie name alone. */
export function sessionUnderEarlierName(request: FastifyRequest): boolean {
  return (
    request.cookies[SESSION_COOKIE] === undefined &&
    request.cookies[EARLIER_SESSION_COOKIE] !== undefined
  );
}

/** Clears the session cookie under its earlier name, once the current name is set. */
export function clearEarlierSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(EARLIER_SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
