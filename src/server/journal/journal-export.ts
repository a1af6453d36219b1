import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  type ExportedJournalEntry,
  type JournalExport,
  journalExportFileName,
} from '#shared/account-schemas';
import { apiContract } from '#shared/api-contract';
import { PRODUCT_NAME } from '#shared/constants';
import { parseEntryText } from '#shared/journal-entry';
import { markdownBody, markdownInline } from '#shared/markdown-text';
import { localDateKey } from '#shared/progress-sync';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import type { Database, UserRow } from '../db/tables.js';
import { answerSerializer } from '../http/serialized-json.js';
import { requestTimeZone } from '../thoughts/reading-day.js';

/** The reading's reference for each day, such as 'Yasna 28.3', from the loaded content. */
async function referencesByDay(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('gatha_info')
    .select(['song_number', 'stanza_number', 'start_day', 'end_day'])
    .execute();
  const references = new Map<number, string>();
  for (const row of rows) {
    const reference =
      row.stanza_number > 0
        ? `Yasna ${row.song_number}.${row.stanza_number}`
        : `Yasna ${row.song_number}`;
    for (let day = row.start_day; day <= row.end_day; day++) references.set(day, reference);
  }
  return references;
}

/** Everything the person wrote, with their account details, ordered by day. */
export async function buildJournalExport(
  db: Kysely<Database>,
  user: UserRow,
  now: Date,
): Promise<JournalExport> {
  const [rows, references] = await Promise.all([
    db
      .selectFrom('journal_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('day_number', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    referencesByDay(db),
  ]);
  const entries = rows.map((row): ExportedJournalEntry => {
    const parts = parseEntryText(row.entry_text);
    return {
      id: row.id,
      dayNumber: row.day_number,
      reference: references.get(row.day_number) ?? null,
      goodThoughts: parts.thoughts,
      goodWords: parts.words,
      goodDeeds: parts.deeds,
      isPublic: Number(row.is_public) === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      entryText: row.entry_text,
    };
  });
  return {
    exportedAt: now.toISOString(),
    user: {
      username: user.username,
      fullName: user.full_name,
      email: user.email,
      city: user.city,
      postalCode: user.postal_code,
      whatsapp: user.whatsapp,
      createdAt: user.created_at,
    },
    entries,
  };
}

/** What someone wrote, as text that reads only as itself: never a heading, link or HTML. */
const asBody = (text: string) => (text.trim() ? markdownBody(text) : '_Nothing written._');

/** The export as Markdown: a title, then one section per day with its three parts. */
export function journalMarkdown(data: JournalExport): string {
  const lines = [
    `# ${PRODUCT_NAME}: journal of ${markdownInline(data.user.fullName)} (@${markdownInline(data.user.username)})`,
    '',
    `Exported ${data.exportedAt}. ${data.entries.length} ${data.entries.length === 1 ? 'reflection' : 'reflections'}.`,
  ];
  for (const entry of data.entries) {
    lines.push(
      '',
      `## Day ${entry.dayNumber}${entry.reference ? ` (${entry.reference})` : ''}`,
      '',
      `${entry.isPublic ? 'Shared with friends' : 'Private'}. Written ${entry.createdAt}, last changed ${entry.updatedAt}.`,
      '',
      '### Good Thoughts',
      '',
      asBody(entry.goodThoughts),
      '',
      '### Good Words',
      '',
      asBody(entry.goodWords),
      '',
      '### Good Deeds',
      '',
      asBody(entry.goodDeeds),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `GET /export?format=json|md`: the person's whole journal as a download. */
export function journalExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/export',
      // The JSON download is read by people too: indented.
      {
        schema: apiContract['GET /api/journal/export'],
        serializerCompiler: answerSerializer(2),
        config: { openWhileSuspended: true },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const now = ctx.clock();
        const data = await buildJournalExport(ctx.db, user, now);
        const { format } = request.query;
        const date = localDateKey(now, requestTimeZone(request, ctx.config.appTimezone));
        reply
          .header(
            'content-disposition',
            `attachment; filename="${journalExportFileName(format, date)}"`,
          )
          .type(
            format === 'md' ? 'text/markdown; charset=utf-8' : 'application/json; charset=utf-8',
          );
        return format === 'md' ? journalMarkdown(data) : data;
      },
    );
  };
}
