import type { FastifyInstance } from 'fastify';
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
