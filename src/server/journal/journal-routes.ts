import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import { ENTRY_CHANGED } from '#shared/journal-schemas';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import {
  checkAuthorsCircles,
  type EntryExtras,
  ownEntryExtrasReader,
  withCirclesAndAppreciations,
} from '../circles/entry-circles.js';
import { changeTakenIn } from '../cache/own-changes.js';
import { afterAnswer } from '../http/after-answer.js';
import { HttpError } from '../http/http-errors.js';
import { sendKeptOrRead } from '../http/kept-or-read.js';
import { sendGzippedJson, sendSerializedJson, serializedAs } from '../http/serialized-json.js';
import { currentDayFor } from '../readings/reading-day.js';
import { daySaver } from './day-saves.js';
import {
  deleteOwnEntry,
  friendsFeed,
  listOwnEntries,
  ownEntryForDayReader,
  type SaveResult,
  updateOwnEntry,
} from './journal-entries.js';

const entryNotFound = () => new HttpError(404, 'Journal entry not found');
const feedSchema = apiContract['GET /api/journal/friends'].response[200];
const daySchema = apiContract['GET /api/journal/day/:dayNumber'].response[200];
/** The answer of a day with no entry, when the client asks for one rather than a 404. */
const noEntry = serializedAs(daySchema, { entry: null });

/**
 * The saved entry with its circles and appreciations, read now unless the save read them. A
 * save begun from an older version wrote
 * nothing: the client gets the current entry. Circles it was newly shared with are told once
 * the answer has gone.
 */
async function savedEntry(
  ctx: AppContext,
  withExtras: ReturnType<typeof ownEntryExtrasReader>,
  reply: FastifyReply,
  result: SaveResult & { extras?: EntryExtras },
) {
  const entry = result.extras
    ? { ...result.entry, ...result.extras }
    : await withExtras(result.entry);
  if (result.outcome === 'changed') throw new HttpError(409, ENTRY_CHANGED, { entry });
  const newlyShared = result.newlySharedWith ?? [];
  if (newlyShared.length > 0) {
    afterAnswer(reply, () => ctx.circleNotices.shared(result.entry, newlyShared));
  }
  return { entry, created: result.created };
}

export function journalRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  const ownEntryForDay = ownEntryForDayReader(ctx);
  const withExtras = ownEntryExtrasReader(ctx);
  const saveDay = daySaver(ctx);
  return async (app) => {
    app.get('/journal', { schema: apiContract['GET /api/journal'] }, async (request) =>
      withCirclesAndAppreciations(db, await listOwnEntries(db, signedInUser(request).id)),
    );

    app.get(
      '/journal/friends',
      { schema: apiContract['GET /api/journal/friends'] },
      // Not an async function: most answers are a feed kept ready, sent at once.
      (request, reply) => {
        const reader = signedInUser(request);
        return sendKeptOrRead(
          ctx.cache.keptFriendsFeed(reader.id),
          // It goes through the schema when read.
          () =>
            ctx.cache.friendsFeed(reader.id, async () =>
              feedSchema.parse(await friendsFeed(db, reader.id, clock())),
            ),
          (gzipped) => sendGzippedJson(request, reply, gzipped),
        );
      },
    );

    app.get(
      '/journal/day/:dayNumber',
      { schema: apiContract['GET /api/journal/day/:dayNumber'] },
      // Not an async function: most answers are the author's entry kept ready, sent at once.
      (request, reply) => {
        const author = signedInUser(request);
        const day = request.params.dayNumber;
        const send = (gzipped: Buffer | null) => {
          if (gzipped) sendGzippedJson(request, reply, gzipped);
          else if (request.query.ifNone === 'empty') sendSerializedJson(reply, noEntry);
          else throw entryNotFound();
        };
        return sendKeptOrRead(
          ctx.cache.keptJournalDay(author.id, day),
          // It goes through the schema when read.
          () =>
            ctx.cache.journalDay(
              author.id,
              { day, past: day !== currentDayFor(ctx, request) },
              async () => {
                const entry = await ownEntryForDay(author.id, day);
                return entry && daySchema.parse(await withExtras(entry));
              },
            ),
          send,
        );
      },
    );

    app.post(
      '/journal',
      {
        schema: apiContract['POST /api/journal'],
        config: { signInMessage: 'You must be logged in to save journal entries' },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const now = clock();
        await checkAuthorsCircles(db, user.id, request.body.circleIds);
        const result = await saveDay(user.id, request.body, now);
        if (result.changesTakenIn) changeTakenIn(request);
        const { entry, created } = await savedEntry(ctx, withExtras, reply, result);
        return reply.code(created ? 201 : 200).send(entry);
      },
    );

    app.put(
      '/journal/:id',
      {
        schema: apiContract['PUT /api/journal/:id'],
        config: { signInMessage: 'You must be logged in to update journal entries' },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        await checkAuthorsCircles(db, user.id, request.body.circleIds);
        const result = await updateOwnEntry(db, user.id, request.params.id, request.body, clock());
        if (!result) throw entryNotFound();
        return (await savedEntry(ctx, withExtras, reply, result)).entry;
      },
    );

    app.delete(
      '/journal/:id',
      { schema: apiContract['DELETE /api/journal/:id'] },
      async (request) => {
        if (!(await deleteOwnEntry(db, signedInUser(request).id, request.params.id))) {
          throw entryNotFound();
        }
        return { ok: true as const };
      },
    );
  };
}
