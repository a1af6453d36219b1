import type { Kysely } from 'kysely';
import {
  type CreatePushSubscription,
  PUSH_LIMITS,
  type PushReminder,
  type UpdatePushSubscription,
} from '#shared/push-schemas';
import type { Database, PushSubscriptionsTable, UserRow } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import type { Selectable } from 'kysely';

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

const toReminder = (row: Pick<PushSubscriptionRow, 'reminder_time' | 'time_zone'>) =>
  ({ time: row.reminder_time, timeZone: row.time_zone }) satisfies PushReminder;

/**
 * Stores a device's subscription for the signed-in user and session, or updates it when the
 * browser sends the same endpoint again. An endpoint another account still holds is refused
 * (409): taking it would end that person's reminders. Signing out of a device removes its
 * subscription, so a browser passed on to someone else subscribes afresh.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  owner: { userId: number; sessionId: number },
  input: CreatePushSubscription,
  now: Date,
): Promise<PushReminder> {
  const stamp = now.toISOString();
  const row = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: owner.userId,
      session_id: owner.sessionId,
      endpoint: input.subscription.endpoint,
      p256dh: input.subscription.keys.p256dh,
      auth: input.subscription.keys.auth,
      reminder_time: input.time,
      time_zone: input.timeZone,
      last_sent_on: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((conflict) =>
      conflict
        .column('endpoint')
        .doUpdateSet((eb) => ({
          session_id: eb.ref('excluded.session_id'),
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          reminder_time: eb.ref('excluded.reminder_time'),
          time_zone: eb.ref('excluded.time_zone'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('push_subscriptions.user_id', '=', owner.userId),
    )
    .returning(['reminder_time', 'time_zone'])
    .executeTakeFirst();
  if (!row) throw new HttpError(409, 'This device already has reminders for another account');
  await forgetOldestDevices(db, owner.userId);
  return toReminder(row);
}

/** Keeps a user's newest devices only, so one account cannot grow the table without end. */
async function forgetOldestDevices(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(PUSH_LIMITS.devicesPerUser),
    )
    .execute();
}

/** Changes the time (and, when given, the zone) of one of the user's devices; null if none. */
export async function updateReminderTime(
  db: Kysely<Database>,
  userId: number,
  input: UpdatePushSubscription,
  now: Date,
): Promise<PushReminder | null> {
  const row = await db
    .updateTable('push_subscriptions')
    .set({
      reminder_time: input.time,
      ...(input.timeZone ? { time_zone: input.timeZone } : {}),
      updated_at: now.toISOString(),
    })
    .where('user_id', '=', userId)
    .where('endpoint', '=', input.endpoint)
    .returning(['reminder_time', 'time_zone'])
    .executeTakeFirst();
  return row ? toReminder(row) : null;
}

export async function deleteSubscription(
  db: Kysely<Database>,
  userId: number,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export type ReminderCandidate = Pick<
  PushSubscriptionRow,
  'id' | 'endpoint' | 'p256dh' | 'auth' | 'reminder_time' | 'time_zone' | 'last_sent_on'
> &
  /** The device's reader's pace, so the reminder names their day. */
  Pick<UserRow, 'pace' | 'pace_started_on'>;

/** One page of devices, in id order after `afterId`, for the scheduler to check. */
export function reminderCandidates(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
): Promise<ReminderCandidate[]> {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .select([
      'push_subscriptions.id',
      'endpoint',
      'p256dh',
      'auth',
      'reminder_time',
      'time_zone',
      'last_sent_on',
      'users.pace',
      'users.pace_started_on',
    ])
    .where('push_subscriptions.id', '>', afterId)
    .orderBy('push_subscriptions.id')
    .limit(limit)
    .execute();
}

/**
 * Marks the device's reminder for `localDate` as taken. Only one caller, in any process, sees
 * true: the conditional update is atomic in both databases.
 */
export async function claimReminder(
  db: Kysely<Database>,
  id: number,
  localDate: string,
): Promise<boolean> {
  const result = await db
    .updateTable('push_subscriptions')
    .set({ last_sent_on: localDate })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_sent_on', 'is', null), eb('last_sent_on', '<', localDate)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The push service no longer knows this device: it will never receive a reminder again. */
export async function forgetGoneSubscription(
  db: Kysely<Database>,
  id: number,
  endpoint: string,
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('endpoint', '=', endpoint)
    .execute();
}
