import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiContract } from '#shared/api-contract';
import { type GlossaryEntry, glossaryWithDays } from '#shared/glossary';
import type { AppContext } from '../app-context.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { readGlossaryFile } from './glossary-file.js';

/**
 * The glossary of the pack being served, each word with the days that use it. It changes only
 * when another pack is loaded, so it is worked out once per loaded pack and kept.
 */
export function servedGlossary(db: Kysely<Database>) {
  let kept: { key: string; entries: Promise<GlossaryEntry[]> } | null = null;
  const build = async (source: string) => {
    const file = await readGlossaryFile(source);
    if (!file.ok) throw new HttpError(503, 'The glossary could not be read.');
    const rows = await db
      .selectFrom('thoughts')
      .select(['day_number', 'thought', 'explanation'])
      .execute();
    return glossaryWithDays(
      file.terms,
      rows.map((row) => ({
        day: row.day_number,
        thought: row.thought,
        explanation: row.explanation,
      })),
    );
  };
  return async (): Promise<GlossaryEntry[]> => {
    const state = await db
      .selectFrom('content_state')
      .select(['source', 'checksum', 'loaded_at'])
      .where('id', '=', 1)
      .executeTakeFirst();
    if (!state) {
      throw new HttpError(
        503,
        'The daily readings are not loaded yet. Load a content pack with npm run content:import.',
      );
    }
    const key = `${state.source}\n${state.checksum}\n${state.loaded_at}`;
    if (kept?.key !== key) {
      const entries = build(state.source);
      kept = { key, entries };
      // A failed read is tried again on the next call rather than kept.
      entries.catch(() => {
        if (kept?.entries === entries) kept = null;
      });
    }
    return kept.entries;
  };
}

/**
 * `/api/glossary`: the Avestan words the readings use (docs/decisions/016-glossary-and-read-aloud.md).
 * Every day a word appears on is listed; a day's number is not secret, its reading is.
 */
export function glossaryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const glossary = servedGlossary(ctx.db);
  return async (app) => {
    app.get('/glossary', { schema: apiContract['GET /api/glossary'] }, async () => glossary());
  };
}
