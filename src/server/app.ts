import type https from 'node:https';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '#shared/constants';
import { openAppContext } from './app-context.js';
import { apiRoutes } from './api-routes.js';
import { resumeSessions } from './auth/session-resume.js';
import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import { answerErrorsInOneShape } from './http/error-answers.js';
import { acceptJsonBodies } from './http/json-bodies.js';
import { handleCookies } from './http/cookies.js';
import { guardEveryRequest } from './http/security.js';
import { answerSerializer } from './http/serialized-json.js';
import {
  AnsweredRequestLog,
  loggerOptions,
  requestIdOf,
  requestLoggerWhenUsed,
} from './logging.js';
import type { Mailer } from './mail/mailer.js';
import { type AppMetrics, createAppMetrics } from './operating/app-metrics.js';
import { followReadiness } from './operating/operating-hooks.js';
import { createReadiness, metricsRoute, type Readiness } from './operating/operating-routes.js';
import { visitorPages } from './pages/visitor-pages.js';
import { serveWebApp } from './pages/web-pages.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer does not depend on who asks: no session is looked up. */
    withoutSession?: boolean;
    /**
     * A reading route whose open days follow the reader's pace: the same for everyone reading
     * together, so it looks up a session only when the request carries one (docs/decisions/017).
     */
    followsReadersPace?: boolean;
  }
}

export interface AppOptions {
  clock?: Clock;
  mailer?: Mailer;
  /** Fastify logger options; tests pass false or a stream. */
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added; tests build the route table from it. */
  onRoute?: (route: RouteOptions) => void;
  /** The HTTPS agent toward push services; tests pass one that trusts their own. */
  pushAgent?: https.Agent;
  /** What GET /api/ready answers from; main turns it to "stopping" as shutdown begins. */
  readiness?: Readiness;
}

/** Builds the whole app (API and web) on a migrated database, without listening. */
export async function buildApp(
  config: AppConfig,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const metrics = createAppMetrics();
  const app = Fastify(serverOptions(config, options, metrics));
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer());

  const readiness = options.readiness ?? createReadiness();
  const { ctx, vapid } = await openAppContext(app, config, { ...options, metrics });

  followReadiness(app, readiness);
  // Fastify tells its log controller of an answer, which counts it, only when it has a logger or
  // an onResponse hook: an app built without a logger (tests) is given an empty hook.
  if (options.logger === false) app.addHook('onResponse', (_request, _reply, done) => done());
  acceptJsonBodies(app);
  handleCookies(app);
  guardEveryRequest(app, { secure: config.https, appUrl: config.appUrl });
  resumeSessions(app, ctx);
  answerErrorsInOneShape(app);

  await app.register(apiRoutes(ctx, readiness, vapid), { prefix: '/api' });
  // The days' public pages need no web build: the server renders them whole.
  await app.register(visitorPages(ctx));
  await app.register(metricsRoute(metrics, config.metricsToken));
  await serveWebApp(app, ctx);
  return app;
}

function serverOptions(
  config: AppConfig,
  options: AppOptions,
  metrics: AppMetrics,
): FastifyServerOptions {
  return {
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: LIMITS.bodyBytes,
    // Fastify also accepts a hop count here, which its types leave out.
    trustProxy: config.trustProxy as boolean | string,
    requestIdHeader: false,
    // Every answer is counted by its route as registered, never by the address asked for, as
    // it is logged: one series per route ('/api/journal/day/:dayNumber'), whatever clients send.
    logController: new AnsweredRequestLog((method, route, status, seconds) =>
      metrics.requestAnswered(method, route ?? 'unmatched', status, seconds),
    ),
    childLoggerFactory: requestLoggerWhenUsed,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    // On shutdown the server stops listening, so new connections are refused; a request that
    // still arrives on an open connection is served, with Connection: close, rather than a 503.
    return503OnClosing: false,
    // A malformed or overlong address is answered in the app's error shape, not Fastify's.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .send({ message: tooLong ? 'The address is too long' : 'The address is not valid' });
    },
    routerOptions: { maxParamLength: 200 },
  };
}
