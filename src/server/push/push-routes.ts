import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPushSubscriptionSchema,
  deletePushSubscriptionSchema,
  updatePushSubscriptionSchema,
} from '#shared/push-schemas';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/current-user.js';
import { HttpError } from '../http/http-errors.js';
import { deleteSubscription, saveSubscription, updateReminderTime } from './push-subscriptions.js';
import { checkBrowserSubscription } from './subscription-checks.js';
import type { VapidKeys } from './vapid-keys.js';

/** Daily reminders by Web Push: the key to subscribe with, and each device's subscription. */
export function pushRoutes(ctx: AppContext, vapid: VapidKeys): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/public-key', async () => ({ publicKey: vapid.publicKey }));

    await app.register(subscriptionRoutes(ctx));
  };
}

function subscriptionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, clock } = ctx;
  return async (app) => {
    // Signing in comes first, so an anonymous call is told that rather than about its body.
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });

    app.post(
      '/subscriptions',
      { schema: { body: createPushSubscriptionSchema } },
      async (request, reply) => {
        const user = requireUser(request);
        checkBrowserSubscription(request.body.subscription, ctx.config.pushServiceHosts);
        // Set with the user: the session is what ties the reminder to this device's sign-in.
        const sessionId = request.sessionId!;
        const reminder = await saveSubscription(
          db,
          { userId: user.id, sessionId },
          request.body,
          clock(),
        );
        return reply.code(201).send({ reminder });
      },
    );

    app.patch(
      '/subscriptions',
      { schema: { body: updatePushSubscriptionSchema } },
      async (request) => {
        const user = requireUser(request);
        const reminder = await updateReminderTime(db, user.id, request.body, clock());
        if (!reminder) throw new HttpError(404, 'No daily reminder is set up on this device');
        return { reminder };
      },
    );

    app.delete(
      '/subscriptions',
      { schema: { body: deletePushSubscriptionSchema } },
      async (request) => {
        const user = requireUser(request);
        await deleteSubscription(db, user.id, request.body.endpoint);
        return { ok: true };
      },
    );
  };
}
