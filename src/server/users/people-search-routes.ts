import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { requireUser } from '../auth/current-user.js';
import { discoverPeople, searchPeople } from './people-search.js';

/** Finding people to befriend: by name or username, or suggested by postal area. */
export function peopleSearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get<{ Querystring: { q?: string | string[]; discover?: string | string[] } }>(
      '/search',
      async (request) => {
        const user = requireUser(request);
        const first = (value: string | string[] | undefined) =>
          Array.isArray(value) ? value[0] : value;
        if (first(request.query.discover) === 'true') return discoverPeople(db, user.id);
        const q = first(request.query.q) ?? '';
        return searchPeople(db, user.id, q.slice(0, 100));
      },
    );
  };
}
