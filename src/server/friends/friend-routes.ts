import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/current-user.js';
import { HttpError } from '../http/http-errors.js';
import { parseId } from '../http/path-params.js';
import { enforceRateLimit } from '../http/rate-limits.js';
import { answerFriendRequest, listPendingRequests, sendFriendRequest } from './friend-requests.js';
import { listFriends, removeFriendship } from './friendships.js';

export function friendRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get('/friends', async (request) => listFriends(db, requireUser(request).id));

    app.delete<{ Params: { userId: string } }>('/friends/:userId', async (request) => {
      const user = requireUser(request);
      const friendId = parseId(request.params.userId);
      if (friendId === null || !(await removeFriendship(db, user.id, friendId))) {
        throw new HttpError(404, 'Friend not found');
      }
      return { ok: true };
    });

    app.get('/friend-requests', async (request) =>
      listPendingRequests(db, requireUser(request).id),
    );

    app.post<{ Params: { userId: string } }>('/friend-requests/:userId', async (request, reply) => {
      const user = requireUser(request);
      const receiverId = parseId(request.params.userId);
      if (receiverId === null) throw new HttpError(404, 'User not found');
      await enforceRateLimit(
        ctx.rateLimits,
        `friend-requests:user:${user.id}`,
        ctx.rules.friendRequestsPerUser,
        ctx.clock(),
      );
      const { request: sent, accepted } = await sendFriendRequest(
        db,
        user.id,
        receiverId,
        ctx.clock(),
      );
      return reply.code(accepted ? 200 : 201).send(sent);
    });

    for (const [action, answer] of [
      ['accept', 'accepted'],
      ['reject', 'rejected'],
    ] as const) {
      app.post<{ Params: { id: string } }>(`/friend-requests/:id/${action}`, async (request) => {
        const user = requireUser(request);
        const id = parseId(request.params.id);
        if (id === null) throw new HttpError(404, 'Friend request not found');
        return answerFriendRequest(db, user.id, id, answer, ctx.clock());
      });
    }
  };
}
