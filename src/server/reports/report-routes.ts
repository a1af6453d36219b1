import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import { REPORTS_PER_DAY } from '#shared/report-schemas';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import { enforceRateLimit } from '../http/rate-limits.js';
import { fileReport } from './reports.js';

const reportsPerDay = { limit: REPORTS_PER_DAY, windowSeconds: 24 * 60 * 60 };

/** `POST /api/reports`: a reflection or a person reported for an operator to review. */
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/reports', { schema: apiContract['POST /api/reports'] }, async (request, reply) => {
      const reporter = signedInUser(request);
      const now = ctx.clock();
      await enforceRateLimit(ctx.rateLimits, `reports:user:${reporter.id}`, reportsPerDay, now);
      const { report, created } = await fileReport(ctx.db, reporter.id, request.body, now);
      return reply.code(created ? 201 : 200).send(report);
    });
  };
}
