import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { apiContract } from '#shared/api-contract';
import type { Database } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import type { AppMetrics } from './app-metrics.js';

export type ReadinessState = 'starting' | 'serving' | 'stopping';

/**
 * Whether this process should be sent traffic: not while it starts (migrating, loading the
 * readings), yes once it serves, and no again from the moment it begins to shut down, before
 * it stops accepting connections, so a load balancer takes it out first.
 */
export interface Readiness {
  readonly state: ReadinessState;
  serving(): void;
  stopping(): void;
}

export function createReadiness(): Readiness {
  let state: ReadinessState = 'starting';
  return {
    get state() {
      return state;
    },
    serving() {
      if (state === 'starting') state = 'serving';
    },
    stopping() {
      state = 'stopping';
    },
  };
}

/** How long GET /api/ready waits for the database before answering that it is not ready. */
const DATABASE_ANSWER_MS = 2_000;

async function databaseAnswers(db: Kysely<Database>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_ANSWER_MS);
  });
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), tooSlow]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/ready: 200 when this process serves and its database answers, else 503. */
export function readinessRoute(db: Kysely<Database>, readiness: Readiness) {
  return async (api: FastifyInstance) => {
    api.get('/ready', { schema: apiContract['GET /api/ready'] }, async () => {
      if (readiness.state === 'starting') throw new HttpError(503, 'Starting');
      if (readiness.state === 'stopping') throw new HttpError(503, 'Shutting down');
      if (!(await databaseAnswers(db))) throw new HttpError(503, 'The database does not answer');
      return { ok: true as const };
    });
  };
}

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request made on this machine, not passed on by a proxy: its connection comes from a
 * loopback address and it carries no forwarding header (a proxy on this machine connects from
 * loopback too, on behalf of anyone).
 */
export function madeOnThisMachine(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const headers = request.headers;
  return (
    (loopbackAddresses.has(address) || address.startsWith('127.')) &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    headers['x-real-ip'] === undefined
  );
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the request carries `Authorization: Bearer <token>`. Both sides are hashed first, so
 * the comparison takes the same time whatever the length or the first wrong character.
 */
export function carriesToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return timingSafeEqual(digest(given ?? ''), digest(token)) && given !== undefined;
}

/**
 * GET /metrics: Prometheus text, to a request made on this machine or one that carries
 * METRICS_TOKEN as a bearer token; 403 to anyone else.
 */
export function metricsRoute(metrics: AppMetrics, token: string | null) {
  return async (app: FastifyInstance) => {
    app.get('/metrics', async (request, reply) => {
      if (!madeOnThisMachine(request) && !(token !== null && carriesToken(request, token))) {
        throw new HttpError(403, 'The metrics are served to this machine or with METRICS_TOKEN');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.text());
    });
  };
}
