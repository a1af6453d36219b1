import type { Kysely } from 'kysely';
import type { ProfileUpdate } from '#shared/account-schemas';
import { isUniqueViolation } from '../auth/auth-routes.js';
import type { Database, UserRow } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';

const usernameTaken = () => new HttpError(409, 'Username already taken');
const emailRegistered = () => new HttpError(409, 'Email already registered');

/**
 * Applies a profile change. A new username or email must be free, ignoring case, exactly as at
 * sign-up; the person's own current values never clash with themselves.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  changes: ProfileUpdate,
): Promise<UserRow> {
  const usernameKey = changes.username?.toLowerCase();
  const email = changes.email?.toLowerCase();
  if (usernameKey !== undefined || email !== undefined) {
    const clash = await db
      .selectFrom('users')
      .select(['username_key', 'email'])
      .where('id', '!=', userId)
      .where((eb) =>
        eb.or([
          ...(usernameKey !== undefined ? [eb('username_key', '=', usernameKey)] : []),
          ...(email !== undefined ? [eb('email', '=', email)] : []),
        ]),
      )
      .execute();
    if (clash.some((row) => row.username_key === usernameKey)) throw usernameTaken();
    if (clash.length > 0) throw emailRegistered();
  }

  try {
    return await db
      .updateTable('users')
      .set({
        ...(changes.username !== undefined
          ? { username: changes.username, username_key: usernameKey }
          : {}),
        ...(email !== undefined ? { email } : {}),
        ...(changes.fullName !== undefined ? { full_name: changes.fullName } : {}),
        ...(changes.city !== undefined ? { city: changes.city } : {}),
        ...(changes.postalCode !== undefined ? { postal_code: changes.postalCode } : {}),
        ...(changes.whatsapp !== undefined ? { whatsapp: changes.whatsapp } : {}),
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two people racing for the same name: the unique index decides.
    if (isUniqueViolation(error)) {
      throw String((error as Error).message).includes('email')
        ? emailRegistered()
        : usernameTaken();
    }
    throw error;
  }
}
