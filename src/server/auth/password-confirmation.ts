import type { AppContext } from '../app-context.js';
import type { UserRow } from '../db/tables.js';
import { countRateLimit, hitRateLimit, tooManyRequests } from '../http/rate-limits.js';
import { verifyPassword } from './passwords.js';

/**
 * Checks the signed-in person's password before a sensitive change. Wrong guesses count toward
 * the same per-account allowance as failed sign-ins, so a stolen session cannot try passwords
 * without limit; once it is spent the answer is 429 until the window ends.
 */
export async function confirmOwnPassword(
  ctx: Pick<AppContext, 'db' | 'rules' | 'rateLimits'>,
  user: UserRow,
  password: string,
  now: Date,
): Promise<boolean> {
  const allowance = ctx.rules.failedLoginsPerAccount;
  const accountKey = `login-failed:${user.username_key}`;
  const failures = await countRateLimit(ctx.rateLimits, accountKey, allowance, now);
  if (failures >= allowance.limit) {
    const windowMs = allowance.windowSeconds * 1000;
    throw tooManyRequests(Math.ceil((windowMs - (now.getTime() % windowMs)) / 1000));
  }
  if (await verifyPassword(user.password_hash, password)) return true;
  await hitRateLimit(ctx.rateLimits, accountKey, allowance, now);
  return false;
}
