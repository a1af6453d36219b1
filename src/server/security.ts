import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { HttpError } from './http-errors.js';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Strict headers on every answer: a CSP with no inline script, no sniffing, no framing. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  secure: boolean,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    hsts: secure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
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
