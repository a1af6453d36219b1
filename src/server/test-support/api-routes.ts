import type { FastifySchema, RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from './test-app.js';

/** One route of the API as the app registered it. */
export interface ApiRoute {
  method: string;
  /** The full path with its `:param` placeholders, without a trailing slash. */
  url: string;
  /** "METHOD url", the key the reliability tests list routes by. */
  key: string;
  params: string[];
  /** The route's schemas, as registered. */
  schema: FastifySchema | undefined;
}

/**
 * The real app on a fresh database together with every /api route it registered, read from
 * Fastify's onRoute hook so a route added anywhere shows up here without a list to keep.
 */
export async function createTestAppWithRoutes(
  options: Omit<Parameters<typeof createTestApp>[0] & object, 'onRoute'> = {},
): Promise<{ t: TestApp; routes: ApiRoute[] }> {
  const found = new Map<string, ApiRoute>();
  const t = await createTestApp({
    ...options,
    onRoute: (route) => {
      for (const apiRoute of apiRoutesOf(route)) found.set(apiRoute.key, apiRoute);
    },
  });
  const routes = [...found.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { t, routes };
}

function apiRoutesOf(route: RouteOptions): ApiRoute[] {
  // A trailing slash names the same handler ('/api/journal' and '/api/journal/').
  const url = route.url.length > 1 ? route.url.replace(/\/+$/, '') : route.url;
  if (!url.startsWith('/api/')) return [];
  const params = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return [route.method]
    .flat()
    .filter((method) => method !== 'HEAD') // Fastify adds HEAD beside each GET by itself.
    .map((method) => ({ method, url, key: `${method} ${url}`, params, schema: route.schema }));
}

/** The url with each `:param` replaced by the value given for it. */
export function fillParams(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return value;
  });
}
