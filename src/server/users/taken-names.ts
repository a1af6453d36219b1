import { isUniqueViolation } from '../db/unique-violation.js';
import { HttpError } from '../http/http-errors.js';

/**
 * Refuses a username or email another account holds, as a read of the clashing accounts found
 * them: the username is named first.
 */
export function refuseTakenNames(
  clash: readonly { username_key: string }[],
  usernameKey: string | undefined,
): void {
  if (clash.some((row) => row.username_key === usernameKey)) {
    throw new HttpError(409, 'Username already taken');
  }
  if (clash.length > 0) throw new HttpError(409, 'Email already registered');
}

/**
 * A write two people raced for one username or email in, which the unique index decided: the
 * loser's answer. Any other failure is given back as it was.
 */
export function takenNameRefusal(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  return String((error as Error).message).includes('email')
    ? new HttpError(409, 'Email already registered')
    : new HttpError(409, 'Username already taken');
}
