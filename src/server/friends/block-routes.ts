import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import { HttpError } from '../http/http-errors.js';
import { enforceRateLimit } from '../http/rate-limits.js';
import { blockPerson, blocksReader, unblockPerson } from './blocks.js';

/** Blocking people, and the caller's own list of those blocked. */
export function blockRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const blocks = blocksReader(ctx);
  return async (app) => {
    app.get('/blocks', { schema: apiContract['GET /api/blocks'] }, async (request) =>
      blocks(signedInUser(request).id),
    );
    app.post('/blocks', { schema: apiContract['POST /api/blocks'] }, async (request, reply) => {
      const user = signedInUser(request);
      await enforceRateLimit(
        ctx.rateLimits,
        `blocks:user:${user.id}`,
        ctx.rules.blocksPerUser,
        ctx.clock(),
      );
      const { userId, added } = await blockPerson(db, user.id, request.body, ctx.clock());
      return reply.code(added ? 201 : 200).send({ userId });
    });
    app.delete(
      '/blocks/:userId',
      { schema: apiContract['DELETE /api/blocks/:userId'] },
      async (request) => {
        if (!(await unblockPerson(db, signedInUser(request).id, request.params.userId))) {
          throw new HttpError(404, 'Block not found');
        }
        return { ok: true as const };
      },
    );
  };
}
