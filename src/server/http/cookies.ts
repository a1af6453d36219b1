import { parse, stringifySetCookie, type SerializeOptions, type SetCookie } from 'cookie';
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

/**
 * The cookie with every field the serializer reads, always in the same order (Lax unless said).
 * Given a name, a value and the caller's options instead, the serializer copies them into a new
 * object of a shape V8 had not seen, and each of its dozen reads missed and took the slow
 * general lookup: about 30,000 instructions a cookie (docs/decisions/035).
 */
function cookieOf(name: string, value: string, options: SerializeOptions): SetCookie {
  return {
    name,
    value,
    maxAge: options.maxAge,
    expires: options.expires,
    domain: options.domain,
    path: options.path,
    httpOnly: options.httpOnly,
    secure: options.secure,
    partitioned: options.partitioned,
    priority: options.priority,
    sameSite: options.sameSite ?? 'lax',
  };
}

function setCookie(
  this: FastifyReply,
  name: string,
  value: string,
  options: SerializeOptions = {},
): FastifyReply {
  const reply = this as FastifyReply & CookiesSet;
  const cookie = cookieOf(name, value, options);
  const { encode } = options;
  const set = (reply[cookiesSet] ??= new Map());
  set.set(
    `${name};${cookie.domain};${cookie.path ?? '/'}`,
    stringifySetCookie(cookie, encode ? { encode } : undefined),
  );
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
