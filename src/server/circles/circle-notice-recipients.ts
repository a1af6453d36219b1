import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { noBlockBetween } from './circle-membership.js';
import type { PushTarget } from '../push/reminder-push.js';

/** The circle's name, while the entry is still shared with it by an author who may be seen. */
export async function circleStillShown(
  db: Kysely<Database>,
  share: { entryId: number; circleId: number; authorId: number },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('journal_entry_circles as shared')
    .innerJoin('circles', 'circles.id', 'shared.circle_id')
    .innerJoin('users as author', 'author.id', 'shared.user_id')
    .select('circles.name')
    .where('shared.entry_id', '=', share.entryId)
    .where('shared.circle_id', '=', share.circleId)
    .where('shared.user_id', '=', share.authorId)
    .where('author.suspended_at', 'is', null)
    .executeTakeFirst();
  return row?.name;
}

export interface NoticeRecipient {
  userId: number;
  /** The zone of the member's newest device: their "today". */
  timeZone: string;
  devices: (PushTarget & { id: number })[];
}

/**
 * The circle's members who asked for its notices and have a device to receive them: never the
 * author, nobody suspended, nobody a block stands between with the author, either way.
 */
export async function noticeRecipients(
  db: Kysely<Database>,
  circleId: number,
  authorId: number,
): Promise<NoticeRecipient[]> {
  const rows = await db
    .selectFrom('circle_members as member')
    .innerJoin('users', 'users.id', 'member.user_id')
    .innerJoin('push_subscriptions as device', 'device.user_id', 'member.user_id')
    .select([
      'member.user_id',
      'device.id',
      'device.endpoint',
      'device.p256dh',
      'device.auth',
      'device.time_zone',
    ])
    .where('member.circle_id', '=', circleId)
    .where('member.user_id', '!=', authorId)
    .where('users.circle_push', '=', 1)
    .where('users.suspended_at', 'is', null)
    .where(noBlockBetween(authorId, 'member.user_id'))
    .orderBy('member.user_id')
    .orderBy('device.updated_at', 'desc')
    .orderBy('device.id', 'desc')
    .execute();
  const byMember = new Map<number, NoticeRecipient>();
  for (const row of rows) {
    const recipient = byMember.get(row.user_id) ?? {
      userId: row.user_id,
      timeZone: row.time_zone,
      devices: [],
    };
    recipient.devices.push({
      id: row.id,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
    });
    byMember.set(row.user_id, recipient);
  }
  return [...byMember.values()];
}

/**
 * Marks the member's notice of the circle for `localDate` as taken. Only one caller, in any
 * process, sees true: the conditional upsert is atomic in both databases.
 */
export async function claimCircleNotice(
  db: Kysely<Database>,
  circleId: number,
  userId: number,
  localDate: string,
): Promise<boolean> {
  const row = await db
    .insertInto('circle_notices_sent')
    .values({ circle_id: circleId, user_id: userId, sent_on: localDate })
    .onConflict((oc) =>
      oc
        .columns(['circle_id', 'user_id'])
        .doUpdateSet({ sent_on: localDate })
        .where('circle_notices_sent.sent_on', '<', localDate),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}
