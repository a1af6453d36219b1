import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { READING_COMFORT_SCRIPT } from '#shared/reading-comfort';
import { SCRIPTS_AFTER_PAINT_SCRIPT } from '#shared/scripts-after-paint';
import { SIGNED_OUT_MARK_SCRIPT } from '#shared/signed-out-mark';
import { EARLY_TAPS_SCRIPT } from '#shared/early-taps-kept';
import { HttpError } from './http-errors.js';
import { addressHasNul, UNSTORABLE_TEXT_MESSAGE } from './storable-text.js';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The inline scripts pages carry: the reader's text size and theme, the mark of a device signed
 * out without asking and the keeper of early taps, which run before paint, and the start of the
 * app's scripts after it.
 */
const inlineScriptHashes = [
  READING_COMFORT_SCRIPT,
  SIGNED_OUT_MARK_SCRIPT,
  EARLY_TAPS_SCRIPT,
  SCRIPTS_AFTER_PAINT_SCRIPT,
]
  .map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
  .join(' ');

/**
 * A CSP with no inline script but the four above, allowed by their hashes; styles may be
 * inline (Radix positions popovers that way).
 */
function contentSecurityPolicy(secure: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join(';');
}

/**
 * The headers pages and assets carry: no sniffing, no framing (the CSP's frame-ancestors), no
 * cross-origin embedding. Headers only engines the app does not support read are left out, as
 * each costs every answer (docs/decisions/035): X-Frame-Options (every supported engine obeys
 * frame-ancestors instead), X-XSS-Protection (it turned off an XSS filter none of them still
 * has), X-Download-Options (Internet Explorer) and X-Permitted-Cross-Domain-Policies (Flash).
 */
export function securityHeaders(secure: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(secure),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(secure ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
  };
}

/**
 * API answers are JSON, never rendered: they carry the short set recommended for REST APIs
 * (nothing may load from them or frame them, no sniffing), not the page policy. Their CSP's
 * frame-ancestors forbids framing; X-Frame-Options, which every engine ignores beside it, is
 * left out, as each header costs every call (docs/decisions/034).
 */
export function apiSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    // Nothing a signed-in person is sent may stay in a shared or private cache; the few answers
    // that are the same for everyone say otherwise themselves.
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(secure ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
  };
}

/**
 * Cross-site request forgery guard for the API: a state-changing call must carry
 * X-Requested-With: XMLHttpRequest, and an Origin header, when present, must be this app's.
 */
export function checkSameOriginCall(request: FastifyRequest, appUrl: string): void {
  if (!stateChanging.has(request.method) || !request.url.startsWith('/api/')) return;
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    throw new HttpError(403, 'Missing X-Requested-With: XMLHttpRequest header');
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = new Set([new URL(appUrl).origin, `${request.protocol}://${request.host}`]);
  if (!allowed.has(origin)) throw new HttpError(403, 'Cross-origin request refused');
}

/**
 * Every request, in one hook before anything else reads it: strict headers on its answer (they
 * never vary by request, so they are built once and set in one step), and for an API call the
 * same-origin rule above and a refusal of an address holding a NUL, which no stored text can
 * match.
 */
export function guardEveryRequest(
  app: FastifyInstance,
  { secure, appUrl }: { secure: boolean; appUrl: string },
): void {
  // As pairs: read by position, where an object's own names would each be a slow keyed lookup.
  const pages = Object.entries(securityHeaders(secure));
  const api = Object.entries(apiSecurityHeaders(secure));
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) {
      for (const [name, value] of pages) reply.header(name, value);
      return done();
    }
    for (const [name, value] of api) reply.header(name, value);
    try {
      checkSameOriginCall(request, appUrl);
      if (addressHasNul(request.url)) throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
