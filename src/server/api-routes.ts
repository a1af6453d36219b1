import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from './app-context.js';
import { authRoutes, ownSignInRoutes } from './auth/auth-routes.js';
import { requireSignIn } from './auth/current-user.js';
import { deviceSessionRoutes } from './auth/device-sessions.js';
import { passwordChangeRoutes } from './auth/password-change.js';
import { passwordResetRoutes } from './auth/password-reset-routes.js';
import { signInLinkRoutes } from './auth/sign-in-link-routes.js';
import { blockRoutes } from './friends/block-routes.js';
import { friendRoutes } from './friends/friend-routes.js';
import { glossaryRoutes } from './glossary/glossary-routes.js';
import { journalExportRoutes } from './journal/journal-export.js';
import { journalRoutes } from './journal/journal-routes.js';
import { type Readiness, readinessRoute } from './operating/operating-routes.js';
import { progressRoutes } from './progress/progress-routes.js';
import { pushKeyRoutes, pushSubscriptionRoutes } from './push/push-routes.js';
import type { VapidKeys } from './push/vapid-keys.js';
import { reportRoutes } from './reports/report-routes.js';
import { appreciationRoutes, circleRoutes, invitePreviewRoutes } from './circles/circle-routes.js';
import { savedStanzaRoutes } from './saved/saved-routes.js';
import { searchRoutes } from './search/search-routes.js';
import { gathaInfoRoutes, thoughtRoutes } from './thoughts/thought-routes.js';
import { accountRoutes } from './users/account-routes.js';
import { peopleSearchRoutes } from './users/people-search-routes.js';

/**
 * Adds each feature's routes to the scope itself, each at its whole path under /api. A plugin of
 * its own per feature would give that feature's requests and replies their own classes in
 * Fastify, and the code every answer shares (hooks, headers, the log line) would meet some thirty
 * of them and slow down for all (docs/decisions/034).
 */
async function addRoutes(scope: FastifyInstance, features: FastifyPluginAsyncZod[]) {
  for (const routes of features) await scope.register(fastifyPlugin(routes));
}

/** Every /api route, in three scopes: open to anyone, the same for everyone, signed in. */
export function apiRoutes(ctx: AppContext, readiness: Readiness, vapid: VapidKeys) {
  return async (api: FastifyInstance) => {
    await addRoutes(api, [
      authRoutes(ctx),
      passwordResetRoutes(ctx),
      signInLinkRoutes(ctx),
      pushKeyRoutes(vapid),
      // Readings for anyone; the journal only for its signed-in owner.
      searchRoutes(ctx),
      // An invite link tells a visitor what the circle is before they sign up or in.
      invitePreviewRoutes(ctx),
    ]);

    // The readings answer the same to everyone, so no session is looked up for them.
    await api.register(async (withoutSession) => {
      withoutSession.addHook('onRoute', (route) => {
        route.config = { ...route.config, withoutSession: true };
      });
      withoutSession.get('/health', { schema: apiContract['GET /api/health'] }, async () => ({
        ok: true as const,
      }));
      await addRoutes(withoutSession, [
        thoughtRoutes(ctx),
        gathaInfoRoutes(ctx),
        glossaryRoutes(ctx),
        readinessRoute(ctx.db, readiness),
      ]);
    });

    // Only for a signed-in person: one check for every route of the scope.
    await api.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireSignIn);
      await addRoutes(signedIn, [
        ownSignInRoutes(),
        passwordChangeRoutes(ctx),
        deviceSessionRoutes(ctx),
        journalRoutes(ctx),
        journalExportRoutes(ctx),
        appreciationRoutes(ctx),
        progressRoutes(ctx),
        savedStanzaRoutes(ctx),
        accountRoutes(ctx),
        peopleSearchRoutes(ctx),
        friendRoutes(ctx),
        blockRoutes(ctx),
        pushSubscriptionRoutes(ctx),
        reportRoutes(ctx),
        circleRoutes(ctx),
      ]);
    });
  };
}
