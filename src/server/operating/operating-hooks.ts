import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics.js';
import type { Readiness } from './operating-routes.js';

/**
 * Ready once the app is about to listen; not ready again from the first moment of closing, so
 * a load balancer stops sending before connections are refused.
 */
export function followReadiness(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onReady', (done) => {
    readiness.serving();
    done();
  });
  app.addHook('preClose', (done) => {
    readiness.stopping();
    done();
  });
}

/** Counts every answer by its route as registered, never by the address asked for. */
export function countAnsweredRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // One series per route ('/api/journal/day/:dayNumber'), whatever clients send.
    metrics.requestAnswered(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
