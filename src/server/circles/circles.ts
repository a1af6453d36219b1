import crypto from 'node:crypto';
import type { InferResult, Kysely, Transaction } from 'kysely';
import { CIRCLE_NOT_FOUND, INVITE_NOT_FOUND, MEMBER_NOT_FOUND } from '#shared/circle-messages';
import {
  CIRCLE_FULL,
  CIRCLE_LIMITS,
  type CircleDetail,
  type CircleRole,
  type CircleSummary,
  OWNER_HANDS_ON_FIRST,
  TOO_MANY_CIRCLES,
  TOO_MANY_INVITES,
} from '#shared/circle-schemas';
import { compileRead, type ReadableDatabase } from '../db/compiled-read.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { visibleToEachOther } from '../users/visibility.js';
import { blockedEitherWay, roleIn } from './circle-membership.js';

type Db = Kysely<Database> | Transaction<Database>;

const circleNotFound = () => new HttpError(404, CIRCLE_NOT_FOUND);
const ownerOnly = (what: string) => new HttpError(403, `Only the circle's owner can ${what}`);

/** The caller's role, or 404 "Circle not found" for anyone outside it (never revealing it). */
export async function requireMember(db: Db, circleId: number, userId: number): Promise<CircleRole> {
  const role = await roleIn(db, circleId, userId);
  if (!role) throw circleNotFound();
  return role;
}

async function requireOwner(db: Db, circleId: number, userId: number, what: string) {
  if ((await requireMember(db, circleId, userId)) !== 'owner') throw ownerOnly(what);
}

async function circlesOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('circle_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function membersOf(db: Db, circleId: number): Promise<number> {
  const row = await db
    .selectFrom('circle_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('circle_id', '=', circleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createCircle(
  db: Kysely<Database>,
  ownerId: number,
  input: { name: string; description?: string | undefined },
  now: Date,
) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if ((await circlesOf(trx, ownerId)) >= CIRCLE_LIMITS.circlesPerPerson) {
      throw new HttpError(409, TOO_MANY_CIRCLES);
    }
    const circle = await trx
      .insertInto('circles')
      .values({
        name: input.name,
        description: input.description ?? '',
        created_at: stamp,
        updated_at: stamp,
      })
      .returning(['id', 'name', 'description'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('circle_members')
      .values({ circle_id: circle.id, user_id: ownerId, role: 'owner', joined_at: stamp })
      .execute();
    return { ...circle, role: 'owner' as const, memberCount: 1 };
  });
}

function circlesQuery(db: Kysely<Database>, userId: number, today: number) {
  return db
    .selectFrom('circle_members as mine')
    .innerJoin('circles', 'circles.id', 'mine.circle_id')
    .select(['circles.id', 'circles.name', 'circles.description', 'mine.role'])
    .select((eb) => [
      eb
        .selectFrom('circle_members as all')
        .innerJoin('users', 'users.id', 'all.user_id')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('all.circle_id', '=', 'circles.id')
        .where('users.suspended_at', 'is', null)
        .where(visibleToEachOther(userId))
        .as('memberCount'),
      eb
        .selectFrom('journal_entry_circles as shared')
        .innerJoin('circle_members as author', (join) =>
          join
            .onRef('author.circle_id', '=', 'shared.circle_id')
            .onRef('author.user_id', '=', 'shared.user_id'),
        )
        .innerJoin('users', 'users.id', 'shared.user_id')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('shared.circle_id', '=', 'circles.id')
        .where('shared.day_number', '=', today)
        .where('users.suspended_at', 'is', null)
        .where(visibleToEachOther(userId))
        .as('reflectedToday'),
    ])
    .where('mine.user_id', '=', userId)
    .orderBy('mine.joined_at')
    .orderBy('circles.id');
}

function circleSummariesOf(
  rows: readonly InferResult<ReturnType<typeof circlesQuery>>[number][],
): CircleSummary[] {
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    role: row.role,
    memberCount: Number(row.memberCount ?? 0),
    reflectedToday: Number(row.reflectedToday ?? 0),
  }));
}

/**
 * The person's circles, oldest joined first, each with the members they can see (nobody
 * suspended, nobody a block stands between with them, as the circle's page lists them) and how
 * many of those have shared a reflection on `today` with it.
 */
export async function listCircles(
  db: Kysely<Database>,
  userId: number,
  today: number,
): Promise<CircleSummary[]> {
  return circleSummariesOf(await circlesQuery(db, userId, today).execute());
}

/**
 * listCircles as the circles screen asks on every open: compiled once, and on SQLite read
 * straight on the connection (compileRead).
 */
export function circlesReader(database: ReadableDatabase) {
  const read = compileRead(database, (db, values: { userId: number; today: number }) =>
    circlesQuery(db, values.userId, values.today),
  );
  return async (userId: number, today: number) => circleSummariesOf(await read({ userId, today }));
}

/** One circle with its members, for a member; anyone else gets 404. */
export async function circleDetail(
  db: Kysely<Database>,
  circleId: number,
  viewerId: number,
  today: number,
): Promise<CircleDetail> {
  const role = await requireMember(db, circleId, viewerId);
  const [summary] = (await listCircles(db, viewerId, today)).filter((c) => c.id === circleId);
  if (!summary) throw circleNotFound();
  const blocked = await blockedEitherWay(db, viewerId);
  const members = await db
    .selectFrom('circle_members')
    .innerJoin('users', 'users.id', 'circle_members.user_id')
    .select([
      'circle_members.user_id',
      'circle_members.role',
      'circle_members.joined_at',
      'users.full_name',
      'users.username',
    ])
    .where('circle_members.circle_id', '=', circleId)
    .where('users.suspended_at', 'is', null)
    .orderBy('circle_members.joined_at')
    .orderBy('circle_members.user_id')
    .execute();
  return {
    ...summary,
    role,
    // Someone a block stands between is not there for the other (docs/product.md#blocks).
    members: members
      .filter((m) => !blocked.has(m.user_id))
      .map((m) => ({
        userId: m.user_id,
        fullName: m.full_name,
        username: m.username,
        role: m.role,
        joinedAt: m.joined_at,
      })),
  };
}

export async function updateCircle(
  db: Kysely<Database>,
  circleId: number,
  userId: number,
  changes: { name?: string | undefined; description?: string | undefined },
  now: Date,
): Promise<void> {
  await requireOwner(db, circleId, userId, 'change its name or description');
  await db
    .updateTable('circles')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      updated_at: now.toISOString(),
    })
    .where('id', '=', circleId)
    .execute();
}

export async function deleteCircle(
  db: Kysely<Database>,
  circleId: number,
  userId: number,
): Promise<void> {
  await requireOwner(db, circleId, userId, 'delete it');
  await db.deleteFrom('circles').where('id', '=', circleId).execute();
}

/**
 * A member leaves (their own id) or the owner removes a member. Their entries are taken off the
 * circle in the same transaction. The owner leaves only a circle they are alone in (it goes
 * with them); with others in it, they hand it on first.
 */
export async function removeMember(
  db: Kysely<Database>,
  circleId: number,
  callerId: number,
  memberId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const callerRole = await requireMember(trx, circleId, callerId);
    if (memberId !== callerId && callerRole !== 'owner') throw ownerOnly('remove members');
    const memberRole = memberId === callerId ? callerRole : await roleIn(trx, circleId, memberId);
    if (!memberRole) throw new HttpError(404, MEMBER_NOT_FOUND);
    if (memberRole === 'owner') {
      if ((await membersOf(trx, circleId)) > 1) throw new HttpError(409, OWNER_HANDS_ON_FIRST);
      await trx.deleteFrom('circles').where('id', '=', circleId).execute();
      return;
    }
    await trx
      .deleteFrom('journal_entry_circles')
      .where('circle_id', '=', circleId)
      .where('user_id', '=', memberId)
      .execute();
    await trx
      .deleteFrom('circle_members')
      .where('circle_id', '=', circleId)
      .where('user_id', '=', memberId)
      .execute();
  });
}

/** The owner hands the circle on: the member becomes its owner, the owner a member. */
export async function handOn(
  db: Kysely<Database>,
  circleId: number,
  ownerId: number,
  memberId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireOwner(trx, circleId, ownerId, 'hand it on');
    if (!(await roleIn(trx, circleId, memberId))) throw new HttpError(404, MEMBER_NOT_FOUND);
    if (memberId === ownerId) return;
    await trx
      .updateTable('circle_members')
      .set({ role: 'member' })
      .where('circle_id', '=', circleId)
      .where('user_id', '=', ownerId)
      .execute();
    await trx
      .updateTable('circle_members')
      .set({ role: 'owner' })
      .where('circle_id', '=', circleId)
      .where('user_id', '=', memberId)
      .execute();
  });
}

const hashOf = (code: string) => crypto.createHash('sha256').update(code).digest('hex');
const dayMs = 86_400_000;

/** A new invite link's code, valid for a week; the code itself is never stored. */
export async function createInvite(
  db: Kysely<Database>,
  circleId: number,
  ownerId: number,
  now: Date,
): Promise<{ code: string; expiresAt: string }> {
  await requireOwner(db, circleId, ownerId, 'invite people');
  return db.transaction().execute(async (trx) => {
    const made = await trx
      .selectFrom('circle_invites')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.min('created_at').as('first'),
      ])
      .where('created_by', '=', ownerId)
      .where('created_at', '>', new Date(now.getTime() - dayMs).toISOString())
      .executeTakeFirstOrThrow();
    if (Number(made.n) >= CIRCLE_LIMITS.invitesPerDay) {
      // Open again once the oldest link of the last day is a day old.
      const waitMs = Date.parse(String(made.first)) + dayMs - now.getTime();
      const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)));
      throw new HttpError(429, TOO_MANY_INVITES, {}, { 'retry-after': retryAfter });
    }
    const code = crypto.randomBytes(16).toString('base64url');
    const expiresAt = new Date(now.getTime() + CIRCLE_LIMITS.inviteDays * dayMs).toISOString();
    await trx
      .insertInto('circle_invites')
      .values({
        circle_id: circleId,
        created_by: ownerId,
        code_hash: hashOf(code),
        created_at: now.toISOString(),
        expires_at: expiresAt,
      })
      .execute();
    return { code, expiresAt };
  });
}

async function invitedCircle(db: Db, code: string, now: Date) {
  const circle = await db
    .selectFrom('circle_invites')
    .innerJoin('circles', 'circles.id', 'circle_invites.circle_id')
    .select(['circles.id', 'circles.name', 'circles.description'])
    .where('circle_invites.code_hash', '=', hashOf(code))
    .where('circle_invites.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!circle) throw new HttpError(404, INVITE_NOT_FOUND);
  return circle;
}

/** What an invite link shows anyone, signed in or not: the circle's name, line and size. */
export async function invitePreview(db: Kysely<Database>, code: string, now: Date) {
  const circle = await invitedCircle(db, code, now);
  return {
    name: circle.name,
    description: circle.description,
    memberCount: await membersOf(db, circle.id),
  };
}

/** Joins the circle an invite names; joining again answers the same, changing nothing. */
export async function joinByInvite(
  db: Kysely<Database>,
  userId: number,
  code: string,
  now: Date,
): Promise<{ id: number; name: string; role: CircleRole }> {
  return db.transaction().execute(async (trx) => {
    const circle = await invitedCircle(trx, code, now);
    const role = await roleIn(trx, circle.id, userId);
    if (role) return { id: circle.id, name: circle.name, role };
    if ((await circlesOf(trx, userId)) >= CIRCLE_LIMITS.circlesPerPerson) {
      throw new HttpError(409, TOO_MANY_CIRCLES);
    }
    if ((await membersOf(trx, circle.id)) >= CIRCLE_LIMITS.membersPerCircle) {
      throw new HttpError(409, CIRCLE_FULL);
    }
    await trx
      .insertInto('circle_members')
      .values({
        circle_id: circle.id,
        user_id: userId,
        role: 'member',
        joined_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['circle_id', 'user_id']).doNothing())
      .execute();
    return { id: circle.id, name: circle.name, role: 'member' as const };
  });
}
