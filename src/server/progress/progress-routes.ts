import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import { computeJourney, mergeProgress, progressRecordFromDays } from '#shared/progress-sync';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import { requestTimeZone } from '../readings/reading-day.js';
import {
  clearProgress,
  mergeLocalProgress,
  progressDaysReader,
  setProgressDay,
  withoutSaveTime,
} from './progress-store.js';

/** A signed-in person's progress, kept on the server so every device shows the same. */
export function progressRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  const progressDays = progressDaysReader(ctx);
  return async (app) => {
    app.get('/progress', { schema: apiContract['GET /api/progress'] }, async (request) => {
      const stored = await progressDays(signedInUser(request).id);
      const journey = computeJourney({
        days: stored,
        reflectionSavedAt: stored.flatMap((day) =>
          day.reflectionSaved && day.reflectionSavedAt ? [day.reflectionSavedAt] : [],
        ),
        completedAt: stored.flatMap((day) =>
          day.completedAt ? [{ dayNumber: day.dayNumber, at: day.completedAt }] : [],
        ),
        now: clock(),
        timeZone: requestTimeZone(request, ctx.config.appTimezone),
      });
      return { days: stored.map(withoutSaveTime), journey };
    });

    app.post(
      '/progress/merge',
      { schema: apiContract['POST /api/progress/merge'] },
      async (request) => {
        const local = request.body;
        const stored = await mergeLocalProgress(db, signedInUser(request).id, local, clock());
        const server = progressRecordFromDays(stored);
        return { progress: mergeProgress(local, server) };
      },
    );

    app.put(
      '/progress/days/:day',
      { schema: apiContract['PUT /api/progress/days/:day'] },
      async (request) => {
        const user = signedInUser(request);
        const day = request.params.day;
        return { day: await setProgressDay(db, user.id, day, request.body, clock()) };
      },
    );

    app.delete('/progress', { schema: apiContract['DELETE /api/progress'] }, async (request) => {
      await clearProgress(db, signedInUser(request).id);
      return { ok: true as const };
    });
  };
}
