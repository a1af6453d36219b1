import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_DAYS } from '#shared/constants';
import {
  ENTRY_CHANGED,
  createJournalEntrySchema,
  updateJournalEntrySchema,
} from '#shared/journal-schemas';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/current-user.js';
import { HttpError } from '../http/http-errors.js';
import { parseId } from '../http/path-params.js';
import { friendsFeedAnswers } from './friends-feed-answers.js';
import { journalExportRoutes } from './journal-export.js';
import {
  deleteOwnEntry,
  findOwnEntryForDay,
  friendsFeed,
  listOwnEntries,
  type SaveResult,
  saveEntryForDay,
  updateOwnEntry,
} from './journal-entries.js';

const entryNotFound = () => new HttpError(404, 'Journal entry not found');

/** A save begun from an older version writes nothing: the client gets the current entry. */
function savedEntry(result: SaveResult) {
  if (result.outcome === 'changed')
    throw new HttpError(409, ENTRY_CHANGED, { entry: result.entry });
  return result;
}

export function journalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  const feedAnswer = friendsFeedAnswers(db, ctx.config.keptFeedsMb * 1024 * 1024);
  return async (app) => {
    await app.register(journalExportRoutes(ctx));

    app.get('/', async (request) => listOwnEntries(db, requireUser(request).id));

    app.get('/friends', async (request, reply) => {
      const reader = requireUser(request);
      const body = await feedAnswer(
        reader.id,
        () => friendsFeed(db, reader.id, clock()),
        request.changesCaughtUp,
      );
      return reply.type('application/json; charset=utf-8').send(body);
    });

    app.get<{ Params: { dayNumber: string } }>('/day/:dayNumber', async (request) => {
      const user = requireUser(request);
      const day = parseId(request.params.dayNumber);
      if (day === null || day > TOTAL_DAYS) throw new HttpError(404, 'Day not found');
      const entry = await findOwnEntryForDay(db, user.id, day);
      if (!entry) throw entryNotFound();
      return entry;
    });

    app.post('/', { schema: { body: createJournalEntrySchema } }, async (request, reply) => {
      // Sign-in is checked before the body so an anonymous save gets the spec's message.
      const user = requireUser(request, 'You must be logged in to save journal entries');
      const now = clock();
      const { entry, created } = savedEntry(await saveEntryForDay(db, user.id, request.body, now));
      return reply.code(created ? 201 : 200).send(entry);
    });

    app.put(
      '/:id',
      { schema: { params: z.object({ id: z.string() }), body: updateJournalEntrySchema } },
      async (request) => {
        const user = requireUser(request, 'You must be logged in to update journal entries');
        const id = parseId(request.params.id);
        if (id === null) throw entryNotFound();
        const result = await updateOwnEntry(db, user.id, id, request.body, clock());
        if (!result) throw entryNotFound();
        return savedEntry(result).entry;
      },
    );

    app.delete<{ Params: { id: string } }>('/:id', async (request) => {
      const user = requireUser(request);
      const id = parseId(request.params.id);
      if (id === null || !(await deleteOwnEntry(db, user.id, id))) throw entryNotFound();
      return { ok: true };
    });
  };
}
