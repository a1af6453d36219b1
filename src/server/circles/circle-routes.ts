import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import { sendGzippedJson } from '../http/serialized-json.js';
import { currentDayFor } from '../readings/reading-day.js';
import { setAppreciation } from './appreciations.js';
import { circleReflections } from './circle-reflections.js';
import {
  circleDetail,
  createCircle,
  createInvite,
  deleteCircle,
  handOn,
  invitePreview,
  joinByInvite,
  circlesReader,
  removeMember,
  updateCircle,
} from './circles.js';

/** `/api/circles`: reading circles, for signed-in people (docs/product.md#reading-circles). */
export function circleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  const circles = circlesReader(ctx);
  return async (app) => {
    app.get('/circles', { schema: apiContract['GET /api/circles'] }, async (request) =>
      circles(signedInUser(request).id, currentDayFor(ctx, request)),
    );

    app.post('/circles', { schema: apiContract['POST /api/circles'] }, async (request, reply) => {
      const circle = await createCircle(db, signedInUser(request).id, request.body, clock());
      return reply.code(201).send(circle);
    });

    app.post('/circles/join', { schema: apiContract['POST /api/circles/join'] }, async (request) =>
      joinByInvite(db, signedInUser(request).id, request.body.code, clock()),
    );

    app.get('/circles/:id', { schema: apiContract['GET /api/circles/:id'] }, async (request) =>
      circleDetail(db, request.params.id, signedInUser(request).id, currentDayFor(ctx, request)),
    );

    app.patch(
      '/circles/:id',
      { schema: apiContract['PATCH /api/circles/:id'] },
      async (request) => {
        const user = signedInUser(request);
        await updateCircle(db, request.params.id, user.id, request.body, clock());
        return circleDetail(db, request.params.id, user.id, currentDayFor(ctx, request));
      },
    );

    app.delete(
      '/circles/:id',
      { schema: apiContract['DELETE /api/circles/:id'] },
      async (request) => {
        await deleteCircle(db, request.params.id, signedInUser(request).id);
        return { ok: true as const };
      },
    );

    app.post(
      '/circles/:id/invites',
      { schema: apiContract['POST /api/circles/:id/invites'] },
      async (request, reply) => {
        const invite = await createInvite(db, request.params.id, signedInUser(request).id, clock());
        return reply.code(201).send(invite);
      },
    );

    app.get(
      '/circles/:id/reflections',
      { schema: apiContract['GET /api/circles/:id/reflections'] },
      async (request, reply) => {
        const reader = signedInUser(request);
        const today = currentDayFor(ctx, request);
        const day = request.query.day ?? today;
        const gzipped = await circleReflections(ctx, request.params.id, reader.id, { day, today });
        return sendGzippedJson(request, reply, gzipped);
      },
    );

    app.delete(
      '/circles/:id/members/:userId',
      { schema: apiContract['DELETE /api/circles/:id/members/:userId'] },
      async (request) => {
        const { id, userId } = request.params;
        await removeMember(db, id, signedInUser(request).id, userId);
        return { ok: true as const };
      },
    );

    app.patch(
      '/circles/:id/members/:userId',
      { schema: apiContract['PATCH /api/circles/:id/members/:userId'] },
      async (request) => {
        const user = signedInUser(request);
        const { id, userId } = request.params;
        await handOn(db, id, user.id, userId);
        return circleDetail(db, id, user.id, currentDayFor(ctx, request));
      },
    );
  };
}

/** `/api/journal/:id/appreciation`: a quiet word to the author of a reflection the reader sees. */
export function appreciationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  return async (app) => {
    app.put(
      '/journal/:id/appreciation',
      { schema: apiContract['PUT /api/journal/:id/appreciation'] },
      async (request) => {
        await setAppreciation(db, signedInUser(request).id, request.params.id, true, clock());
        return { appreciated: true };
      },
    );
    app.delete(
      '/journal/:id/appreciation',
      { schema: apiContract['DELETE /api/journal/:id/appreciation'] },
      async (request) => {
        await setAppreciation(db, signedInUser(request).id, request.params.id, false, clock());
        return { appreciated: false };
      },
    );
  };
}

/** `/api/circle-invites/:code`: what an invite link shows anyone before they join. */
export function invitePreviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/circle-invites/:code',
      { schema: apiContract['GET /api/circle-invites/:code'] },
      async (request) => invitePreview(ctx.db, request.params.code, ctx.clock()),
    );
  };
}
