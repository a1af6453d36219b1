import type { Kysely } from 'kysely';
import type { SignupRequest } from '#shared/auth-schemas';
import type { Database, UserRow } from '../db/tables.js';
import { postalCodeColumns } from '../users/people-search.js';
import { refuseTakenNames, takenNameRefusal } from '../users/taken-names.js';

/**
 * Opens an account. A username or email someone holds is refused (the username named first)
 * before the password is hashed, which is the costly part, and so is the loser of two sign-ups
 * racing for one.
 */
export async function createAccount(
  db: Kysely<Database>,
  details: SignupRequest,
  hashPassword: (password: string) => Promise<string>,
  now: Date,
): Promise<UserRow> {
  const usernameKey = details.username.toLowerCase();
  const email = details.email.toLowerCase();
  const clash = await db
    .selectFrom('users')
    .select(['username_key', 'email'])
    .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('email', '=', email)]))
    .execute();
  refuseTakenNames(clash, usernameKey);
  const passwordHash = await hashPassword(details.password);
  try {
    return await db
      .insertInto('users')
      .values({
        username: details.username,
        username_key: usernameKey,
        email,
        password_hash: passwordHash,
        full_name: details.fullName,
        city: details.city,
        whatsapp: details.whatsapp,
        ...postalCodeColumns(details.postalCode),
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    throw takenNameRefusal(error);
  }
}
