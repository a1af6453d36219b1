import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';

/**
 * The cookie by which an end-to-end test moves the server's clock for its own requests: the
 * milliseconds its "now" lies ahead of the real one (negative: behind). Honoured only with
 * TEST_CLOCK, which production refuses (docs/decisions/006-a-clock-the-tests-own.md).
 */
export const TEST_CLOCK_COOKIE = 'test-clock';

const shiftInCookies = new RegExp(`(?:^|;)\\s*${TEST_CLOCK_COOKIE}=(-?\\d{1,15})\\s*(?:;|$)`);

/** The shift a request's cookies ask for, or null. */
export function requestedShift(cookieHeader: string | undefined): number | null {
  const match = cookieHeader ? shiftInCookies.exec(cookieHeader) : null;
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * A clock each request may move by the test-clock cookie, so tests running side by side against
 * one server each keep a date of their own. Outside a request (startup, background jobs) it is
 * `base`. Its hook must come before any hook that asks the time.
 */
export function clockSetByRequests(app: FastifyInstance, base: Clock): Clock {
  const shifts = new AsyncLocalStorage<number>();
  // The rest of the request (Fastify keeps the context across reading the body) runs inside.
  app.addHook('onRequest', (request, _reply, done) => {
    const shift = requestedShift(request.headers.cookie);
    if (shift === null) done();
    else shifts.run(shift, done);
  });

  return () => {
    const now = base();
    const shift = shifts.getStore();
    return shift === undefined ? now : new Date(now.getTime() + shift);
  };
}
