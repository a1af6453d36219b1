import { type Kysely, sql } from 'kysely';
import { SEARCH_MIN_LENGTH, SEARCH_RESULT_LIMIT } from '#shared/constants';
import {
  compareDistance,
  PUBLIC_POSTAL_PREFIX_LENGTH,
  publicDistanceCategory,
  publicPostalPrefix,
} from '#shared/proximity';
import type { DiscoveredUser, UserSearchResult } from '#shared/social-types';
import type { Database } from '../db/tables.js';
import { compileRead, type ReadableDatabase } from '../db/compiled-read.js';
import { strangersToTheCaller, visibleToEachOther } from './visibility.js';

/**
 * A postal code as the users table keeps it: the code, and beside it the prefix discover reads
 * (publicPostalPrefix), always written together.
 */
export function postalCodeColumns(code: string | null) {
  return { postal_code: code, postal_prefix: publicPostalPrefix(code) };
}

/** Strangers see only the first three characters of a postal code. */
export function publicPostalCode(code: string | null): string | null {
  return publicPostalPrefix(code) || null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * People whose name or username contains the query, ignoring case; never the caller, a
 * suspended account, nor anyone a block stands between. Those who chose to be found only by
 * username appear for exactly their username; those who chose nobody, never.
 */
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
    .where('suspended_at', 'is', null)
    .where(visibleToEachOther(callerId))
    .where((eb) =>
      eb.or([
        eb.and([
          eb('discoverable', '=', 'everyone'),
          eb.or([
            sql<boolean>`lower(full_name) like ${pattern} escape '\\'`,
            sql<boolean>`username_key like ${pattern} escape '\\'`,
          ]),
        ]),
        eb.and([eb('discoverable', '=', 'username'), eb('username_key', '=', q)]),
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
 * The first `length` characters of the postal code's public prefix, as the shared rule computes
 * it (stored with the code), written exactly as the discovery indexes of migration 0026 hold them.
 */
function postalPrefixOf(length: number) {
  return length === PUBLIC_POSTAL_PREFIX_LENGTH
    ? sql<string>`postal_prefix`
    : sql<string>`substr(postal_prefix, 1, ${sql.lit(length)})`;
}

/**
 * Suggestions: everyone who chose to be suggested, but the caller, their friends, anyone with a
 * pending request either way and anyone a block stands between, nearest postal code first, then
 * newest. They are strangers, so nearness is judged on the 3-character prefixes only
 * (publicDistanceCategory): each class (the same prefix, then 2, then 1 shared character, then
 * none) is read in turn until the page is full, so neither the category nor the order depends on
 * a 4th character. Each class is one equal prefix read newest first from its own index, each
 * person it meets looked up among the few the caller already knows (strangersToTheCaller), so a
 * call reads about a page of people whatever the number of members (migrations 0021, 0026); most calls
 * end with the first class. The caller's postal code comes with their session, which a change to
 * their account lets go of.
 *
 * Each shape of class read is compiled once (compileRead), when first asked for: building and
 * compiling it cost about as much as running it.
 */
export function peopleToDiscover(database: ReadableDatabase) {
  /** A class's read, by the length of the prefix it shares and of the nearer one it must not. */
  const compileClassRead = (inside: number | undefined, outside: number | undefined) =>
    compileRead(database, (db, values: ClassValues) =>
      db
        .selectFrom('users')
        .select(['id', 'full_name', 'username', 'postal_code'])
        .where('discoverable', '=', 'everyone')
        .$if(inside !== undefined, (qb) =>
          qb.where(sql<boolean>`${postalPrefixOf(inside!)} = ${values.inside}`),
        )
        .$if(outside !== undefined, (qb) =>
          qb.where(sql<boolean>`not ${postalPrefixOf(outside!)} = ${values.outside}`),
        )
        .where('id', '!=', values.callerId)
        .where('suspended_at', 'is', null)
        .where(strangersToTheCaller(values.callerId))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(values.limit),
    );
  const classReads = new Map<string, ReturnType<typeof compileClassRead>>();
  const classRead = (inside: Prefix | undefined, outside: Prefix | undefined) => {
    const shape = `${inside?.length}:${outside?.length}`;
    let read = classReads.get(shape);
    if (!read) {
      read = compileClassRead(inside?.length, outside?.length);
      classReads.set(shape, read);
    }
    return read;
  };

  return async (caller: { id: number; postal_code: string | null }): Promise<DiscoveredUser[]> => {
    // In characters (code points), as the prefix is stored and as SQL's substr counts.
    const code = Array.from(publicPostalPrefix(caller.postal_code));
    const prefixes: Prefix[] = [];
    for (let length = code.length; length > 0; length--) {
      prefixes.push({ text: code.slice(0, length).join(''), length });
    }
    // Each class: inside its own prefix, outside the longer (nearer) one already read.
    const classes = [
      ...prefixes.map((prefix, i) => ({ inside: prefix, outside: prefixes[i - 1] })),
      { inside: undefined, outside: prefixes.at(-1) },
    ];
    const found: { id: number; full_name: string; username: string; postal_code: string | null }[] =
      [];
    for (const { inside, outside } of classes) {
      if (found.length >= SEARCH_RESULT_LIMIT) break;
      const read = classRead(inside, outside);
      const rows = await read({
        callerId: caller.id,
        limit: SEARCH_RESULT_LIMIT - found.length,
        ...(inside !== undefined ? { inside: inside.text } : {}),
        ...(outside !== undefined ? { outside: outside.text } : {}),
      });
      found.push(...rows);
    }
    return found
      .map((row) => ({
        id: row.id,
        fullName: row.full_name,
        username: row.username,
        postalCode: publicPostalCode(row.postal_code),
        distanceCategory: publicDistanceCategory(caller.postal_code, row.postal_code),
      }))
      .sort((a, b) => compareDistance(a.distanceCategory, b.distanceCategory));
  };
}

/** The first `length` characters of the caller's public prefix. */
interface Prefix {
  text: string;
  length: number;
}

interface ClassValues extends Record<string, unknown> {
  callerId: number;
  limit: number;
  /** The prefix the class shares with the caller, and the nearer one it does not. */
  inside?: string;
  outside?: string;
}
