import type { Kysely } from 'kysely';
import type { CreateReport, Report } from '#shared/report-schemas';
import type { Database, ReportsTable } from '../db/tables.js';
import { authorOfEntryVisibleTo } from '../circles/appreciations.js';
import { canReach } from '../friends/reach.js';
import { HttpError } from '../http/http-errors.js';

function toReport(row: {
  id: number;
  target_type: 'entry' | 'user';
  target_id: number;
  reason: ReportsTable['reason'];
  created_at: string;
}): Report {
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    createdAt: row.created_at,
  };
}

const notFound = (target: Pick<CreateReport, 'targetType'>) =>
  new HttpError(404, target.targetType === 'entry' ? 'Journal entry not found' : 'User not found');

/**
 * Whose account a report is about, when the reporter can see what they report: a reflection
 * shared with them by a friend or in a circle, or another person they can reach (reach.ts).
 * Anything else (their own, another's private reflection, an unknown id, someone out of reach or
 * a block either way) is not found, so reporting reveals nothing.
 */
async function reportedPerson(
  db: Kysely<Database>,
  reporterId: number,
  target: Pick<CreateReport, 'targetType' | 'targetId'>,
): Promise<number | undefined> {
  if (target.targetType === 'user') {
    return (await canReach(db, reporterId, target.targetId)) ? target.targetId : undefined;
  }
  // Shared with friends or with a circle the reporter is in (docs/product.md#reading-circles).
  return authorOfEntryVisibleTo(db, reporterId, target.targetId);
}

/**
 * Files a report, or updates the reporter's earlier one about the same thing (its reason and
 * note), which stays one report and opens again.
 */
export async function fileReport(
  db: Kysely<Database>,
  reporterId: number,
  input: CreateReport,
  now: Date,
): Promise<{ report: Report; created: boolean }> {
  const targetUserId = await reportedPerson(db, reporterId, input);
  if (targetUserId === undefined) throw notFound(input);
  const stamp = now.toISOString();
  const note = input.note?.trim() ? input.note.trim() : null;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reports')
      .values({
        reporter_id: reporterId,
        target_type: input.targetType,
        target_id: input.targetId,
        target_user_id: targetUserId,
        reason: input.reason,
        note,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { report: toReport(inserted), created: true };
    const updated = await trx
      .updateTable('reports')
      .set({ reason: input.reason, note, status: 'open', resolved_at: null, updated_at: stamp })
      .where('reporter_id', '=', reporterId)
      .where('target_type', '=', input.targetType)
      .where('target_id', '=', input.targetId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { report: toReport(updated), created: false };
  });
}
