import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import { SAVED_STANZA_NOT_FOUND } from '#shared/saved-stanzas';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import { HttpError } from '../http/http-errors.js';
import { currentDayFor } from '../readings/reading-day.js';
import { refuseUnopenedDay } from '../readings/readings.js';
import { removeSavedStanza, saveStanza, savedStanzasReader } from './saved-stanzas.js';

/** `/api/saved`: the reader's saved stanzas and their private notes (docs/product.md#saved-stanzas). */
export function savedStanzaRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  const savedStanzas = savedStanzasReader(ctx);
  return async (app) => {
    app.get('/saved', { schema: apiContract['GET /api/saved'] }, async (request) =>
      savedStanzas(signedInUser(request).id, currentDayFor(ctx, request)),
    );

    app.put(
      '/saved/:day',
      {
        schema: apiContract['PUT /api/saved/:day'],
        config: { signInMessage: 'You must be logged in to save stanzas' },
      },
      async (request) => {
        const user = signedInUser(request);
        const { day } = request.params;
        // A reader saves only a day they may open, as every day route refuses the others.
        refuseUnopenedDay(day, currentDayFor(ctx, request));
        return saveStanza(db, user.id, day, request.body.note, clock());
      },
    );

    // Removing is never refused for the day's date: a saved day may lie ahead once the cycle
    // begins again, and the reader can always let go of their own bookmark.
    app.delete(
      '/saved/:day',
      { schema: apiContract['DELETE /api/saved/:day'] },
      async (request) => {
        if (!(await removeSavedStanza(db, signedInUser(request).id, request.params.day))) {
          throw new HttpError(404, SAVED_STANZA_NOT_FOUND);
        }
        return { ok: true as const };
      },
    );
  };
}
