import type { Kysely } from 'kysely';
import { parseEntryText } from '#shared/journal-entry';
import { endSessionsBecause } from '../auth/sessions.js';
import type { Database } from '../db/tables.js';

/** A report as an operator reviews it. */
export interface ReportForReview {
  id: number;
  status: 'open' | 'dismissed' | 'resolved';
  targetType: 'entry' | 'user';
  targetId: number;
  reason: string;
  note: string | null;
  createdAt: string;
  reporter: { id: number; username: string; fullName: string };
  reported: { id: number; username: string; fullName: string; suspended: boolean };
}

function reviewQuery(db: Kysely<Database>) {
  return db
    .selectFrom('reports')
    .innerJoin('users as reporter', 'reporter.id', 'reports.reporter_id')
    .innerJoin('users as reported', 'reported.id', 'reports.target_user_id')
    .selectAll('reports')
    .select([
      'reporter.username as reporter_username',
      'reporter.full_name as reporter_full_name',
      'reported.username as reported_username',
      'reported.full_name as reported_full_name',
      'reported.suspended_at as reported_suspended_at',
    ]);
}
type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;

function forReview(row: ReviewRow): ReportForReview {
  return {
    id: row.id,
    status: row.status,
    targetType: row.target_type,
    targetId: row.target_id,
    reason: row.reason,
    note: row.note,
    createdAt: row.created_at,
    reporter: {
      id: row.reporter_id,
      username: row.reporter_username,
      fullName: row.reporter_full_name,
    },
    reported: {
      id: row.target_user_id,
      username: row.reported_username,
      fullName: row.reported_full_name,
      suspended: row.reported_suspended_at !== null,
    },
  };
}

/** Open reports, oldest first: the order an operator works through them. */
export async function listOpenReports(db: Kysely<Database>): Promise<ReportForReview[]> {
  const rows = await reviewQuery(db)
    .where('reports.status', '=', 'open')
    .orderBy('reports.created_at', 'asc')
    .orderBy('reports.id', 'asc')
    .execute();
  return rows.map(forReview);
}

/** One report with what it is about: the reflection's text, or the person's name. */
export async function findReport(
  db: Kysely<Database>,
  id: number,
): Promise<(ReportForReview & { reportedText: string | null }) | undefined> {
  const row = await reviewQuery(db).where('reports.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const report = forReview(row);
  if (report.targetType === 'user') {
    return {
      ...report,
      reportedText: `${report.reported.fullName} (@${report.reported.username})`,
    };
  }
  const entry = await db
    .selectFrom('journal_entries')
    .select(['entry_text', 'day_number'])
    .where('id', '=', report.targetId)
    .executeTakeFirst();
  if (!entry) return { ...report, reportedText: null };
  const parts = parseEntryText(entry.entry_text);
  return {
    ...report,
    reportedText: [
      `Day ${entry.day_number}`,
      `Good Thoughts: ${parts.thoughts}`,
      `Good Words: ${parts.words}`,
      `Good Deeds: ${parts.deeds}`,
    ].join('\n'),
  };
}

function closeReport(
  db: Kysely<Database>,
  id: number,
  status: 'dismissed' | 'resolved',
  now: Date,
) {
  return db
    .updateTable('reports')
    .set({ status, resolved_at: now.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function dismissReport(db: Kysely<Database>, id: number, now: Date) {
  const result = await closeReport(db, id, 'dismissed', now);
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes the reported reflection and resolves every open report about it. False when the
 * report is not about a reflection or there is no such report.
 */
export async function removeReportedEntry(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<boolean> {
  const report = await db
    .selectFrom('reports')
    .select(['target_type', 'target_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (report?.target_type !== 'entry') return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('journal_entries').where('id', '=', report.target_id).execute();
    await trx
      .updateTable('reports')
      .set({ status: 'resolved', resolved_at: now.toISOString(), updated_at: now.toISOString() })
      .where('target_type', '=', 'entry')
      .where('target_id', '=', report.target_id)
      .where('status', '=', 'open')
      .execute();
  });
  return true;
}

/** The person a report is about (a reflection's author for a reflection). */
function reportedPersonOf(db: Kysely<Database>, id: number) {
  return db.selectFrom('reports').select('target_user_id').where('id', '=', id).executeTakeFirst();
}

/**
 * Suspends the reported person (the reflection's author for a reflection) and resolves the
 * report. Their sessions end at once; the account, its journal and friendships are kept, so
 * the owner can still export and delete it, and `unsuspend` restores it as it was.
 */
export async function suspendReportedAccount(
  db: Kysely<Database>,
  id: number,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const report = await reportedPersonOf(db, id);
  if (!report) return undefined;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ suspended_at: now.toISOString() })
      .where('id', '=', report.target_user_id)
      .where('suspended_at', 'is', null)
      .execute();
    await endSessionsBecause(trx, { userId: report.target_user_id }, 'suspended');
    await trx
      .updateTable('reports')
      .set({ status: 'resolved', resolved_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  });
  return { userId: report.target_user_id };
}

/** Lifts the suspension of the person a report is about. */
export async function unsuspendReportedAccount(
  db: Kysely<Database>,
  id: number,
): Promise<{ userId: number } | undefined> {
  const report = await reportedPersonOf(db, id);
  if (!report) return undefined;
  await db
    .updateTable('users')
    .set({ suspended_at: null })
    .where('id', '=', report.target_user_id)
    .execute();
  return { userId: report.target_user_id };
}
