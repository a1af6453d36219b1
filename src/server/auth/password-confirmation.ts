import type { AppContext } from '../app-context.js';
import type { UserRow } from '../db/tables.js';
import { verifyPassword } from './passwords.js';
import { passwordConfirmationLimits } from './sign-in-limits.js';

/**
 * Checks the signed-in person's password before a sensitive change. Wrong guesses count like
 * failed sign-ins from an unknown browser at `ip`, so a stolen session cannot try passwords
 * without limit; once that allowance is spent the answer is 429 until the window ends.
 */
export async function confirmOwnPassword(
  ctx: Pick<AppContext, 'db' | 'rules' | 'rateLimits'>,
  user: UserRow,
  password: string,
  now: Date,
  ip: string,
): Promise<boolean> {
  const limits = await passwordConfirmationLimits(ctx, user, ip, now);
  if (await verifyPassword(user.password_hash, password)) return true;
  await limits.failed();
  return false;
}
