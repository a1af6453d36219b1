import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, TOTAL_DAYS } from '#shared/constants';
import { startSession } from '../auth/sessions.js';
import { openDatabase } from '../db/connection.js';
import { befriend, signUp } from '../test-support/api-client.js';
import { type ApiRoute, createTestAppWithRoutes, fillParams } from '../test-support/api-routes.js';
import {
  anyJson,
  anyText,
  brokenBodies,
  headerText,
  hugeStrings,
  urlPart,
} from '../test-support/fuzz-inputs.js';

/** At least 10,000 generated requests per run on SQLite; fewer on the slower PostgreSQL run. */
const totalRequests = process.env.TEST_DB === 'postgres' ? 2_000 : 10_000;
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** What an answer must never show: stack frames, file paths, SQL, driver or internal errors. */
const leakPatterns = [
  /^\s*at .+[:(]/m,
  /\bat (?:async )?[\w$.<>]+ \(/,
  /[/\\](?:src|node_modules|dist)[/\\]/,
  /file:\/\//,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /\bSELECT\b[\s\S]*\bFROM\b/i,
  /\bINSERT\s+INTO\b/i,
  /\bUPDATE\s+"?\w+"?\s+SET\b/i,
  /\bDELETE\s+FROM\b/i,
  /syntax error/i,
  /SQLITE_/,
  /relation "/,
  /constraint (?:failed|violat)/i,
  /\b(?:SqliteError|DatabaseError|TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b/,
  /\bFST_[A-Z_]+/,
  /\$argon2/,
  /\b(?:password_hash|token_hash|username_key)\b/,
];

let requestsSent = 0;
/** Every string the fuzzer sent; an answer may echo these back without it being a leak. */
const sentStrings = new Set<string>();

const { t, routes } = await createTestAppWithRoutes({ env: { PUSH_SCHEDULER: 'false' } });
const world = await buildWorld(t.app);
const fuzzUser = await signUp(t.app);
const sessionStore = openDatabase(t.databaseUrl);
afterAll(async () => {
  await sessionStore.close();
  await t.close();
});

/** Three people with entries, a friendship and a pending request, so ids name real rows. */
async function buildWorld(app: FastifyInstance) {
  const writer = await signUp(app, { postalCode: 'SW1A 1AA', whatsapp: '+44 7700 900001' });
  const friend = await signUp(app);
  const stranger = await signUp(app);
  await befriend(writer, friend);
  await stranger.api('POST /api/friend-requests/:userId', { params: { userId: writer.user.id } });
  const entryIds: number[] = [];
  for (const [day, isPublic] of [
    [3, false],
    [4, true],
  ] as const) {
    const saved = await writer.api('POST /api/journal', {
      body: {
        dayNumber: day,
        entryText: JSON.stringify({ thoughts: `world entry ${day}`, words: '', deeds: '' }),
        isPublic,
      },
    });
    entryIds.push(saved.body.id);
  }
  const requests = await writer.api('GET /api/friend-requests');
  const circle = await writer.api('POST /api/circles', { body: { name: 'World circle' } });
  const invite = await writer.api('POST /api/circles/:id/invites', {
    params: { id: circle.body.id },
  });
  await friend.api('POST /api/circles/join', { body: { code: invite.body.code } });
  const people = [writer, friend, stranger];
  return {
    ids: [
      ...people.map((p) => String(p.user.id)),
      ...entryIds.map(String),
      String(circle.body.id),
      invite.body.code as string,
      ...JSON.stringify(requests.body)
        .match(/"id":\d+/g)!
        .map((m) => m.slice(5)),
    ],
    words: people.flatMap((p) => [p.user.username, p.user.email, p.user.fullName]),
  };
}

/** Body fields the API knows, each given both fitting and wrong values. */
function bodyFields(extra: readonly string[]) {
  const wrong = anyJson(extra);
  const fitting = {
    text: anyText(extra),
    day: fc.oneof(fc.integer({ min: 1, max: TOTAL_DAYS }), fc.integer()),
    flag: fc.boolean(),
    days: fc.array(fc.oneof(fc.integer({ min: 0, max: TOTAL_DAYS + 1 }), fc.integer()), {
      maxLength: 6,
    }),
    username: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_.]{3,30}$/), fc.constantFrom(...extra)),
    email: fc.oneof(fc.emailAddress(), fc.constantFrom(...extra)),
    password: fc.oneof(fc.string({ minLength: 8, maxLength: 40 }), anyText(extra)),
    endpoint: fc.oneof(fc.webUrl({ validSchemes: ['https'] }), fc.webUrl(), anyText(extra)),
  };
  const field = (arb: fc.Arbitrary<unknown>) =>
    fc.oneof({ arbitrary: arb, weight: 4 }, { arbitrary: wrong, weight: 1 });
  return fc.record(
    {
      dayNumber: field(fitting.day),
      day: field(fitting.day),
      entryText: field(fitting.text),
      isPublic: field(fitting.flag),
      username: field(fitting.username),
      email: field(fitting.email),
      password: field(fitting.password),
      confirmPassword: field(fitting.password),
      currentPassword: field(fitting.password),
      newPassword: field(fitting.password),
      fullName: field(fitting.text),
      postalCode: field(fitting.text),
      city: field(fitting.text),
      whatsapp: field(fitting.text),
      token: field(fitting.text),
      userId: field(fc.oneof(fc.constantFrom(...world.ids.map(Number)), fc.integer())),
      discoverable: field(
        fc.oneof(fc.constantFrom('everyone', 'username', 'nobody'), fitting.text),
      ),
      read: field(fitting.flag),
      gathaViewed: field(fitting.flag),
      explanationViewed: field(fitting.flag),
      reflectionSaved: field(fitting.flag),
      lastReadDay: field(fitting.day),
      currentStanza: field(fitting.day),
      totalDays: field(fitting.day),
      readDays: field(fitting.days),
      endpoint: field(fitting.endpoint),
      subscription: field(
        fc.record({
          endpoint: fitting.endpoint,
          expirationTime: fc.constantFrom(null, 0, -1),
          keys: fc.record({
            p256dh: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{87}$/), fitting.text),
            auth: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), fitting.text),
          }),
        }),
      ),
      time: field(fc.oneof(fc.constantFrom('07:00', '23:59', '24:00', '7:5'), fitting.text)),
      timeZone: field(
        fc.oneof(fc.constantFrom('UTC', 'Asia/Tehran', 'Mars/Olympus_Mons'), fitting.text),
      ),
      name: field(fitting.text),
      description: field(fitting.text),
      code: field(fc.oneof(fc.constantFrom(...world.ids), fitting.text)),
      role: field(fc.constantFrom('owner', 'member', 'admin')),
      circleIds: field(
        fc.array(fc.oneof(fc.constantFrom(...world.ids.map(Number)), fc.integer()), {
          maxLength: 4,
        }),
      ),
      sharedParts: field(
        fc.array(fc.constantFrom('thoughts', 'words', 'deeds', 'other'), { maxLength: 4 }),
      ),
    },
    { requiredKeys: [] },
  );
}

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

function requestFor(route: ApiRoute) {
  const extra = world.words;
  const param = fc.oneof(
    { arbitrary: fc.constantFrom(...world.ids), weight: 4 },
    { arbitrary: fc.integer({ min: -5, max: 300 }).map(String), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '0',
        '2147483648',
        '99999999999999999999',
        '1e3',
        '0x10',
        '1.5',
        '%201',
        'NaN',
        'null',
        '%7B%7D',
      ),
      weight: 2,
    },
    { arbitrary: urlPart(extra), weight: 3 },
  );
  const queryPair = fc.tuple(
    fc.oneof(
      fc.constantFrom('q', 'discover', 'format', 'day', 'token', 'limit', '__proto__', 'q[]'),
      urlPart(),
    ),
    fc.oneof(fc.constantFrom('true', 'json', 'md', 'csv', '1', ''), urlPart(extra)),
  );
  const cookie = fc.oneof(
    { arbitrary: fc.constant<'none'>('none'), weight: 2 },
    { arbitrary: fc.constant<'signed-in'>('signed-in'), weight: 5 },
    {
      arbitrary: fc.oneof(
        headerText(120).map((v) => `${SESSION_COOKIE}=${v}`),
        fc.constantFrom(
          `${SESSION_COOKIE}=`,
          `${SESSION_COOKIE}=%E0%A4%A`,
          `${SESSION_COOKIE}="quoted"`,
          `${SESSION_COOKIE}=a; ${SESSION_COOKIE}=b`,
          `${SESSION_COOKIE}=${'A'.repeat(43)}`,
          '=;;;=',
        ),
      ),
      weight: 2,
    },
  );
  const body: fc.Arbitrary<Body> = fc.oneof(
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 2 },
    { arbitrary: bodyFields(extra).map((value): Body => ({ kind: 'json', value })), weight: 8 },
    { arbitrary: anyJson(extra).map((value): Body => ({ kind: 'json', value })), weight: 2 },
    {
      arbitrary: fc
        .oneof(fc.constantFrom(...brokenBodies, ...hugeStrings), fc.string({ maxLength: 40 }))
        .map((text): Body => ({ kind: 'raw', text })),
      weight: 2,
    },
  );
  const optionalHeader = (values: fc.Arbitrary<string>) =>
    fc.option(values, { nil: undefined, freq: 3 });
  return fc.record({
    params: fc.array(param, { minLength: route.params.length, maxLength: route.params.length }),
    query: fc.array(queryPair, { maxLength: 4 }),
    cookie,
    body,
    csrf: fc.oneof(
      { arbitrary: fc.constant('XMLHttpRequest'), weight: 8 },
      { arbitrary: fc.option(headerText(20), { nil: undefined }), weight: 1 },
    ),
    contentType: fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 8 },
      {
        arbitrary: fc.constantFrom(
          undefined,
          'application/json; charset=utf-8',
          'application/json; charset=latin1',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/jsonx',
        ),
        weight: 2,
      },
      { arbitrary: headerText(30), weight: 1 },
    ),
    timezone: optionalHeader(
      fc.oneof(
        fc.constantFrom('Asia/Tehran', 'Pacific/Kiritimati', 'Not/AZone', '+99:00'),
        headerText(),
      ),
    ),
    origin: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 6 },
      { arbitrary: fc.constant('http://localhost:3000'), weight: 2 },
      { arbitrary: fc.constantFrom('https://evil.example', 'null'), weight: 1 },
      { arbitrary: headerText(), weight: 1 },
    ),
    userAgent: optionalHeader(
      fc.oneof(
        fc.constantFrom(
          'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
          'x'.repeat(5_000),
        ),
        headerText(),
      ),
    ),
    accept: optionalHeader(headerText(40)),
  });
}

type GeneratedRequest = ReturnType<typeof requestFor> extends fc.Arbitrary<infer T> ? T : never;

function injectOptions(route: ApiRoute, input: GeneratedRequest): InjectOptions {
  const values = Object.fromEntries(route.params.map((name, i) => [name, input.params[i]!]));
  const query = input.query.map(([key, value]) => `${key}=${value}`).join('&');
  const url = fillParams(route.url, values) + (query ? `?${query}` : '');
  const headers: Record<string, string> = {};
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined) headers[name] = value;
  };
  set('x-requested-with', input.csrf);
  set('x-timezone', input.timezone);
  set('origin', input.origin);
  set('user-agent', input.userAgent);
  set('accept', input.accept);
  if (input.cookie === 'signed-in') set('cookie', `${SESSION_COOKIE}=${fuzzUser.sessionCookie}`);
  else if (input.cookie !== 'none') set('cookie', input.cookie);
  let payload: string | undefined;
  if (input.body.kind === 'json') payload = JSON.stringify(input.body.value) ?? 'null';
  if (input.body.kind === 'raw') payload = input.body.text;
  if (payload !== undefined) set('content-type', input.contentType);
  return {
    method: route.method as InjectOptions['method'],
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

function rememberSent(options: InjectOptions): void {
  const add = (text: string) => {
    sentStrings.add(text);
    try {
      sentStrings.add(decodeURIComponent(text));
    } catch {
      // Not decodable: the raw text is what may come back.
    }
  };
  add(String(options.url));
  for (const part of String(options.url).split(/[/?&=]/)) add(part);
  const walk = (value: unknown): void => {
    if (typeof value === 'string') add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        add(key);
        walk(inner);
      }
    }
  };
  if (typeof options.payload === 'string') {
    add(options.payload);
    try {
      walk(JSON.parse(options.payload));
    } catch {
      // Broken JSON on purpose.
    }
  }
}

/** The texts of an answer, without what the fuzzer itself sent (echoes and stored input). */
function answerTexts(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [body];
  }
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        texts.push(key);
        walk(inner);
      }
    }
  };
  walk(parsed);
  return texts;
}

function isEcho(text: string): boolean {
  const variants = [text, text.trim(), text.toLowerCase()];
  if (variants.some((v) => sentStrings.has(v))) return true;
  // Stored JSON text (a reflection's three parts) echoes generated text inside it.
  let rest = text;
  for (const sent of sentStrings) {
    if (sent.length > 3 && rest.includes(sent)) rest = rest.split(sent).join('');
  }
  return !leakPatterns.some((pattern) => pattern.test(rest));
}

function leaksIn(body: string): string[] {
  return answerTexts(body).filter(
    (text) => leakPatterns.some((pattern) => pattern.test(text)) && !isEcho(text),
  );
}

/**
 * Gives the fuzzing account a fresh session when a generated call (sign-out, ending a device)
 * ended its own; started directly in the database, as a sign-in would, to skip the hashing.
 */
async function keepFuzzUserSignedIn(): Promise<void> {
  const me = await fuzzUser.api('GET /api/auth/me');
  if (me.status === 200) return;
  fuzzUser.sessionCookie = await startSession(
    sessionStore.db,
    fuzzUser.user.id,
    { userAgent: 'fuzzer', timeZone: null },
    t.clock.clock(),
  );
}

async function serverStillAnswers(): Promise<void> {
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  const me = await fuzzUser.api('GET /api/auth/me');
  expect(me.status).toBe(200);
}

describe(`every API route under generated requests (seed ${seed}; FUZZ_SEED replays)`, () => {
  it('finds the routes it is to drive', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.map((r) => r.key)).toContain('POST /api/journal');
  });

  const runsPerRoute = Math.ceil(totalRequests / routes.length);
  describe.each(routes.map((route, index) => [route.key, route, index] as const))(
    '%s',
    (_key, route, index) => {
      it('never answers 5xx or shows a stack trace or SQL, and the server keeps answering', async () => {
        await fc.assert(
          fc.asyncProperty(requestFor(route), async (input) => {
            const options = injectOptions(route, input);
            rememberSent(options);
            const response = await t.app.inject(options);
            requestsSent += 1;
            const where = `${route.key} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            expect(leaksIn(response.body), where).toEqual([]);
            if (input.cookie === 'signed-in' && route.method !== 'GET')
              await keepFuzzUserSignedIn();
          }),
          { numRuns: runsPerRoute, seed: seed + index },
        );
        await serverStillAnswers();
      }, 120_000);
    },
  );

  it(`sent at least ${totalRequests} requests`, () => {
    expect(requestsSent).toBeGreaterThanOrEqual(totalRequests);
  });
});
