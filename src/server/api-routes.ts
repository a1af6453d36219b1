import type { FastifyInstance } from 'fastify';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from './app-context.js';
import { authRoutes, ownSignInRoutes } from './auth/auth-routes.js';
import { requireSignIn } from './auth/current-user.js';
import { blockRoutes } from './friends/block-routes.js';
import { friendRoutes } from './friends/friend-routes.js';
import { glossaryRoutes } from './glossary/glossary-routes.js';
import { journalRoutes } from './journal/journal-routes.js';
import { type Readiness, readinessRoute } from './operating/operating-routes.js';
import { progressRoutes } from './progress/progress-routes.js';
import { pushKeyRoutes, pushSubscriptionRoutes } from './push/push-routes.js';
import type { VapidKeys } from './push/vapid-keys.js';
import { reportRoutes } from './reports/report-routes.js';
import { savedStanzaRoutes } from './saved/saved-routes.js';
import { searchRoutes } from './search/search-routes.js';
import { gathaInfoRoutes, thoughtRoutes } from './thoughts/thought-routes.js';
import { accountRoutes } from './users/account-routes.js';
import { peopleSearchRoutes } from './users/people-search-routes.js';

/** Every /api route, in three scopes: open to anyone, the same for everyone, signed in. */
export function apiRoutes(ctx: AppContext, readiness: Readiness, vapid: VapidKeys) {
  return async (api: FastifyInstance) => {
    await api.register(authRoutes(ctx), { prefix: '/auth' });
    // The readings answer the same to everyone, so no session is looked up for them.
    await api.register(async (withoutSession) => {
      withoutSession.addHook('onRoute', (route) => {
        route.config = { ...route.config, withoutSession: true };
      });
      await withoutSession.register(thoughtRoutes(ctx), { prefix: '/thoughts' });
      await withoutSession.register(gathaInfoRoutes(ctx), { prefix: '/gathas' });
      await withoutSession.register(glossaryRoutes(ctx), { prefix: '/glossary' });
      withoutSession.get('/health', { schema: apiContract['GET /api/health'] }, async () => ({
        ok: true as const,
      }));
      await withoutSession.register(readinessRoute(ctx.db, readiness));
    });
    await api.register(pushKeyRoutes(vapid), { prefix: '/push' });
    // Readings for anyone; the journal only for its signed-in owner.
    await api.register(searchRoutes(ctx), { prefix: '/search' });

    // Only for a signed-in person: one check for every route of the scope.
    await api.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireSignIn);
      await signedIn.register(ownSignInRoutes(ctx), { prefix: '/auth' });
      await signedIn.register(journalRoutes(ctx), { prefix: '/journal' });
      await signedIn.register(progressRoutes(ctx), { prefix: '/progress' });
      await signedIn.register(savedStanzaRoutes(ctx), { prefix: '/saved' });
      await signedIn.register(accountRoutes(ctx), { prefix: '/users' });
      await signedIn.register(peopleSearchRoutes(ctx), { prefix: '/users' });
      await signedIn.register(friendRoutes(ctx));
      await signedIn.register(blockRoutes(ctx), { prefix: '/blocks' });
      await signedIn.register(pushSubscriptionRoutes(ctx), { prefix: '/push' });
      await signedIn.register(reportRoutes(ctx), { prefix: '/reports' });
    });
  };
}
