import type { FastifyInstance, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import type { AppCache } from './app-cache.js';

/**
 * Marks a browser that has just changed something, so that its next requests bring the cache
 * of whichever process answers them up to date first: a person sees their own change at once,
 * whichever process it went through. Other processes hear of it within milliseconds, so a few
 * seconds is ample; the cookie names no one and holds nothing (docs/decisions/004).
 */
export const OWN_CHANGE_COOKIE = 'tfp_changed';
export const OWN_CHANGE_SECONDS = 5;

/** Whether a call by `method` to `url` may change data: any API call but a read. */
function changesData(method: string, url: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && url.startsWith('/api/');
}

/** A call that may change data: any API call but a read. */
export function mayChangeData(request: FastifyRequest): boolean {
  return changesData(request.method, request.url);
}

/**
 * Whether this request must see every change committed so far: it may change data itself (a
 * session ended elsewhere a moment ago must not be used to write), or its browser just did.
 */
export function callerJustChanged(request: FastifyRequest): boolean {
  return mayChangeData(request) || request.cookies[OWN_CHANGE_COOKIE] !== undefined;
}

/** A route that may change data: one of its methods may. */
function routeMayChangeData(route: RouteOptions): boolean {
  return [route.method].flat().some((method) => changesData(method, route.url));
}

const changesTakenIn = new WeakSet<FastifyRequest>();

/**
 * Marks a request whose change this process's cache has taken in already, as it was made (a
 * save made at once, AppCache.catchUpWithin): its answer need not wait for a read of the log.
 */
export function changeTakenIn(request: FastifyRequest): void {
  changesTakenIn.add(request);
}

/**
 * Before a call that may have changed data is answered, this process's cache takes in the
 * change (so everyone's next request here sees it) and the browser is marked for the others.
 * Only the routes that may change data carry the hook: a read answers without it.
 */
export function seeOwnChanges(app: FastifyInstance, cache: AppCache, secure: boolean): void {
  const seeOwnChange: onSendHookHandler = (request, reply, payload, done) => {
    if (!mayChangeData(request)) return done(null, payload);
    reply.setCookie(OWN_CHANGE_COOKIE, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: OWN_CHANGE_SECONDS,
    });
    if (changesTakenIn.has(request)) return done(null, payload);
    cache.catchUp().then(
      () => done(null, payload),
      (error: unknown) => {
        // The change is made; notifications will bring it here in a moment.
        request.log.warn({ err: error }, 'change log not read after a change');
        done(null, payload);
      },
    );
  };
  app.addHook('onRoute', (route) => {
    if (!routeMayChangeData(route)) return;
    const own = route.onSend === undefined ? [] : [route.onSend].flat();
    route.onSend = [seeOwnChange, ...own];
  });
}
