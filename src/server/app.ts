import type https from 'node:https';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import { LIMITS, READING_PACE_COOKIE } from '#shared/constants';
import type { AppContext } from './app-context.js';
import { authRoutes, ownSignInRoutes } from './auth/auth-routes.js';
import { requireSignIn } from './auth/current-user.js';
import {
  deviceTimeZone,
  keepPaceHint,
  resumeSession,
  sessionToken,
  setSessionCookie,
} from './auth/sessions.js';
import { createAppCache } from './cache/app-cache.js';
import { appreciationRoutes, circleRoutes, invitePreviewRoutes } from './circles/circle-routes.js';
import { callerJustChanged, seeOwnChanges } from './cache/own-changes.js';
import { type Clock, systemClock } from './clock.js';
import type { AppConfig } from './config.js';
import { clockSetByRequests } from './test-clock.js';
import {
  AnsweredRequestLog,
  loggerOptions,
  requestIdOf,
  requestLoggerWhenUsed,
} from './logging.js';
import { loadShippedPack } from './content/content-pack-files.js';
import { migrateToLatest, openDatabase } from './db/connection.js';
import { blockRoutes } from './friends/block-routes.js';
import { friendRoutes } from './friends/friend-routes.js';
import { glossaryRoutes } from './glossary/glossary-routes.js';
import { HttpError } from './http/http-errors.js';
import { journalRoutes } from './journal/journal-routes.js';
import { progressRoutes } from './progress/progress-routes.js';
import { reportRoutes } from './reports/report-routes.js';
import { savedStanzaRoutes } from './saved/saved-routes.js';
import { searchRoutes } from './search/search-routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { scheduleExpiredRecordSweep } from './jobs/expired-records.js';
import { setUpPushReminders } from './push/push-reminders.js';
import { pushKeyRoutes, pushSubscriptionRoutes } from './push/push-routes.js';
import type { VapidKeys } from './push/vapid-keys.js';
import { databaseRateLimitStore, rateLimitRules } from './http/rate-limits.js';
import { redisRateLimitStore } from './http/redis-rate-limits.js';
import { checkSameOriginCall, registerSecurityHeaders } from './http/security.js';
import { answerSerializer } from './http/serialized-json.js';
import { addressHasNul, hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './http/storable-text.js';
import { gathaInfoRoutes, thoughtRoutes } from './thoughts/thought-routes.js';
import { accountRoutes } from './users/account-routes.js';
import { peopleSearchRoutes } from './users/people-search-routes.js';
import { visitorPages } from './pages/visitor-pages.js';
import { serveWebApp } from './pages/web-pages.js';
import { createAppMetrics, queryKindOf } from './operating/app-metrics.js';
import {
  createReadiness,
  metricsRoute,
  type Readiness,
  readinessRoute,
} from './operating/operating-routes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer does not depend on who asks: no session is looked up. */
    sameForEveryone?: boolean;
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
  const serverOptions: FastifyServerOptions = {
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: LIMITS.bodyBytes,
    // Fastify also accepts a hop count here, which its types leave out.
    trustProxy: config.trustProxy as boolean | string,
    requestIdHeader: false,
    logController: new AnsweredRequestLog(),
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
  const app = Fastify(serverOptions);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer());

  const metrics = createAppMetrics();
  const readiness = options.readiness ?? createReadiness();
  const database = openDatabase(config.databaseUrl, {
    logger: app.log,
    slowQueryMs: config.slowQueryMs,
    onQuery: (kind, ms, failed) => metrics.queryRan(queryKindOf(kind), ms / 1000, failed),
  });
  const pending = new Set<Promise<unknown>>();
  const clock = options.clock ?? systemClock;
  const ctx: AppContext = {
    db: database.db,
    cache: createAppCache(database, {
      feedBytes: config.feedCacheMb * 1024 * 1024,
      listenUrl: config.databaseUrl,
      logger: app.log,
    }),
    config,
    clock: config.testClock ? clockSetByRequests(app, clock) : clock,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: config.mailOutboxDir,
        logger: app.log,
        logLinks: config.env !== 'production',
      }),
    rules: rateLimitRules(config.rateLimitIpFactor),
    rateLimits: databaseRateLimitStore(database.db),
    metrics,
    track(work) {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
  };
  metrics.readCachesFrom(() => ctx.cache.figures());
  const stopSweep = scheduleExpiredRecordSweep(ctx.db, ctx.clock, app.log);
  app.addHook('onClose', async () => {
    await stopSweep();
    await Promise.allSettled([...pending]);
    await ctx.cache.close();
    await database.close();
  });

  let vapid: VapidKeys;
  try {
    await migrateToLatest(ctx.db, database.schema);
    const content = await loadShippedPack(ctx.db, config.contentDir, ctx.clock());
    app.log.info({ loaded: content.loaded, detail: content.reason }, 'content pack');
    vapid = await setUpPushReminders(app, ctx, options.pushAgent);
  } catch (error) {
    await stopSweep();
    await ctx.cache.close();
    await database.close();
    throw error;
  }

  // Rate limits count in Redis when configured, else in the database; both are shared by
  // every process of the app.
  if (config.redisUrl) {
    ctx.rateLimits = await redisRateLimitStore({
      url: config.redisUrl,
      keyPrefix: config.redisKeyPrefix,
      fallback: ctx.rateLimits,
      logger: app.log,
    });
  }
  app.addHook('onClose', () => ctx.rateLimits.close());

  // Ready once everything above is done and the app is about to listen; not ready again from
  // the first moment of closing.
  app.addHook('onReady', (done) => {
    readiness.serving();
    done();
  });
  app.addHook('preClose', (done) => {
    readiness.stopping();
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route as registered ('/api/journal/day/:dayNumber'), never the address asked for:
    // the metrics keep one series per route, whatever clients send.
    metrics.requestAnswered(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  acceptEmptyJsonBodies(app);
  await app.register(cookie);
  registerSecurityHeaders(app, config.appUrl.startsWith('https://'));
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionEnded', null);

  // A callback hook rather than an async one: most calls never wait for anything here.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    try {
      checkSameOriginCall(request, config.appUrl);
      if (addressHasNul(request.url)) throw new HttpError(400, UNSTORABLE_TEXT_MESSAGE);
    } catch (error) {
      return done(error as Error);
    }
    // The readings answer the same to everyone, so they skip the session lookup; those whose
    // days follow a reader's own pace look up a session the request carries (cached).
    const { sameForEveryone, followsReadersPace } = request.routeOptions.config;
    // A reader on the calendar's pace (the pace hint says so) needs no lookup there either.
    const ownPace = request.cookies[READING_PACE_COOKIE] === 'own';
    if (sameForEveryone && !(followsReadersPace && ownPace)) return done();
    const token = sessionToken(request);
    if (!token) return done();
    const timeZone = deviceTimeZone(request.headers['x-timezone']);
    resumeSession(ctx, token, timeZone, callerJustChanged(request)).then((session) => {
      if ('ended' in session) {
        request.sessionEnded = session.ended;
      } else {
        const secure = config.appUrl.startsWith('https://');
        request.currentUser = session.user;
        request.sessionId = session.sessionId;
        if (session.extended) setSessionCookie(reply, token, secure);
        keepPaceHint(request, reply, session.user.pace, secure);
      }
      done();
    }, done);
  });

  seeOwnChanges(app, ctx.cache, config.appUrl.startsWith('https://'));
  app.setErrorHandler(errorHandler);

  await app.register(
    async (api) => {
      // Open to anyone.
      await api.register(authRoutes(ctx), { prefix: '/auth' });
      await api.register(async (sameForEveryone) => {
        sameForEveryone.addHook('onRoute', (route) => {
          route.config = { ...route.config, sameForEveryone: true };
        });
        await sameForEveryone.register(thoughtRoutes(ctx), { prefix: '/thoughts' });
        await sameForEveryone.register(gathaInfoRoutes(ctx), { prefix: '/gathas' });
        await sameForEveryone.register(glossaryRoutes(ctx), { prefix: '/glossary' });
        sameForEveryone.get('/health', { schema: apiContract['GET /api/health'] }, async () => ({
          ok: true as const,
        }));
        await sameForEveryone.register(readinessRoute(ctx.db, readiness));
      });
      await api.register(pushKeyRoutes(vapid), { prefix: '/push' });
      // Readings for anyone; the journal only for its signed-in owner.
      await api.register(searchRoutes(ctx), { prefix: '/search' });
      // An invite link tells a visitor what the circle is before they sign up or in.
      await api.register(invitePreviewRoutes(ctx), { prefix: '/circle-invites' });

      // Only for a signed-in person: one check for every route of the scope (requireSignIn).
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', requireSignIn);
        await signedIn.register(ownSignInRoutes(ctx), { prefix: '/auth' });
        await signedIn.register(journalRoutes(ctx), { prefix: '/journal' });
        await signedIn.register(progressRoutes(ctx), { prefix: '/progress' });
        await signedIn.register(savedStanzaRoutes(ctx), { prefix: '/saved' });
        await signedIn.register(accountRoutes(ctx), { prefix: '/users' });
        await signedIn.register(peopleSearchRoutes(ctx), { prefix: '/users' });
        await signedIn.register(friendRoutes(ctx));
        await signedIn.register(blockRoutes(ctx), { prefix: '/blocks' });
        await signedIn.register(pushSubscriptionRoutes(ctx), { prefix: '/push' });
        await signedIn.register(reportRoutes(ctx), { prefix: '/reports' });
        await signedIn.register(circleRoutes(ctx), { prefix: '/circles' });
        await signedIn.register(appreciationRoutes(ctx), { prefix: '/journal' });
      });
    },
    { prefix: '/api' },
  );

  // The days' public pages need no web build: the server renders them whole.
  await app.register(visitorPages(ctx));
  await app.register(metricsRoute(metrics, config.metricsToken));
  await serveWebApp(app, ctx);
  return app;
}

function acceptEmptyJsonBodies(app: FastifyInstance): void {
  // JSON is the only body the API takes; anything else answers 415.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new HttpError(400, 'The request body is not valid JSON'), undefined);
    }
    if (hasUnstorableText(value)) return done(new HttpError(400, UNSTORABLE_TEXT_MESSAGE));
    done(null, value);
  });
}

function errorHandler(
  this: FastifyInstance,
  error: FastifyError | HttpError,
  request: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[1],
  reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2],
) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path param that cannot name anything: nothing lives at that address.
    if (error.validationContext === 'params') {
      return reply.code(404).send({ message: error.validation[0]?.message ?? 'Not found' });
    }
    const errors = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: issue.message ?? 'Invalid value',
    }));
    return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
  }
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send({ message: error.message, ...error.extra });
  }
  const status = error.statusCode ?? 500;
  if (status === 413)
    return reply.code(413).send({ message: 'The request body is too large (64 KB at most)' });
  if (status === 415)
    return reply
      .code(415)
      .send({ message: 'Send the request body as JSON (Content-Type: application/json)' });
  if (status >= 400 && status < 500) {
    return reply.code(status).send({
      message:
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON'
          : error.message,
    });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
}
