import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { signedInSessionId, signedInUser } from '../auth/current-user.js';
import { HttpError } from '../http/http-errors.js';
import { deleteSubscription, saveSubscription, updateReminderTime } from './push-subscriptions.js';
import { checkBrowserSubscription } from './subscription-checks.js';
import type { VapidKeys } from './vapid-keys.js';

/** The key a browser subscribes to Web Push with: open to anyone. */
export function pushKeyRoutes(vapid: VapidKeys): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/push/public-key', { schema: apiContract['GET /api/push/public-key'] }, async () => ({
      publicKey: vapid.publicKey,
    }));
  };
}

/** Each signed-in device's daily reminder by Web Push. */
export function pushSubscriptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  return async (app) => {
    app.post(
      '/push/subscriptions',
      { schema: apiContract['POST /api/push/subscriptions'] },
      async (request, reply) => {
        checkBrowserSubscription(request.body.subscription, ctx.config.pushServiceHosts);
        // Set with the user: the session is what ties the reminder to this device's sign-in.
        const owner = { userId: signedInUser(request).id, sessionId: signedInSessionId(request) };
        const reminder = await saveSubscription(db, owner, request.body, clock());
        return reply.code(201).send({ reminder });
      },
    );

    app.patch(
      '/push/subscriptions',
      { schema: apiContract['PATCH /api/push/subscriptions'] },
      async (request) => {
        const userId = signedInUser(request).id;
        const reminder = await updateReminderTime(db, userId, request.body, clock());
        if (!reminder) throw new HttpError(404, 'No daily reminder is set up on this device');
        return { reminder };
      },
    );

    app.delete(
      '/push/subscriptions',
      { schema: apiContract['DELETE /api/push/subscriptions'] },
      async (request) => {
        await deleteSubscription(db, signedInUser(request).id, request.body.endpoint);
        return { ok: true as const };
      },
    );
  };
}
