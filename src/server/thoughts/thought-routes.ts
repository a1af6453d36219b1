import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import { TOTAL_DAYS } from '#shared/constants';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../http/http-errors.js';
import { sendKeptOrRead } from '../http/kept-or-read.js';
import { sendSerializedJson } from '../http/serialized-json.js';
import { currentDayFor, readingPaceOf } from '../readings/reading-day.js';
import {
  everyGathaInfo,
  gathaInfoFor,
  refuseUnopenedDay,
  thoughtForDay,
  thoughtsUpTo,
} from '../readings/readings.js';
import {
  keptTodayAnswer,
  matchesEtag,
  type TodayAnswer,
  todayAnswer,
} from '../readings/today-answers.js';

/** The browser's copy is current: an empty 304, which no answer schema describes. */
const notModified = (reply: FastifyReply) => reply.code(304).send();

export function thoughtRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/thoughts/meta/total',
      { schema: apiContract['GET /api/thoughts/meta/total'] },
      async () => ({
        totalDays: TOTAL_DAYS,
      }),
    );

    app.get(
      '/thoughts/today',
      { schema: apiContract['GET /api/thoughts/today'], config: { followsReadersPace: true } },
      // Not an async function: the kept answer, as nearly every call finds it, is sent at once.
      (request, reply) => {
        const header = request.headers['x-timezone'];
        const zone = Array.isArray(header) ? header[0] : header;
        const reader = readingPaceOf(request.currentUser);
        const send = (answer: TodayAnswer) => {
          // Revalidated on each visit rather than stored blindly, so midnight is never missed.
          reply
            .header('cache-control', 'private, no-cache')
            .header('vary', 'x-timezone, cookie')
            .header('etag', answer.etag);
          if (matchesEtag(request.headers['if-none-match'], answer.etag)) notModified(reply);
          else sendSerializedJson(reply, answer.body);
        };
        return sendKeptOrRead(
          keptTodayAnswer(ctx, zone, reader),
          () => todayAnswer(ctx, zone, reader),
          send,
        );
      },
    );

    app.get(
      '/thoughts',
      { schema: apiContract['GET /api/thoughts'], config: { followsReadersPace: true } },
      async (request) => thoughtsUpTo(db, currentDayFor(ctx, request)),
    );

    app.get(
      '/thoughts/:dayNumber',
      {
        schema: apiContract['GET /api/thoughts/:dayNumber'],
        config: { followsReadersPace: true },
      },
      async (request) => {
        const day = request.params.dayNumber;
        refuseUnopenedDay(day, currentDayFor(ctx, request));
        return thoughtForDay(db, day);
      },
    );
  };
}

export function gathaInfoRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/gathas/info', { schema: apiContract['GET /api/gathas/info'] }, async () =>
      everyGathaInfo(ctx.db),
    );

    app.get(
      '/gathas/info/:day',
      { schema: apiContract['GET /api/gathas/info/:day'] },
      async (request) => {
        const info = await gathaInfoFor(ctx.db, request.params.day);
        if (!info) throw new HttpError(404, 'No Gatha information for that day');
        return info;
      },
    );
  };
}
