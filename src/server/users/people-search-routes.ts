import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import type { AppContext } from '../app-context.js';
import { signedInUser } from '../auth/current-user.js';
import { peopleToDiscover, searchPeople } from './people-search.js';

/** Finding people to befriend: by name or username, or suggested by postal area. */
export function peopleSearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const discoverPeople = peopleToDiscover(ctx);
  return async (app) => {
    app.get('/users/search', { schema: apiContract['GET /api/users/search'] }, async (request) => {
      const user = signedInUser(request);
      const { q = '', discover } = request.query;
      if (discover === 'true') return discoverPeople(user);
      return searchPeople(db, user.id, q.slice(0, 100));
    });
  };
}
