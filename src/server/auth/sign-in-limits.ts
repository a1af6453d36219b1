import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { UserRow } from '../db/tables.js';
import { type Allowance, secondsLeftIn, tooManyRequests } from '../http/rate-limits.js';
import { knownDevice, rememberDevice } from './device-cookies.js';
import { findUserByLogin } from './users.js';

type LimitsContext = Pick<AppContext, 'db' | 'rules' | 'rateLimits'>;
/** What signing in needs besides: the device cookies' key, kept by the process's cache. */
type SignInContext = LimitsContext & Pick<AppContext, 'cache'>;

interface Count {
  key: string;
  allowance: Allowance;
}

/**
 * Whose failures a sign-in counts toward: the account, whether it was named by username or by
 * email, so both share one count. A name that matches no account is counted under a hash of
 * itself, exactly as an account would be, so the answers never tell whether it exists.
 */
function accountKey(user: UserRow | undefined, login: string): string {
  if (user) return `user:${user.id}`;
  const name = login.trim().toLowerCase();
  return `name:${createHash('sha256').update(name).digest('base64url').slice(0, 32)}`;
}

/**
 * Where a failure from an unknown browser counts: the account from this IP (10 in 15 minutes)
 * and the account from everywhere (50 in 15 minutes).
 */
function untrustedCounts(ctx: LimitsContext, account: string, ip: string): Count[] {
  return [
    { key: `login-failed:${account}:ip:${ip}`, allowance: ctx.rules.failedLoginsPerAccountAndIp },
    { key: `login-failed:${account}`, allowance: ctx.rules.failedLoginsPerAccount },
  ];
}

/** Answers 429, before any password is checked, when one of the counts is spent. */
async function refuseWhenSpent(ctx: LimitsContext, counts: Count[], now: Date): Promise<void> {
  for (const { key, allowance } of counts) {
    const failures = await ctx.rateLimits.count(key, allowance, now);
    if (failures >= allowance.limit) throw tooManyRequests(secondsLeftIn(allowance, now));
  }
}

async function countFailure(ctx: LimitsContext, counts: Count[], now: Date): Promise<void> {
  for (const { key, allowance } of counts) await ctx.rateLimits.hit(key, allowance, now);
}

export interface SignInAttempt {
  /** The account the name or email names, if any. */
  user: UserRow | undefined;
  /** A wrong password (or no such account): counted where this attempt counts. */
  failed(): Promise<void>;
  /** Signed in: this browser is remembered for the account and its failures are forgotten. */
  succeeded(reply: FastifyReply, secure: boolean): Promise<void>;
}

/**
 * Starts a sign-in as `login` (a username or an email), refusing it with 429 when its
 * allowance is spent. A browser whose device cookie names this account counts only its own
 * failures (10 in 15 minutes) and is never refused for failures from elsewhere, so an attacker
 * who spends the account's allowances cannot keep the owner out of their own device.
 */
export async function beginSignIn(
  ctx: SignInContext,
  request: FastifyRequest,
  login: string,
  now: Date,
): Promise<SignInAttempt> {
  const user = await findUserByLogin(ctx.db, login);
  const account = accountKey(user, login);
  const device = await knownDevice(request, ctx, now);
  const trusted = user && device?.userId === user.id ? device : null;
  const counts = trusted
    ? [
        {
          key: `login-failed:${account}:device:${trusted.nonce}`,
          allowance: ctx.rules.failedLoginsPerDevice,
        },
      ]
    : untrustedCounts(ctx, account, request.ip);
  await refuseWhenSpent(ctx, counts, now);
  return {
    user,
    failed: () => countFailure(ctx, counts, now),
    async succeeded(reply, secure) {
      if (!user) return;
      const remembered = await rememberDevice(reply, ctx, user.id, device, secure, now);
      await ctx.rateLimits.reset(
        `login-failed:${account}:device:${remembered.nonce}`,
        ctx.rules.failedLoginsPerDevice,
        now,
      );
    },
  };
}

/**
 * A browser signed in by an emailed link is the owner's: it is marked as a device that signed
 * in to the account, with its own failures forgotten, so the counts others ran up never refuse
 * it again.
 */
export async function rememberLinkedDevice(
  ctx: SignInContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  secure: boolean,
  now: Date,
): Promise<void> {
  const device = await knownDevice(request, ctx, now);
  const remembered = await rememberDevice(reply, ctx, user.id, device, secure, now);
  await ctx.rateLimits.reset(
    `login-failed:${accountKey(user, '')}:device:${remembered.nonce}`,
    ctx.rules.failedLoginsPerDevice,
    now,
  );
}

/** A new account's first browser is one that signed in to it. */
export async function rememberNewAccountDevice(
  ctx: SignInContext,
  reply: FastifyReply,
  userId: number,
  secure: boolean,
  now: Date,
): Promise<void> {
  await rememberDevice(reply, ctx, userId, null, secure, now);
}

/**
 * Checks a signed-in person's own password before a sensitive change. A wrong one counts like
 * a failed sign-in from an unknown browser at this IP, so a stolen session cannot try passwords
 * without limit; once that allowance is spent the answer is 429 until the window ends.
 */
export async function passwordConfirmationLimits(
  ctx: LimitsContext,
  user: UserRow,
  ip: string,
  now: Date,
): Promise<{ failed(): Promise<void> }> {
  const counts = untrustedCounts(ctx, accountKey(user, ''), ip);
  await refuseWhenSpent(ctx, counts, now);
  return { failed: () => countFailure(ctx, counts, now) };
}

/** The rate-limit keys that name an account, to forget with it; `prefix` ones end in an IP. */
export function accountCounterKeys(user: Pick<UserRow, 'id'>): { exact: string; prefix: string } {
  return { exact: `login-failed:user:${user.id}`, prefix: `login-failed:user:${user.id}:` };
}
