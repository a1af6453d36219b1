import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import { HttpError } from '../http/http-errors.js';
import { enforceRateLimit } from '../http/rate-limits.js';
import { answerFriendRequest, listPendingRequests, sendFriendRequest } from './friend-requests.js';
import { friendsReader, removeFriendship } from './friendships.js';

export function friendRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const friends = friendsReader(ctx);
  return async (app) => {
    app.get('/friends', { schema: apiContract['GET /api/friends'] }, async (request) =>
      friends(signedInUser(request).id),
    );

    app.delete(
      '/friends/:userId',
      { schema: apiContract['DELETE /api/friends/:userId'] },
      async (request) => {
        if (!(await removeFriendship(db, signedInUser(request).id, request.params.userId))) {
          throw new HttpError(404, 'Friend not found');
        }
        return { ok: true as const };
      },
    );

    app.get(
      '/friend-requests',
      { schema: apiContract['GET /api/friend-requests'] },
      async (request) => listPendingRequests(db, signedInUser(request).id),
    );

    // By id, or by an exact username: the same limit, the same answers (reach.ts).
    const sendTo = async (
      request: FastifyRequest,
      reply: FastifyReply,
      named: { userId: number } | { username: string },
    ) => {
      const user = signedInUser(request);
      await enforceRateLimit(
        ctx.rateLimits,
        `friend-requests:user:${user.id}`,
        ctx.rules.friendRequestsPerUser,
        ctx.clock(),
      );
      const { request: sent, accepted } = await sendFriendRequest(db, user.id, named, ctx.clock());
      return reply.code(accepted ? 200 : 201).send(sent);
    };

    app.post(
      '/friend-requests',
      { schema: apiContract['POST /api/friend-requests'] },
      async (request, reply) => sendTo(request, reply, { username: request.body.username }),
    );

    app.post(
      '/friend-requests/:userId',
      { schema: apiContract['POST /api/friend-requests/:userId'] },
      async (request, reply) => sendTo(request, reply, { userId: request.params.userId }),
    );

    for (const [action, answer] of [
      ['accept', 'accepted'],
      ['reject', 'rejected'],
    ] as const) {
      app.post(
        `/friend-requests/:id/${action}`,
        { schema: apiContract[`POST /api/friend-requests/:id/${action}`] },
        async (request) =>
          answerFriendRequest(db, signedInUser(request).id, request.params.id, answer, ctx.clock()),
      );
    }
  };
}
