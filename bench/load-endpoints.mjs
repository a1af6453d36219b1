// The hot endpoints as requests, each spread over many signed-in people, and the measurement of
// one endpoint against its ceiling.
import autocannon from 'autocannon';
import { keepAliveLoad } from './keep-alive-load.mjs';

const SESSION_COOKIE = 'tfp_session';
const SIGNED_IN_HINT_COOKIE = 'tfp_signed_in';

/** While set, each list is walked in order instead of picked from at random (the warm-up). */
let inTurn = null;

function pick(list) {
  if (inTurn) {
    const next = inTurn.get(list) ?? 0;
    inTurn.set(list, next + 1);
    return list[next % list.length];
  }
  return list[Math.floor(Math.random() * list.length)];
}

/**
 * What a signed-in browser sends with every call: the session cookie and the page's hint set
 * beside it at sign-in (without the hint, every page answer would set it again, as for a browser
 * signed in before it existed), and the encodings it takes.
 */
function signedIn(session, extra = {}) {
  return {
    cookie: `${SESSION_COOKIE}=${session.token}; ${SIGNED_IN_HINT_COOKIE}=1`,
    'accept-encoding': 'gzip, deflate, br, zstd',
    ...extra,
  };
}

/**
 * The endpoints under load. `path` is the route as registered (the ceiling serves it), and
 * `request()` gives one concrete request for a random signed-in person.
 */
export function hotEndpoints(sessions, currentDay, { readerPage = false } = {}) {
  const withEntries = sessions.filter((s) => s.days?.length);
  const wroteToday = withEntries.filter((s) => s.days.includes(currentDay));
  const inCircles = withEntries.filter((s) => s.circleId);
  const writable = (s) => s.days.filter((day) => day <= currentDay);
  /** A member's circle page; `query` picks the day, none for today. */
  const circlePage = (key, label, query) => ({
    key,
    label,
    method: 'GET',
    path: '/api/circles/:id/reflections',
    request: () => {
      const session = pick(inCircles.length ? inCircles : withEntries);
      return {
        path: `/api/circles/${session.circleId ?? 1}/reflections${query(session)}`,
        headers: signedIn(session),
      };
    },
  });
  const page = {
    // The morning's first view: today's daily screen rendered for the signed-in reader.
    key: 'page',
    label: 'GET /app/daily-ritual (the page)',
    method: 'GET',
    path: '/app/daily-ritual',
    request: () => ({ path: '/app/daily-ritual', headers: signedIn(pick(sessions)) }),
  };
  const api = [
    {
      // Not a hot path: what the app's shared request handling (security headers, cookies,
      // hooks) costs by itself, so each ratio below can be read against this floor.
      key: 'health',
      label: 'GET /api/health (no database, no session)',
      method: 'GET',
      path: '/api/health',
      request: () => ({ path: '/api/health', headers: {} }),
    },
    {
      key: 'me',
      label: 'GET /api/auth/me',
      method: 'GET',
      path: '/api/auth/me',
      request: () => ({ path: '/api/auth/me', headers: signedIn(pick(sessions)) }),
    },
    {
      key: 'today',
      label: 'GET /api/thoughts/today',
      method: 'GET',
      path: '/api/thoughts/today',
      request: () => ({ path: '/api/thoughts/today', headers: signedIn(pick(sessions)) }),
    },
    {
      key: 'feed',
      label: 'GET /api/journal/friends',
      method: 'GET',
      path: '/api/journal/friends',
      request: () => ({ path: '/api/journal/friends', headers: signedIn(pick(sessions)) }),
    },
    {
      // The daily screen opens the reader's entry of today, and again after each save: asked
      // by readers who have written it, so that every answer is an entry like the one the
      // ceiling sends (a reader yet to write gets an empty answer of a few bytes).
      key: 'day',
      label: "GET /api/journal/day/{d} (today's)",
      method: 'GET',
      path: '/api/journal/day/:dayNumber',
      request: () => ({
        path: `/api/journal/day/${currentDay}?ifNone=empty`,
        headers: signedIn(pick(wroteToday.length ? wroteToday : sessions)),
      }),
    },
    {
      // Not a target: an author turns back to one of the days before that they wrote, each
      // most likely its first open, read from the database.
      key: 'day-before',
      label: 'GET /api/journal/day/{d} (a day before)',
      method: 'GET',
      path: '/api/journal/day/:dayNumber',
      request: () => {
        const session = pick(withEntries);
        return { path: `/api/journal/day/${pick(session.days)}`, headers: signedIn(session) };
      },
    },
    // A member opens their circle's page as the app does: today's reflections (circles of
    // 10-100, about a fifth of each circle's members shared today).
    circlePage('circle', "GET /api/circles/{id}/reflections (today's)", () => ''),
    // Not a target: a member turns back to one of the days before that they wrote, each view
    // most likely its first, read from the database.
    circlePage(
      'circle-before',
      'GET /api/circles/{id}/reflections?day={d}',
      (session) => `?day=${pick(session.days)}`,
    ),
    {
      key: 'discover',
      label: 'GET /api/users/search?discover=true',
      method: 'GET',
      path: '/api/users/search',
      request: () => ({
        path: '/api/users/search?discover=true',
        headers: signedIn(pick(sessions)),
      }),
    },
    {
      key: 'save',
      label: 'POST /api/journal (upsert)',
      method: 'POST',
      path: '/api/journal',
      request: () => {
        const session = pick(withEntries);
        // Mostly days already written (an edit), sometimes a new one.
        const day =
          Math.random() < 0.8
            ? pick(writable(session).length ? writable(session) : [1])
            : 1 + Math.floor(Math.random() * currentDay);
        return {
          method: 'POST',
          path: '/api/journal',
          headers: signedIn(session, {
            'content-type': 'application/json',
            'x-requested-with': 'XMLHttpRequest',
          }),
          body: JSON.stringify({
            dayNumber: day,
            entryText: JSON.stringify({
              thoughts: `Saved under load at ${Date.now()}`,
              words: 'Kind words to a neighbour.',
              deeds: 'Carried the shopping upstairs.',
            }),
            isPublic: Math.random() < 0.5,
          }),
        };
      },
    },
  ];
  // The page first: each reader's morning starts by opening it, then the calls follow.
  return readerPage ? [page, ...api] : api;
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Loads one endpoint and keeps every latency (sub-millisecond precision), with autocannon or,
 * when `client` is 'lean', with keep-alive-load.mjs, whose own cost per answer does not grow with
 * the answer's headers.
 */
async function loadOnce(baseUrl, endpoint, { connections, duration, amount, client }) {
  const latencies = [];
  const statuses = {};
  const answered = (statusCode, ms) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    latencies.push(ms);
  };
  if (client === 'lean') {
    const result = await keepAliveLoad({
      url: baseUrl,
      connections,
      duration,
      amount,
      request: () => ({ method: endpoint.method, ...endpoint.request() }),
      onResponse: answered,
    });
    return { latencies, statuses, errors: result.errors, seconds: result.seconds };
  }
  const instance = autocannon({
    url: baseUrl,
    connections,
    ...(amount ? { amount } : { duration }),
    requests: [
      {
        method: endpoint.method,
        setupRequest: (request) => ({ ...request, ...endpoint.request() }),
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) =>
    answered(statusCode, responseTime),
  );
  const result = await instance;
  return { latencies, statuses, errors: result.errors + result.timeouts, seconds: result.duration };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The figures of all slices together, except the p99: the median of each slice's own p99, so
 * one slice that other work on the machine disturbed does not decide it (the p99 of all the
 * answers together is kept beside it).
 */
function summarize(parts) {
  const latencies = parts.flatMap((part) => part.latencies).sort((a, b) => a - b);
  const sliceP99s = parts.map((part) =>
    percentile(
      [...part.latencies].sort((a, b) => a - b),
      99,
    ),
  );
  const statuses = {};
  for (const part of parts) {
    for (const [code, count] of Object.entries(part.statuses)) {
      statuses[code] = (statuses[code] ?? 0) + count;
    }
  }
  const seconds = parts.reduce((sum, part) => sum + part.seconds, 0);
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: median(sliceP99s),
    sliceP99s,
    pooledP99: percentile(latencies, 99),
    statuses,
    errors: parts.reduce((sum, part) => sum + part.errors, 0),
  };
}

/**
 * One endpoint against its ceiling, taken in alternating slices (ceiling, real, ceiling, real
 * ...) so that a burst of other work on the machine weighs on both sides alike; each side's
 * p99 is the median of its slices' p99s. Both sides
 * first answer `load.warmup` requests that are not counted, made by each signed-in person in
 * turn: the morning's first visits, after which the server's compiled code and the answers it
 * keeps (today's thought, each reader's feed and session) are in place.
 */
export async function measureAgainstCeiling(realUrl, ceilingUrl, endpoint, load) {
  for (const url of load.warmup ? [ceilingUrl, realUrl] : []) {
    inTurn = new WeakMap();
    try {
      // Uncounted, so sent by the lean client: autocannon ends a run only on its one-second tick,
      // which made the warm-ups half of a short run's time.
      await loadOnce(url, endpoint, { ...load, amount: load.warmup, client: 'lean' });
    } finally {
      inTurn = null;
    }
  }
  // Slices of two seconds or more, at most five: enough answers in each for its own p99.
  const slices = Math.max(1, Math.min(5, Math.floor(load.duration / 2)));
  const duration = load.duration / slices;
  const real = [];
  const ceiling = [];
  for (let i = 0; i < slices; i++) {
    ceiling.push(await loadOnce(ceilingUrl, endpoint, { ...load, duration }));
    real.push(await loadOnce(realUrl, endpoint, { ...load, duration }));
  }
  return { real: summarize(real), ceiling: summarize(ceiling) };
}

/** One endpoint on its own, for figures with no ceiling of their own. */
export async function measure(baseUrl, endpoint, load) {
  return summarize([await loadOnce(baseUrl, endpoint, load)]);
}
