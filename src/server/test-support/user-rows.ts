import type { Kysely } from 'kysely';
import type { Database, NewUserRow } from '../db/tables.js';

/** A users row written straight to the database, for tests below the HTTP API. */
export function userRow(name: string): NewUserRow {
  return {
    username: name,
    username_key: name,
    email: `${name}@example.test`,
    password_hash: 'not a real hash',
    full_name: `Person ${name}`,
    postal_prefix: '',
    created_at: new Date().toISOString(),
  };
}

/** Writes a users row and answers its id. */
export async function insertUser(db: Kysely<Database>, name: string): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values(userRow(name))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
