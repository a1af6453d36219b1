import type { Kysely } from 'kysely';
import type { User } from '#shared/auth-schemas';
import type { Database, UserRow } from '../db/tables.js';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    postalCode: row.postal_code,
    whatsapp: row.whatsapp,
    city: row.city,
    createdAt: row.created_at,
    discoverable: row.discoverable,
    pace: row.pace,
    paceStartedOn: row.pace_started_on,
    suspended: row.suspended_at !== null,
    circlePush: row.circle_push === 1,
  };
}

export function findUserByLogin(db: Kysely<Database>, login: string) {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email', '=', key)]))
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
