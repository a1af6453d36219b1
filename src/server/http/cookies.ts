import { parse, serialize, type SerializeOptions } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies by name, read from its Cookie header when first asked for. */
    readonly cookies: Record<string, string | undefined>;
  }
  interface FastifyReply {
    /** Sets a cookie on the answer; setting the same name, domain and path again replaces it. */
    setCookie(name: string, value: string, options?: SerializeOptions): FastifyReply;
    /** Tells the browser to forget a cookie set with the same name, domain and path. */
    clearCookie(name: string, options?: SerializeOptions): FastifyReply;
  }
}

const parsedCookies = Symbol('parsed cookies');
const cookiesSet = Symbol('cookies set');

interface ParsedCookies {
  [parsedCookies]: Record<string, string | undefined> | null;
}

interface CookiesSet {
  [cookiesSet]: Map<string, string> | null;
}

function readCookies(this: FastifyRequest): Record<string, string | undefined> {
  const request = this as FastifyRequest & ParsedCookies;
  const header = request.headers.cookie;
  return (request[parsedCookies] ??= header ? parse(header) : {});
}

function setCookie(
  this: FastifyReply,
  name: string,
  value: string,
  options: SerializeOptions = {},
): FastifyReply {
  const reply = this as FastifyReply & CookiesSet;
  const opts: SerializeOptions = { sameSite: 'lax', ...options };
  const set = (reply[cookiesSet] ??= new Map());
  set.set(`${name};${opts.domain};${opts.path ?? '/'}`, serialize(name, value, opts));
  reply.removeHeader('set-cookie');
  return reply.header('set-cookie', [...set.values()]);
}

function clearCookie(this: FastifyReply, name: string, options: SerializeOptions = {}) {
  return this.setCookie(name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
}

/**
 * Cookies for every request and answer, with no hook: most requests (assets, today's reading
 * without a pace of one's own) never read or set one, and pay nothing. A request's Cookie header
 * is parsed when its cookies are first read; an answer's Set-Cookie headers are written as they
 * are set, one per name, domain and path.
 */
export function handleCookies(app: FastifyInstance): void {
  app.decorateRequest(parsedCookies, null);
  app.decorateRequest('cookies', { getter: readCookies });
  app.decorateReply(cookiesSet, null);
  app.decorateReply('setCookie', setCookie);
  app.decorateReply('clearCookie', clearCookie);
}
