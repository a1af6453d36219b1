import webPush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiResponse, befriend, signUp } from '../test-support/api-client.js';
import { type ApiRoute, createTestAppWithRoutes, fillParams } from '../test-support/api-routes.js';

/**
 * Who may call each API route, keyed "METHOD url" as the app registers it. A route missing here
 * fails its test below: add it, saying who may call it and which of the owner's ids to try.
 *
 * - public: anyone, signed in or not; the answer must still never carry anyone's private data.
 * - own-data: signed-in callers, acting only on their own records (anonymous gets 401/403/404).
 * - owner-ids: the address names one of the owner's records; anyone else gets 401/403/404.
 */
type Access = 'public' | 'own-data' | 'owner-ids';
interface RouteAccess {
  access: Access;
  /** Values for the address's params: the owner's ids, or days the owner has data for. */
  params?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  /** Query strings to try, for routes that read them. */
  queries?: (w: World) => string[];
}

const day = (w: World) => ({ dayNumber: String(w.privateDay) });
const matrix: Record<string, RouteAccess> = {
  'GET /api/health': { access: 'public' },
  'GET /api/ready': { access: 'public' },
  'GET /api/thoughts': { access: 'public' },
  'GET /api/thoughts/today': { access: 'public' },
  'GET /api/thoughts/meta/total': { access: 'public' },
  'GET /api/thoughts/:dayNumber': { access: 'public', params: day },
  'GET /api/gathas/info': { access: 'public' },
  'GET /api/gathas/info/:day': { access: 'public', params: (w) => ({ day: String(w.privateDay) }) },
  'GET /api/glossary': { access: 'public' },
  // The readings are open to all; the journal only to its writer: others searching for the
  // owner's private words find nothing of them.
  'GET /api/search': {
    access: 'public',
    queries: (w) =>
      ['journal', 'all', 'readings'].map(
        (scope) => `?q=${encodeURIComponent(w.marker)}&scope=${scope}`,
      ),
  },
  'GET /api/push/public-key': { access: 'public' },
  'POST /api/auth/signup': {
    access: 'public',
    body: (w) => ({
      username: w.owner.user.username,
      email: w.owner.user.email,
      password: 'another long password',
      fullName: 'Copycat',
    }),
  },
  'POST /api/auth/login': {
    access: 'public',
    body: (w) => ({ username: w.owner.user.username, password: 'not the password' }),
  },
  'POST /api/auth/logout': { access: 'public' },
  'POST /api/auth/password-reset-request': {
    access: 'public',
    body: (w) => ({ email: w.owner.user.email }),
  },
  'POST /api/auth/password-reset': {
    access: 'public',
    body: () => ({ token: 'a guessed token', password: 'a brand new password' }),
  },
  'POST /api/auth/sign-in-link-request': {
    access: 'public',
    body: (w) => ({ email: w.owner.user.email }),
  },
  'POST /api/auth/sign-in-link': {
    access: 'public',
    body: () => ({ token: 'a guessed token' }),
  },
  'GET /api/auth/me': { access: 'own-data' },
  'POST /api/auth/password': {
    access: 'own-data',
    body: () => ({ currentPassword: ownerPassword, newPassword: 'taken over password' }),
  },
  'GET /api/auth/sessions': { access: 'own-data' },
  'DELETE /api/auth/sessions/:id': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.ownerSessionId) }),
  },
  'POST /api/auth/sessions/sign-out-others': { access: 'own-data' },
  'PATCH /api/users/me': {
    access: 'own-data',
    body: (w) => ({ username: w.owner.user.username, city: 'Elsewhere' }),
  },
  'DELETE /api/users/me': { access: 'own-data', body: () => ({ password: ownerPassword }) },
  'GET /api/users/search': {
    access: 'own-data',
    queries: (w) => [
      `?q=${encodeURIComponent(w.owner.user.fullName)}`,
      `?q=${encodeURIComponent(w.owner.user.username)}`,
      `?q=${encodeURIComponent(w.owner.user.email)}`,
      '?q=SW1A',
      '?discover=true',
    ],
  },
  'GET /api/friends': { access: 'own-data' },
  'DELETE /api/friends/:userId': {
    access: 'owner-ids',
    params: (w) => ({ userId: String(w.friend.user.id) }),
  },
  'GET /api/friend-requests': { access: 'own-data' },
  // Sending a request to the owner is what this route is for; it must reveal nothing more.
  'POST /api/friend-requests': {
    access: 'own-data',
    body: (w) => ({ username: w.owner.user.username }),
  },
  'POST /api/friend-requests/:userId': {
    access: 'own-data',
    params: (w) => ({ userId: String(w.owner.user.id) }),
  },
  'POST /api/friend-requests/:id/accept': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.incomingRequestId) }),
  },
  'POST /api/friend-requests/:id/reject': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.incomingRequestId) }),
  },
  'GET /api/blocks': { access: 'own-data' },
  // Others block someone of their own; blocking the owner is theirs to do, and is tried in
  // block-routes.test.ts, where it cannot end the friendship this world is built on.
  'POST /api/blocks': { access: 'own-data', body: (w) => ({ userId: w.blockedByOwner.user.id }) },
  'DELETE /api/blocks/:userId': {
    access: 'owner-ids',
    params: (w) => ({ userId: String(w.blockedByOwner.user.id) }),
  },
  'GET /api/journal': { access: 'own-data' },
  'GET /api/journal/friends': { access: 'own-data' },
  'GET /api/journal/day/:dayNumber': { access: 'own-data', params: day },
  'GET /api/journal/export': {
    access: 'own-data',
    queries: () => ['', '?format=json', '?format=md'],
  },
  'POST /api/journal': {
    access: 'own-data',
    body: (w) => ({ dayNumber: w.privateDay, entryText: 'written by someone else' }),
  },
  'PUT /api/journal/:id': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.privateEntryId) }),
    body: () => ({ entryText: 'overwritten by someone else', isPublic: true }),
  },
  'DELETE /api/journal/:id': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.privateEntryId) }),
  },
  // Reporting the owner's private reflection must answer as if it did not exist.
  'POST /api/reports': {
    access: 'own-data',
    body: (w) => ({ targetType: 'entry', targetId: w.privateEntryId, reason: 'spam' }),
  },
  // Circles (docs/product.md#reading-circles): the owner's circle, whose page holds a reflection
  // with the owner's private marker, is not there for anyone outside it; the friend and the
  // stranger are not in it (a member's view is tested in circles/circle-routes.test.ts).
  'GET /api/circles': { access: 'own-data' },
  'POST /api/circles': { access: 'own-data', body: () => ({ name: 'Their own circle' }) },
  'POST /api/circles/join': { access: 'own-data', body: () => ({ code: 'a-guessed-code' }) },
  'GET /api/circles/:id': { access: 'owner-ids', params: (w) => ({ id: String(w.circleId) }) },
  'PATCH /api/circles/:id': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.circleId) }),
    body: () => ({ name: 'Taken over' }),
  },
  'DELETE /api/circles/:id': { access: 'owner-ids', params: (w) => ({ id: String(w.circleId) }) },
  'POST /api/circles/:id/invites': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.circleId) }),
  },
  'GET /api/circles/:id/reflections': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.circleId) }),
    queries: () => ['', '?day=5'],
  },
  'DELETE /api/circles/:id/members/:userId': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.circleId), userId: String(w.owner.user.id) }),
  },
  'PATCH /api/circles/:id/members/:userId': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.circleId), userId: String(w.owner.user.id) }),
    body: () => ({ role: 'owner' }),
  },
  // Shows anyone what the circle is (its name and line, never its members or reflections).
  'GET /api/circle-invites/:code': {
    access: 'public',
    params: (w) => ({ code: w.inviteCode }),
  },
  // Appreciating the owner's private reflection must answer as if it did not exist.
  'PUT /api/journal/:id/appreciation': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.privateEntryId) }),
  },
  'DELETE /api/journal/:id/appreciation': {
    access: 'owner-ids',
    params: (w) => ({ id: String(w.circleEntryId) }),
  },
  'GET /api/saved': { access: 'own-data' },
  // Others save and remove the same day as the owner: only ever their own row of it.
  'PUT /api/saved/:day': {
    access: 'own-data',
    params: (w) => ({ day: String(w.privateDay) }),
    body: () => ({ note: 'overwritten by someone else' }),
  },
  'DELETE /api/saved/:day': {
    access: 'own-data',
    params: (w) => ({ day: String(w.privateDay) }),
  },
  'GET /api/progress': { access: 'own-data' },
  'POST /api/progress/merge': {
    access: 'own-data',
    body: () => ({
      lastReadDay: 2,
      readDays: [2],
      totalDays: 241,
      gathaViewed: [],
      explanationViewed: [],
      reflectionSaved: [],
      currentStanza: 2,
    }),
  },
  'PUT /api/progress/days/:day': {
    access: 'own-data',
    params: (w) => ({ day: String(w.privateDay) }),
    body: () => ({ read: true }),
  },
  'DELETE /api/progress': { access: 'own-data' },
  // The same endpoint sent from another account means the device changed hands (by design),
  // so others subscribe their own devices here; the owner's endpoint is tried below.
  'POST /api/push/subscriptions': {
    access: 'own-data',
    body: () => ({ subscription: browserSubscription(), time: '07:00', timeZone: 'UTC' }),
  },
  'PATCH /api/push/subscriptions': {
    access: 'own-data',
    body: (w) => ({ endpoint: w.ownerPush.endpoint, time: '23:45' }),
  },
  'DELETE /api/push/subscriptions': {
    access: 'own-data',
    body: (w) => ({ endpoint: w.ownerPush.endpoint }),
  },
};

const ownerPassword = 'owner has a long secret';

/** A browser's push subscription with real keys and an endpoint of its own. */
function browserSubscription() {
  const keys = webPush.generateVAPIDKeys();
  return {
    endpoint: `https://push.example.test/send/${Math.random().toString(36).slice(2)}`,
    expirationTime: null,
    keys: { p256dh: keys.publicKey, auth: Buffer.from('sixteen byte key').toString('base64url') },
  };
}
const otherPassword = 'someone else entirely';
const { t, routes } = await createTestAppWithRoutes({ env: { PUSH_SCHEDULER: 'false' } });
afterAll(async () => t.close());
const w = await buildWorld();
type World = typeof w;

/**
 * The owner keeps a private and a shared reflection, progress, a reminder, two signed-in
 * devices, a friend, a pending request and a block; a stranger knows none of it.
 */
async function buildWorld() {
  const owner = await signUp(t.app, {
    password: ownerPassword,
    postalCode: 'SW1A 1AA',
    city: 'Privateville',
    whatsapp: '+44 7700 900123',
  });
  const friend = await signUp(t.app, { password: otherPassword });
  const stranger = await signUp(t.app, { password: otherPassword, postalCode: 'SW1A 2AA' });
  const requester = await signUp(t.app, { password: otherPassword });
  const blockedByOwner = await signUp(t.app, { password: otherPassword });
  await befriend(owner, friend);
  const block = await owner.api('POST /api/blocks', { body: { userId: blockedByOwner.user.id } });
  const request = await requester.api('POST /api/friend-requests/:userId', {
    params: { userId: owner.user.id },
  });
  const marker = `private-reflection-${Math.random().toString(36).slice(2)}`;
  const privateDay = 3;
  const privateEntry = await owner.api('POST /api/journal', {
    body: {
      dayNumber: privateDay,
      entryText: JSON.stringify({ thoughts: marker, words: `${marker} words`, deeds: '' }),
      isPublic: false,
    },
  });
  const shared = await owner.api('POST /api/journal', {
    body: {
      dayNumber: 4,
      entryText: JSON.stringify({ thoughts: 'shared with friends', words: '', deeds: '' }),
      isPublic: true,
    },
  });
  const circle = await owner.api('POST /api/circles', { body: { name: 'Owner circle' } });
  const circleEntry = await owner.api('POST /api/journal', {
    body: {
      dayNumber: 5,
      entryText: JSON.stringify({ thoughts: `${marker} circle`, words: '', deeds: '' }),
      circleIds: [circle.body.id],
    },
  });
  const invite = await owner.api('POST /api/circles/:id/invites', {
    params: { id: circle.body.id },
  });
  await owner.api('PUT /api/progress/days/:day', {
    params: { day: privateDay },
    body: { read: true, gathaViewed: true },
  });
  const savedStanza = await owner.api('PUT /api/saved/:day', {
    params: { day: privateDay },
    body: { note: `${marker} note` },
  });
  const ownerPush = browserSubscription();
  await owner.api('POST /api/push/subscriptions', {
    body: {
      subscription: ownerPush,
      time: '06:30',
      timeZone: 'Europe/London',
    },
  });
  const secondDevice = new ApiClient(t.app);
  await secondDevice.api('POST /api/auth/login', {
    body: {
      username: owner.user.username,
      password: ownerPassword,
    },
  });
  const sessions = await owner.api('GET /api/auth/sessions');
  const ownerSessionId = (sessions.body.sessions as { id: number; current: boolean }[]).find(
    (s) => !s.current,
  )?.id;
  for (const [what, ok] of [
    ['friend request', request.status === 201],
    ['block', block.status === 201],
    ['private entry', privateEntry.status === 201],
    ['shared entry', shared.status === 201],
    ['saved stanza', savedStanza.status === 200],
    ['second session', ownerSessionId !== undefined],
    ['circle', circle.status === 201],
    ['circle entry', circleEntry.status === 201],
    ['invite', invite.status === 201],
  ] as const) {
    if (!ok) throw new Error(`could not set up the ${what}`);
  }
  return {
    owner,
    friend,
    stranger,
    requester,
    blockedByOwner,
    secondDevice,
    marker,
    privateDay,
    privateEntryId: privateEntry.body.id as number,
    sharedEntryId: shared.body.id as number,
    incomingRequestId: request.body.id as number,
    ownerSessionId: ownerSessionId!,
    ownerPush,
    circleId: circle.body.id as number,
    circleEntryId: circleEntry.body.id as number,
    inviteCode: invite.body.code as string,
  };
}

/** What a viewer may never see of the owner; friends see email and WhatsApp by design. */
function forbiddenFor(viewer: 'anonymous' | 'stranger' | 'friend'): string[] {
  const always = [
    w.marker,
    'SW1A 1AA',
    'SW1A1AA',
    'Privateville',
    w.owner.sessionCookie!,
    w.secondDevice.sessionCookie!,
    '$argon2',
    'password_hash',
    'token_hash',
  ];
  return viewer === 'friend' ? always : [...always, w.owner.user.email, '+44 7700 900123'];
}

function expectNothingPrivate(
  response: ApiResponse<unknown>,
  viewer: 'anonymous' | 'stranger' | 'friend',
  what: string,
) {
  const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
  for (const secret of forbiddenFor(viewer)) {
    expect(text.includes(secret), `${what} shows the owner's "${secret}" to a ${viewer}`).toBe(
      false,
    );
  }
  expect(response.status, `${what}: ${text.slice(0, 200)}`).toBeLessThan(500);
}

/** A client for this person with a live session, signing in again if a call ended it. */
async function signedIn(person: ApiClient & { user: { username: string } }): Promise<ApiClient> {
  if ((await person.api('GET /api/auth/me')).status === 200) return person;
  const client = new ApiClient(t.app);
  const login = await client.api('POST /api/auth/login', {
    body: {
      username: person.user.username,
      password: otherPassword,
    },
  });
  expect(login.status).toBe(200);
  person.sessionCookie = client.sessionCookie;
  return person;
}

function urlsFor(route: ApiRoute, access: RouteAccess): string[] {
  const path = access.params ? fillParams(route.url, access.params(w)) : route.url;
  const queries = access.queries?.(w) ?? [''];
  return queries.map((query) => `${path}${query}`);
}

async function call(client: ApiClient, route: ApiRoute, url: string, access: RouteAccess) {
  const body = access.body?.(w);
  return client.call(route.method as 'GET', url, body);
}

describe('the authorization matrix', () => {
  it('lists only routes the app has', () => {
    const known = new Set(routes.map((route) => route.key));
    const stale = Object.keys(matrix).filter((key) => !known.has(key));
    expect(stale, 'these routes are gone: remove them from the matrix').toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  });

  describe.each(routes.map((route) => [route.key, route] as const))('%s', (key, route) => {
    it('is called only as the matrix says, and never shows the owner private data', async () => {
      const access = matrix[key];
      if (!access) {
        throw new Error(
          `${key} is not in the authorization matrix (src/server/reliability/authorization-matrix.test.ts): ` +
            'add it, saying whether it is public, acts on the caller’s own data, or takes the owner’s ids.',
        );
      }
      for (const url of urlsFor(route, access)) {
        const anonymous = await call(new ApiClient(t.app), route, url, access);
        expectNothingPrivate(anonymous, 'anonymous', `anonymous ${route.method} ${url}`);
        if (access.access !== 'public') expect([401, 403, 404]).toContain(anonymous.status);

        for (const [viewer, person] of [
          ['stranger', w.stranger],
          ['friend', w.friend],
        ] as const) {
          const client = await signedIn(person);
          const answer = await call(client, route, url, access);
          expectNothingPrivate(answer, viewer, `${viewer} ${route.method} ${url}`);
          if (access.access === 'owner-ids') expect([401, 403, 404]).toContain(answer.status);
        }
      }
    });
  });

  describe.each(
    routes
      .filter((route) => matrix[route.key] && matrix[route.key]!.access !== 'public')
      .map((route) => [route.key, route] as const),
  )('%s, called signed out', (_key, route) => {
    it('answers 401 before reading its address, query or body', async () => {
      const access = matrix[route.key]!;
      const unparseable = Object.fromEntries(route.params.map((name) => [name, 'not-an-id']));
      const urls = [
        ...urlsFor(route, access),
        ...(route.params.length > 0 ? [fillParams(route.url, unparseable)] : []),
      ];
      const bodies = route.method === 'GET' ? [undefined] : [undefined, {}, [], 'not json {'];
      for (const url of urls) {
        for (const body of bodies) {
          const answer = await new ApiClient(t.app).call(route.method as 'POST', url, body);
          const what = `anonymous ${route.method} ${url} with ${JSON.stringify(body)}`;
          expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(401);
          expect(answer.body, what).toEqual({ message: expect.any(String) });
        }
      }
    });
  });

  it('leaves every record of the owner as it was', async () => {
    const owner = w.owner;
    expect((await owner.api('GET /api/auth/me')).status).toBe(200);
    expect((await w.secondDevice.api('GET /api/auth/me')).status).toBe(200);
    const entries = await owner.api('GET /api/journal');
    const privateEntry = entries.body.find((e: { id: number }) => e.id === w.privateEntryId);
    expect(privateEntry).toMatchObject({ isPublic: false, dayNumber: w.privateDay });
    expect(privateEntry?.entryText).toContain(w.marker);
    expect(entries.body.map((e: { id: number }) => e.id)).toContain(w.sharedEntryId);
    const friends = await owner.api('GET /api/friends');
    expect(friends.body.map((f: { id: number }) => f.id)).toContain(w.friend.user.id);
    const blocks = (await owner.api('GET /api/blocks')).body as { userId: number }[];
    expect(blocks.map((b) => b.userId)).toEqual([w.blockedByOwner.user.id]);
    const requests = JSON.stringify((await owner.api('GET /api/friend-requests')).body);
    expect(requests).toContain(`"id":${w.incomingRequestId}`);
    const circle = await owner.api('GET /api/circles/:id', { params: { id: w.circleId } });
    expect(circle.body).toMatchObject({ name: 'Owner circle', role: 'owner', memberCount: 1 });
    const circlePage = await owner.api('GET /api/circles/:id/reflections', {
      params: { id: w.circleId },
      query: { day: '5' },
    });
    expect(circlePage.body.map((e: { id: number }) => e.id)).toEqual([w.circleEntryId]);
    const saved = await owner.api('GET /api/saved');
    expect(saved.body).toEqual([
      expect.objectContaining({ dayNumber: w.privateDay, note: `${w.marker} note` }),
    ]);
    const progress = await owner.api('GET /api/progress');
    expect(progress.body.days).toContainEqual(
      expect.objectContaining({ dayNumber: w.privateDay, read: true, gathaViewed: true }),
    );
    const reminder = await owner.call('PATCH', '/api/push/subscriptions', {
      endpoint: w.ownerPush.endpoint,
      time: '06:30',
    });
    expect(reminder.status).toBe(200);
    const login = await new ApiClient(t.app).api('POST /api/auth/login', {
      body: {
        username: owner.user.username,
        password: ownerPassword,
      },
    });
    expect(login.status).toBe(200);
  });

  it('shows the friend the shared reflection, so the checks above can see a leak', async () => {
    const feed = await (await signedIn(w.friend)).api('GET /api/journal/friends');
    const mine = feed.body.filter((e: { userId: number }) => e.userId === w.owner.user.id);
    expect(mine.map((e: { id: number }) => e.id)).toEqual([w.sharedEntryId]);
    expect(JSON.stringify(feed.body)).toContain('shared with friends');
  });
});
