import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  type ExportedJournalEntry,
  type ExportedSavedStanza,
  type JournalExport,
  journalExportFileName,
} from '#shared/account-schemas';
import { apiContract } from '#shared/api-contract';
import { PRODUCT_NAME } from '#shared/constants';
import { parseEntryText } from '#shared/journal-entry';
import { markdownBody, markdownInline } from './markdown-text.js';
import { localTimeIn } from './local-time.js';
import { localDateKey } from '#shared/date-keys';
import { stanzaReference } from '#shared/stanza-heading';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import type { Database, UserRow } from '../db/tables.js';
import { answerSerializer } from '../http/serialized-json.js';
import { savedStanzasByDay } from '../saved/saved-stanzas.js';
import { readerTimeZone } from '../readings/reading-day.js';

interface DayReading {
  reference: string | null;
  reflectionPrompt: string | null;
}

/**
 * The reading of each day, from the loaded content: its reference as the pack gives it, else
 * (a pack loaded before references were kept) as the daily screen's heading names it, and its
 * reflection prompt.
 */
async function readingsByDay(db: Kysely<Database>): Promise<Map<number, DayReading>> {
  const [thoughts, info] = await Promise.all([
    db.selectFrom('thoughts').select(['day_number', 'reference', 'reflection_prompt']).execute(),
    db
      .selectFrom('gatha_info')
      .select(['song_number', 'song_title', 'stanza_number', 'start_day', 'end_day'])
      .execute(),
  ]);
  const headingOf = (day: number) => {
    const row = info.find((row) => row.start_day <= day && day <= row.end_day);
    if (!row) return null;
    return stanzaReference(day, {
      songNumber: row.song_number,
      songTitle: row.song_title,
      stanzaNumber: row.stanza_number,
      startDay: row.start_day,
      endDay: row.end_day,
    });
  };
  return new Map(
    thoughts.map((row) => [
      row.day_number,
      {
        reference: row.reference ?? headingOf(row.day_number),
        reflectionPrompt: row.reflection_prompt,
      },
    ]),
  );
}

/**
 * Everything the person wrote, with their account details, ordered by day: each entry with its
 * day's reading and prompt, each saved stanza with its note, and each time in UTC and in
 * `timeZone`.
 */
export async function buildJournalExport(
  db: Kysely<Database>,
  user: UserRow,
  now: Date,
  timeZone: string,
): Promise<JournalExport> {
  const [rows, readings, saved] = await Promise.all([
    db
      .selectFrom('journal_entries')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('day_number', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    readingsByDay(db),
    savedStanzasByDay(db, user.id),
  ]);
  const local = localTimeIn(timeZone);
  const entries = rows.map((row): ExportedJournalEntry => {
    const parts = parseEntryText(row.entry_text);
    const reading = readings.get(row.day_number);
    return {
      id: row.id,
      dayNumber: row.day_number,
      reference: reading?.reference ?? null,
      reflectionPrompt: reading?.reflectionPrompt ?? null,
      goodThoughts: parts.thoughts,
      goodWords: parts.words,
      goodDeeds: parts.deeds,
      isPublic: Number(row.is_public) === 1,
      createdAt: row.created_at,
      createdAtLocal: local(row.created_at).iso,
      updatedAt: row.updated_at,
      updatedAtLocal: local(row.updated_at).iso,
      entryText: row.entry_text,
    };
  });
  const savedStanzas = saved.map((stanza): ExportedSavedStanza => ({
    dayNumber: stanza.dayNumber,
    reference: readings.get(stanza.dayNumber)?.reference ?? null,
    note: stanza.note,
    savedAt: stanza.savedAt,
    savedAtLocal: local(stanza.savedAt).iso,
  }));
  const exportedAt = now.toISOString();
  return {
    exportedAt,
    exportedAtLocal: local(exportedAt).iso,
    timeZone,
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
    savedStanzas,
  };
}

/** What someone wrote, as text that reads only as itself: never a heading, link or HTML. */
const asBody = (text: string) => (text.trim() ? markdownBody(text) : '_Nothing written._');

/**
 * The export as Markdown: a title, then one section per day with its reading, its prompt and
 * the three parts, then (when there are any) the saved stanzas with their notes. Times read in the export's time zone. Everything not written by this app
 * (names, the readings' words, the reflections) is escaped, so none of it can make a heading,
 * link or HTML of its own.
 */
export function journalMarkdown(data: JournalExport): string {
  const local = localTimeIn(data.timeZone);
  const zone = markdownInline(data.timeZone);
  const lines = [
    `# ${PRODUCT_NAME}: journal of ${markdownInline(data.user.fullName)} (@${markdownInline(data.user.username)})`,
    '',
    `Exported ${local(data.exportedAt).text} (${zone}). ${data.entries.length} ${data.entries.length === 1 ? 'reflection' : 'reflections'}. Times are in ${zone}.`,
  ];
  for (const entry of data.entries) {
    lines.push(
      '',
      `## Day ${entry.dayNumber}${entry.reference ? ` — ${markdownInline(entry.reference)}` : ''}`,
      '',
      ...(entry.reflectionPrompt ? [`Prompt: ${markdownInline(entry.reflectionPrompt)}`, ''] : []),
      `${entry.isPublic ? 'Shared with friends' : 'Private'}. Written ${local(entry.createdAt).text}, last changed ${local(entry.updatedAt).text}.`,
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
  if (data.savedStanzas.length > 0) {
    lines.push('', '## Saved stanzas');
    for (const stanza of data.savedStanzas) {
      lines.push(
        '',
        `### Day ${stanza.dayNumber}${stanza.reference ? ` — ${markdownInline(stanza.reference)}` : ''}`,
        '',
        `Saved ${local(stanza.savedAt).text}.`,
        '',
        stanza.note.trim() ? markdownBody(stanza.note) : '_No note._',
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** `GET /export?format=json|md`: the person's whole journal as a download. */
export function journalExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/journal/export',
      // The JSON download is read by people too: indented.
      {
        schema: apiContract['GET /api/journal/export'],
        serializerCompiler: answerSerializer(2),
        config: { openWhileSuspended: true },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const now = ctx.clock();
        const timeZone = readerTimeZone(request, ctx.config.appTimezone);
        const data = await buildJournalExport(ctx.db, user, now, timeZone);
        const { format } = request.query;
        const date = localDateKey(now, timeZone);
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
