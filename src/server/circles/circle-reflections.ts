import type { Kysely } from 'kysely';
import { apiContract } from '#shared/api-contract';
import type { CircleReflection } from '#shared/circle-schemas';
import { parseEntryText } from '#shared/journal-entry';
import { orderedParts } from '#shared/shared-parts';
import type { AppCache } from '../cache/app-cache.js';
import type { Database } from '../db/tables.js';
import { storedSharedParts } from '../journal/journal-entries.js';
import { blockedEitherWay } from './circle-membership.js';
import { requireMember } from './circles.js';

/** A circle's page before a reader's view of it: no appreciation of theirs yet. */
type SharedReflection = Omit<CircleReflection, 'appreciatedByMe'>;

/**
 * The members' reflections of a day shared with the circle, newest first, each with only the
 * parts its author shares; suspended authors and people who have left are not there.
 */
async function readCirclePage(
  db: Kysely<Database>,
  circleId: number,
  day: number,
): Promise<SharedReflection[]> {
  const rows = await db
    .selectFrom('journal_entry_circles as shared')
    .innerJoin('journal_entries as entry', 'entry.id', 'shared.entry_id')
    .innerJoin('circle_members as member', (join) =>
      join
        .onRef('member.circle_id', '=', 'shared.circle_id')
        .onRef('member.user_id', '=', 'shared.user_id'),
    )
    .innerJoin('users', 'users.id', 'shared.user_id')
    .select([
      'entry.id',
      'entry.user_id',
      'entry.day_number',
      'entry.entry_text',
      'entry.shared_parts',
      'entry.updated_at',
      'users.full_name',
    ])
    .where('shared.circle_id', '=', circleId)
    .where('shared.day_number', '=', day)
    .where('users.suspended_at', 'is', null)
    .orderBy('entry.updated_at', 'desc')
    .orderBy('entry.id', 'desc')
    .execute();
  return rows.map((row) => {
    const text = parseEntryText(row.entry_text);
    const reflection: SharedReflection = {
      id: row.id,
      dayNumber: row.day_number,
      user: { id: row.user_id, fullName: row.full_name },
      updatedAt: row.updated_at,
    };
    // The parts not shared never leave the server (docs/product.md#partial-sharing).
    for (const part of orderedParts(storedSharedParts(row.shared_parts))) {
      reflection[part] = text[part];
    }
    return reflection;
  });
}

const circleReflectionsSchema = apiContract['GET /api/circles/:id/reflections'].response[200];

/**
 * A member's view of the circle's page, serialized and gzipped: the one the cache keeps fresh, or
 * read afresh without anyone a block stands between and with the reader's own appreciations.
 * Anyone else: 404. A cached view stands for the membership too: leaving or removal lets it go.
 */
export async function circleReflections(
  ctx: { db: Kysely<Database>; cache: Pick<AppCache, 'circleView'> },
  circleId: number,
  readerId: number,
  { day, today }: { day: number; today: number },
): Promise<Buffer> {
  const { db } = ctx;
  return ctx.cache.circleView(circleId, { day, past: day !== today }, readerId, async () => {
    await requireMember(db, circleId, readerId);
    const page = await readCirclePage(db, circleId, day);
    if (page.length === 0) return [];
    const [blocked, appreciated] = await Promise.all([
      blockedEitherWay(db, readerId),
      db
        .selectFrom('entry_appreciations')
        .select('entry_id')
        .where('user_id', '=', readerId)
        .where(
          'entry_id',
          'in',
          page.map((entry) => entry.id),
        )
        .execute(),
    ]);
    const mine = new Set(appreciated.map((row) => row.entry_id));
    const view: CircleReflection[] = page
      .filter((entry) => !blocked.has(entry.user.id))
      .map((entry) => ({ ...entry, appreciatedByMe: mine.has(entry.id) }));
    return circleReflectionsSchema.parse(view);
  });
}
