import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { apiContract } from '#shared/api-contract';
import { glossaryWithDays } from '#shared/glossary';
import type { AppContext } from '../app-context.js';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { sendSerializedJson, serializedAs } from '../http/serialized-json.js';
import { readGlossaryFile } from './glossary-file.js';

const glossarySchema = apiContract['GET /api/glossary'].response[200];

/**
 * The glossary of the pack being served, each word with the days that use it, as the JSON it is
 * sent as. It changes only when another pack is loaded, so it is worked out and written once per
 * loaded pack and kept: each call then sends the same bytes, where writing the whole glossary
 * afresh cost more than anything else the call does.
 */
export function servedGlossary(db: Kysely<Database>) {
  let kept: { key: string; body: Promise<Buffer> } | null = null;
  const build = async (source: string) => {
    const file = await readGlossaryFile(source);
    if (!file.ok) throw new HttpError(503, 'The glossary could not be read.');
    const rows = await db
      .selectFrom('thoughts')
      .select(['day_number', 'thought', 'explanation'])
      .execute();
    const entries = glossaryWithDays(
      file.terms,
      rows.map((row) => ({
        day: row.day_number,
        thought: row.thought,
        explanation: row.explanation,
      })),
    );
    return Buffer.from(serializedAs(glossarySchema, entries));
  };
  return async (): Promise<Buffer> => {
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
      const body = build(state.source);
      kept = { key, body };
      // A failed read is tried again on the next call rather than kept.
      body.catch(() => {
        if (kept?.body === body) kept = null;
      });
    }
    return kept.body;
  };
}

/**
 * `/api/glossary`: the Avestan words the readings use (docs/decisions/016-glossary-and-read-aloud.md).
 * Every day a word appears on is listed; a day's number is not secret, its reading is.
 */
export function glossaryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const glossary = servedGlossary(ctx.db);
  return async (app) => {
    app.get('/glossary', { schema: apiContract['GET /api/glossary'] }, async (_request, reply) =>
      sendSerializedJson(reply, await glossary()),
    );
  };
}
