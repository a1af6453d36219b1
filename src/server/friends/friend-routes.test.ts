import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_RESULT_LIMIT } from '#shared/constants';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the friend request lifecycle', () => {
  it('sends a pending request that both sides see, and accepting makes friends both ways', async () => {
    const ana = await signUp(t.app, { fullName: 'Ana Sender' });
    const bo = await signUp(t.app, { fullName: 'Bo Receiver', whatsapp: '+1 555 0100' });
    const sent = await ana.api('POST /api/friend-requests/:userId', {
      params: { userId: bo.user.id },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: expect.any(Number),
      senderId: ana.user.id,
      receiverId: bo.user.id,
      status: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      sender: { id: ana.user.id, fullName: 'Ana Sender', username: ana.user.username },
      receiver: { id: bo.user.id, fullName: 'Bo Receiver', username: bo.user.username },
    });
    expect((await ana.api('GET /api/friend-requests')).body).toEqual({
      sent: [sent.body],
      received: [],
    });
    expect((await bo.api('GET /api/friend-requests')).body).toEqual({
      sent: [],
      received: [sent.body],
    });

    const accepted = await bo.api('POST /api/friend-requests/:id/accept', {
      params: { id: sent.body.id },
    });
    expect(accepted).toMatchObject({ status: 200, body: { id: sent.body.id, status: 'accepted' } });
    expect((await ana.api('GET /api/friend-requests')).body).toEqual({ sent: [], received: [] });
    expect((await ana.api('GET /api/friends')).body).toEqual([
      {
        id: bo.user.id,
        fullName: 'Bo Receiver',
        username: bo.user.username,
        email: bo.user.email,
        whatsapp: '+1 555 0100',
      },
    ]);
    expect((await bo.api('GET /api/friends')).body).toEqual([
      {
        id: ana.user.id,
        fullName: 'Ana Sender',
        username: ana.user.username,
        email: ana.user.email,
        whatsapp: null,
      },
    ]);
  });

  it('rejecting leaves them strangers, and the sender may ask again', async () => {
    const ana = await signUp(t.app);
    const bo = await signUp(t.app);
    const sent = await ana.api('POST /api/friend-requests/:userId', {
      params: { userId: bo.user.id },
    });
    expect(
      await bo.api('POST /api/friend-requests/:id/reject', { params: { id: sent.body.id } }),
    ).toMatchObject({
      status: 200,
      body: { status: 'rejected' },
    });
    expect((await bo.api('GET /api/friends')).body).toEqual([]);
    expect((await ana.api('GET /api/friend-requests')).body.sent).toEqual([]);
    const again = await ana.api('POST /api/friend-requests/:userId', {
      params: { userId: bo.user.id },
    });
    expect(again).toMatchObject({ status: 201, body: { status: 'pending' } });
  });

  it('accepts the other side’s pending request when you send one back', async () => {
    const ana = await signUp(t.app);
    const bo = await signUp(t.app);
    const theirs = await ana.api('POST /api/friend-requests/:userId', {
      params: { userId: bo.user.id },
    });
    const mine = await bo.api('POST /api/friend-requests/:userId', {
      params: { userId: ana.user.id },
    });
    expect(mine).toMatchObject({ status: 200, body: { id: theirs.body.id, status: 'accepted' } });
    expect((await ana.api('GET /api/friends')).body.map((f: { id: number }) => f.id)).toEqual([
      bo.user.id,
    ]);
  });

  it('answers every error case of the contract', async () => {
    const ana = await signUp(t.app);
    const bo = await signUp(t.app);
    expect(
      await ana.api('POST /api/friend-requests/:userId', { params: { userId: ana.user.id } }),
    ).toMatchObject({
      status: 400,
      body: { message: 'You cannot send a friend request to yourself' },
    });
    expect(
      await ana.api('POST /api/friend-requests/:userId', { params: { userId: 999999999 } }),
    ).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    expect(
      (await ana.api('POST /api/friend-requests/:userId', { params: { userId: 'not-a-number' } }))
        .status,
    ).toBe(404);
    await ana.api('POST /api/friend-requests/:userId', { params: { userId: bo.user.id } });
    expect(
      await ana.api('POST /api/friend-requests/:userId', { params: { userId: bo.user.id } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'Friend request already sent' },
    });
    const received = (await bo.api('GET /api/friend-requests')).body.received[0]!;
    await bo.api('POST /api/friend-requests/:id/accept', { params: { id: received.id } });
    expect(
      await ana.api('POST /api/friend-requests/:userId', { params: { userId: bo.user.id } }),
    ).toMatchObject({
      status: 409,
      body: { message: 'You are already friends' },
    });
    expect(await bo.call('POST', `/api/friend-requests/${received.id}/accept`)).toMatchObject({
      status: 404,
      body: { message: 'Friend request not found' },
    });
  });

  it('lets only the receiver answer a request', async () => {
    const ana = await signUp(t.app);
    const bo = await signUp(t.app);
    const eve = await signUp(t.app);
    const sent = await ana.api('POST /api/friend-requests/:userId', {
      params: { userId: bo.user.id },
    });
    for (const actor of [ana, eve]) {
      expect(
        (await actor.api('POST /api/friend-requests/:id/accept', { params: { id: sent.body.id } }))
          .status,
      ).toBe(404);
      expect(
        (await actor.api('POST /api/friend-requests/:id/reject', { params: { id: sent.body.id } }))
          .status,
      ).toBe(404);
    }
    expect((await eve.api('GET /api/friend-requests')).body).toEqual({ sent: [], received: [] });
    expect((await bo.api('GET /api/friend-requests')).body.received).toHaveLength(1);
    expect(
      (
        await new ApiClient(t.app).api('POST /api/friend-requests/:id/accept', {
          params: { id: sent.body.id },
        })
      ).status,
    ).toBe(401);
  });
});

describe('friends', () => {
  it('removes a friendship in both directions', async () => {
    const ana = await signUp(t.app);
    const bo = await signUp(t.app);
    await befriend(ana, bo);
    expect(
      await ana.api('DELETE /api/friends/:userId', { params: { userId: bo.user.id } }),
    ).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await ana.api('GET /api/friends')).body).toEqual([]);
    expect((await bo.api('GET /api/friends')).body).toEqual([]);
    expect(
      await ana.api('DELETE /api/friends/:userId', { params: { userId: bo.user.id } }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Friend not found' },
    });
    // They can become friends again.
    await befriend(bo, ana);
    expect((await ana.api('GET /api/friends')).body).toHaveLength(1);
  });

  it("cannot remove other people's friendships", async () => {
    const ana = await signUp(t.app);
    const bo = await signUp(t.app);
    const eve = await signUp(t.app);
    await befriend(ana, bo);
    expect(
      (await eve.api('DELETE /api/friends/:userId', { params: { userId: bo.user.id } })).status,
    ).toBe(404);
    expect((await ana.api('GET /api/friends')).body).toHaveLength(1);
  });

  it('needs sign-in', async () => {
    const anonymous = new ApiClient(t.app);
    expect((await anonymous.api('GET /api/friends')).status).toBe(401);
    expect((await anonymous.api('GET /api/friend-requests')).status).toBe(401);
    expect((await anonymous.api('GET /api/users/search', { query: { q: 'ab' } })).status).toBe(401);
    expect(
      (await anonymous.api('POST /api/friend-requests/:userId', { params: { userId: 1 } })).status,
    ).toBe(401);
    expect(
      (await anonymous.api('DELETE /api/friends/:userId', { params: { userId: 1 } })).status,
    ).toBe(401);
  });
});

describe('searching for people', () => {
  it('finds names and usernames containing the query, ignoring case, never the caller', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const me = await signUp(t.app, { fullName: `Zed ${tag} Searcher` });
    const byName = await signUp(t.app, {
      fullName: `Mina ${tag.toUpperCase()} Parsi`,
      postalCode: 'SW1A 1AA',
    });
    const byUsername = await signUp(t.app, { username: `who_${tag}`, fullName: 'Someone Else' });
    const found = await me.api('GET /api/users/search', { query: { q: tag } });
    expect(found.status).toBe(200);
    expect(found.body.map((u) => u.id).sort()).toEqual([byName.user.id, byUsername.user.id].sort());
    const mina = found.body.find((u) => u.id === byName.user.id);
    // Strangers see only the start of a postal code, and never email or whatsapp.
    expect(mina).toEqual({
      id: byName.user.id,
      fullName: byName.user.fullName,
      username: byName.user.username,
      postalCode: 'SW1',
    });
  });

  it('gives nothing for a query under 2 characters, and treats % and _ literally', async () => {
    const me = await signUp(t.app);
    expect((await me.api('GET /api/users/search', { query: { q: 'a' } })).body).toEqual([]);
    expect((await me.api('GET /api/users/search', { query: { q: '' } })).body).toEqual([]);
    expect((await me.api('GET /api/users/search')).body).toEqual([]);
    expect((await me.api('GET /api/users/search', { query: { q: '%%' } })).body).toEqual([]);
  });

  it('gives at most 20 results', async () => {
    const tag = `many${Math.random().toString(36).slice(2, 7)}`;
    const me = await signUp(t.app);
    for (let i = 0; i < 22; i++) await signUp(t.app, { fullName: `${tag} ${i}` });
    expect((await me.call('GET', `/api/users/search?q=${tag}`)).body).toHaveLength(20);
  });
});

describe('discovering people', () => {
  it('suggests people by their 3-character prefix, area to other, without friends or pending requests', async () => {
    const app = await (await import('../test-support/test-app.js')).createTestApp();
    try {
      const me = await signUp(app.app, { postalCode: '94110 AB' });
      const other = await signUp(app.app, { postalCode: '10001' });
      const city = await signUp(app.app, { postalCode: '95000' });
      const region = await signUp(app.app, { postalCode: '94700' });
      const area = await signUp(app.app, { postalCode: '94120' });
      const near = await signUp(app.app, { postalCode: '9411 0XY' });
      const friend = await signUp(app.app, { postalCode: '94110' });
      const asked = await signUp(app.app, { postalCode: '94110' });
      const asking = await signUp(app.app, { postalCode: '94110' });
      const noCode = await signUp(app.app);
      await befriend(me, friend);
      await me.api('POST /api/friend-requests/:userId', { params: { userId: asked.user.id } });
      await asking.api('POST /api/friend-requests/:userId', { params: { userId: me.user.id } });

      const found = await me.api('GET /api/users/search', { query: { discover: 'true' } });
      expect(found.status).toBe(200);
      expect(
        found.body.map((u) => [u.id, 'distanceCategory' in u ? u.distanceCategory : null]),
      ).toEqual([
        // Five shared characters tell a stranger no more than three: both are the same area,
        // newest first.
        [near.user.id, 'area'],
        [area.user.id, 'area'],
        [region.user.id, 'region'],
        [city.user.id, 'city'],
        ...[noCode.user.id, other.user.id].map((id) => [id, 'other']),
      ]);
      expect(found.body[0]).toEqual({
        id: near.user.id,
        fullName: near.user.fullName,
        username: near.user.username,
        postalCode: '941',
        distanceCategory: 'area',
      });
    } finally {
      await app.close();
    }
  });

  it('suggests the newest people first to someone who gave no postal code', async () => {
    const app = await (await import('../test-support/test-app.js')).createTestApp();
    try {
      const me = await signUp(app.app);
      const older = await signUp(app.app, { postalCode: '94110' });
      const newer = await signUp(app.app, { postalCode: '10001' });
      const found = await me.api('GET /api/users/search', { query: { discover: 'true' } });
      expect(found.status).toBe(200);
      expect(
        found.body.map((u) => [u.id, 'distanceCategory' in u ? u.distanceCategory : null]),
      ).toEqual([
        [newer.user.id, 'other'],
        [older.user.id, 'other'],
      ]);
    } finally {
      await app.close();
    }
  });

  it('fills a page from the nearest class before any farther one, however new the farther', async () => {
    const app = await (await import('../test-support/test-app.js')).createTestApp();
    try {
      const me = await signUp(app.app, { postalCode: '94110' });
      const sameArea = [];
      for (let i = 0; i < SEARCH_RESULT_LIMIT; i++) {
        sameArea.push(await signUp(app.app, { postalCode: `941${i % 10}0` }));
      }
      await signUp(app.app, { postalCode: '94700' });
      await signUp(app.app, { postalCode: '10001' });
      const found = await me.api('GET /api/users/search', { query: { discover: 'true' } });
      expect(found.body.map((u) => u.id)).toEqual(sameArea.map((p) => p.user.id).reverse());
    } finally {
      await app.close();
    }
  });

  it.each([
    ['a non-breaking space', '94\u00A0110', '94110'],
    ['a letter beyond ASCII in another case', 'é12 999', 'É12 345'],
  ])(
    'reads a code with %s in the class its category shows, however many newer are farther',
    async (_, theirs, mine) => {
      const app = await (await import('../test-support/test-app.js')).createTestApp();
      try {
        const me = await signUp(app.app, { postalCode: mine });
        const sameArea = await signUp(app.app, { postalCode: theirs });
        // A page of newer people who share two characters only (a farther class).
        for (let i = 0; i < SEARCH_RESULT_LIMIT; i++) {
          await signUp(app.app, { postalCode: `${Array.from(mine).slice(0, 2).join('')}9${i}` });
        }
        const found = await me.api('GET /api/users/search', { query: { discover: 'true' } });
        expect(found.body[0]).toMatchObject({ id: sameArea.user.id, distanceCategory: 'area' });
      } finally {
        await app.close();
      }
    },
  );

  it('reads a postal code shorter than three characters by the characters it has', async () => {
    const app = await (await import('../test-support/test-app.js')).createTestApp();
    try {
      const me = await signUp(app.app, { postalCode: '9 4' });
      const other = await signUp(app.app, { postalCode: '10001' });
      const city = await signUp(app.app, { postalCode: '95000' });
      const region = await signUp(app.app, { postalCode: '94110' });
      const found = await me.api('GET /api/users/search', { query: { discover: 'true' } });
      expect(
        found.body.map((u) => [u.id, 'distanceCategory' in u ? u.distanceCategory : null]),
      ).toEqual([
        [region.user.id, 'region'],
        [city.user.id, 'city'],
        [other.user.id, 'other'],
      ]);
    } finally {
      await app.close();
    }
  });

  it('suggests by the postal code just given, at once', async () => {
    const app = await (await import('../test-support/test-app.js')).createTestApp();
    try {
      const me = await signUp(app.app, { postalCode: '10001' });
      const nearOld = await signUp(app.app, { postalCode: '10002' });
      const nearNew = await signUp(app.app, { postalCode: '94110' });
      const categories = async () =>
        (await me.api('GET /api/users/search', { query: { discover: 'true' } })).body.map((u) => [
          u.id,
          'distanceCategory' in u ? u.distanceCategory : null,
        ]);
      expect(await categories()).toEqual([
        [nearOld.user.id, 'area'],
        [nearNew.user.id, 'other'],
      ]);
      const moved = await me.api('PATCH /api/users/me', { body: { postalCode: '94120' } });
      expect(moved.status).toBe(200);
      expect(await categories()).toEqual([
        [nearNew.user.id, 'area'],
        [nearOld.user.id, 'other'],
      ]);
    } finally {
      await app.close();
    }
  });
});
