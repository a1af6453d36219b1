import type { Kysely } from 'kysely';
import { terminalSafe } from './terminal-text.js';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/connection.js';
import type { Database } from '../db/tables.js';
import {
  dismissReport,
  findReport,
  listOpenReports,
  removeReportedEntry,
  suspendReportedAccount,
  unsuspendReportedAccount,
} from './report-review.js';

export const REPORTS_USAGE = [
  'Usage: npm run reports                      list open reports',
  '       npm run reports -- show ID           the reported text and who reported it',
  '       npm run reports -- dismiss ID        close the report, changing nothing',
  '       npm run reports -- remove-entry ID   delete the reported reflection',
  '       npm run reports -- suspend ID        suspend the reported account',
  '       npm run reports -- unsuspend ID      lift that suspension',
];

type Outcome = { code: number; lines: string[] };

const person = (p: { fullName: string; username: string; id: number }) =>
  `${p.fullName} (@${p.username}, id ${p.id})`;

/**
 * One review action on the database: what the operator asked, and what to tell them. Every
 * line is printed as terminalSafe makes it: what members wrote (a reflection, a note, a name
 * kept from before names were checked) cannot move the cursor, clear the screen or fake a line.
 */
export async function reviewReports(
  db: Kysely<Database>,
  args: string[],
  now: Date,
): Promise<Outcome> {
  const outcome = await review(db, args, now);
  return { code: outcome.code, lines: outcome.lines.map(terminalSafe) };
}

async function review(db: Kysely<Database>, args: string[], now: Date): Promise<Outcome> {
  const [action, idText] = args;
  if (action === undefined || action === 'list') {
    const reports = await listOpenReports(db);
    if (reports.length === 0) return { code: 0, lines: ['No open reports.'] };
    return {
      code: 0,
      lines: reports.map(
        (r) =>
          `#${r.id}  ${r.createdAt}  ${r.reason.padEnd(13)} ${r.targetType} ${r.targetId} ` +
          `by ${person(r.reported)}, reported by @${r.reporter.username}`,
      ),
    };
  }
  const id = Number(idText);
  const actions = ['show', 'dismiss', 'remove-entry', 'suspend', 'unsuspend'];
  if (!actions.includes(action) || !Number.isSafeInteger(id) || id < 1) {
    return { code: 2, lines: REPORTS_USAGE };
  }
  const notFound: Outcome = { code: 1, lines: [`There is no report #${id}.`] };
  switch (action) {
    case 'show': {
      const report = await findReport(db, id);
      if (!report) return notFound;
      return {
        code: 0,
        lines: [
          `Report #${report.id} (${report.status}), ${report.createdAt}`,
          `Reason: ${report.reason}`,
          `Note: ${report.note ?? '(none)'}`,
          `Reported by: ${person(report.reporter)}`,
          `About ${report.targetType} ${report.targetId}, of ${person(report.reported)}` +
            (report.reported.suspended ? ' [suspended]' : ''),
          '',
          // Each line of the reflection marked as quoted, so no line of it passes for ours.
          ...(report.reportedText === null
            ? ['(the reflection has been deleted)']
            : report.reportedText.split('\n').map((line) => `| ${line}`)),
        ],
      };
    }
    case 'dismiss':
      return (await dismissReport(db, id, now))
        ? { code: 0, lines: [`Report #${id} dismissed.`] }
        : notFound;
    case 'remove-entry':
      return (await removeReportedEntry(db, id, now))
        ? { code: 0, lines: [`The reflection of report #${id} is deleted; the report resolved.`] }
        : { code: 1, lines: [`Report #${id} is not about a reflection, or does not exist.`] };
    case 'suspend': {
      const done = await suspendReportedAccount(db, id, now);
      return done
        ? { code: 0, lines: [`Account ${done.userId} suspended; its sessions ended.`] }
        : notFound;
    }
    default: {
      const done = await unsuspendReportedAccount(db, id);
      return done
        ? { code: 0, lines: [`Account ${done.userId} is no longer suspended.`] }
        : notFound;
    }
  }
}

/** `npm run reports -- ...` against the database `env` configures. */
export async function runReportsCommand(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<Outcome> {
  const config = loadConfig(env);
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.schema);
    return await reviewReports(database.db, args, new Date());
  } finally {
    await database.close();
  }
}
