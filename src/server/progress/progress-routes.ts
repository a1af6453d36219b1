import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_DAYS } from '#shared/constants';
import {
  computeJourney,
  localProgressSchema,
  mergeProgress,
  type ProgressDayResponse,
  progressDayUpdateSchema,
  type ProgressMergeResponse,
  progressRecordFromDays,
  type ProgressResponse,
} from '#shared/progress-sync';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/current-user.js';
import { HttpError } from '../http/http-errors.js';
import { parseId } from '../http/path-params.js';
import { requestTimeZone } from '../thoughts/reading-day.js';
import {
  clearProgress,
  listProgressDays,
  mergeLocalProgress,
  setProgressDay,
  withoutSaveTime,
} from './progress-store.js';

/** A signed-in person's progress, kept on the server so every device shows the same. */
export function progressRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  return async (app) => {
    app.get('/', async (request): Promise<ProgressResponse> => {
      const user = requireUser(request);
      const stored = await listProgressDays(db, user.id);
      const journey = computeJourney({
        days: stored,
        reflectionSavedAt: stored.flatMap((day) =>
          day.reflectionSaved && day.reflectionSavedAt ? [day.reflectionSavedAt] : [],
        ),
        now: clock(),
        timeZone: requestTimeZone(request, ctx.config.appTimezone),
      });
      return { days: stored.map(withoutSaveTime), journey };
    });

    app.post(
      '/merge',
      { preValidation: signedIn, schema: { body: localProgressSchema } },
      async (request): Promise<ProgressMergeResponse> => {
        const user = requireUser(request);
        const local = request.body;
        const stored = await mergeLocalProgress(db, user.id, local, clock());
        const server = progressRecordFromDays(stored);
        return { progress: mergeProgress(local, server) };
      },
    );

    app.put(
      '/days/:day',
      {
        preValidation: signedIn,
        schema: { params: z.object({ day: z.string() }), body: progressDayUpdateSchema },
      },
      async (request): Promise<ProgressDayResponse> => {
        const user = requireUser(request);
        const day = parseId(request.params.day);
        if (day === null || day > TOTAL_DAYS) throw new HttpError(404, 'Day not found');
        return { day: await setProgressDay(db, user.id, day, request.body, clock()) };
      },
    );

    app.delete('/', async (request) => {
      await clearProgress(db, requireUser(request).id);
      return { ok: true as const };
    });
  };
}

/** Anonymous calls are told to sign in before their body is judged. */
async function signedIn(request: Parameters<typeof requireUser>[0]): Promise<void> {
  requireUser(request);
}
