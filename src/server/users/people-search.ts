import { type Kysely, sql } from 'kysely';
import { SEARCH_MIN_LENGTH, SEARCH_RESULT_LIMIT } from '#shared/constants';
import { compareDistance, distanceCategory } from '#shared/proximity';
import type { DiscoveredUser, UserSearchResult } from '#shared/social-types';
import type { Database } from '../db/tables.js';

/** Strangers see only the first three characters of a postal code. */
export function publicPostalCode(code: string | null): string | null {
  return code ? code.replace(/\s+/g, '').slice(0, 3).toUpperCase() : null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** People whose name or username contains the query, ignoring case; never the caller. */
export async function searchPeople(
  db: Kysely<Database>,
  callerId: number,
  query: string,
): Promise<UserSearchResult[]> {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_MIN_LENGTH) return [];
  const pattern = `%${escapeLike(q)}%`;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'username', 'postal_code'])
    .where('id', '!=', callerId)
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(full_name) like ${pattern} escape '\\'`,
        sql<boolean>`username_key like ${pattern} escape '\\'`,
      ]),
    )
    .orderBy('full_name', 'asc')
    .orderBy('id', 'asc')
    .limit(SEARCH_RESULT_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    username: row.username,
    postalCode: publicPostalCode(row.postal_code),
  }));
}

/**
 * Suggestions: everyone but the caller, their friends and anyone with a pending request either
 * way, nearest postal code first (computed from the full codes).
 */
export async function discoverPeople(
  db: Kysely<Database>,
  callerId: number,
): Promise<DiscoveredUser[]> {
  const caller = await db
    .selectFrom('users')
    .select('postal_code')
    .where('id', '=', callerId)
    .executeTakeFirstOrThrow();
  const code = (caller.postal_code ?? '').replace(/\s+/g, '').toUpperCase();
  // Candidates sharing a prefix come first from the database, so the nearest are never cut off
  // by the limit; the exact order is settled by the shared proximity rule below.
  const prefixes = [5, 3, 2, 1]
    .map((n) => code.slice(0, n))
    .filter((p, i, all) => p.length > 0 && all.indexOf(p) === i);
  const normalized = sql<string>`upper(replace(coalesce(postal_code, ''), ' ', ''))`;
  const rank = prefixes.length
    ? sql<number>`case ${sql.join(
        prefixes.map(
          (p, i) => sql`when ${normalized} like ${`${escapeLike(p)}%`} escape '\\' then ${i}`,
        ),
        sql` `,
      )} else ${prefixes.length} end`
    : sql<number>`0`;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'username', 'postal_code'])
    .where('id', '!=', callerId)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('friendships').select('friend_id').where('user_id', '=', callerId),
    )
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('friend_requests')
        .select('receiver_id')
        .where('sender_id', '=', callerId)
        .where('status', '=', 'pending'),
    )
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('friend_requests')
        .select('sender_id')
        .where('receiver_id', '=', callerId)
        .where('status', '=', 'pending'),
    )
    .orderBy(rank)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SEARCH_RESULT_LIMIT * 5)
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      fullName: row.full_name,
      username: row.username,
      postalCode: publicPostalCode(row.postal_code),
      distanceCategory: distanceCategory(caller.postal_code, row.postal_code),
    }))
    .sort((a, b) => compareDistance(a.distanceCategory, b.distanceCategory))
    .slice(0, SEARCH_RESULT_LIMIT);
}
