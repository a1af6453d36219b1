import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ids = (body: { id: number }[]) => body.map((person) => person.id);
const searchIds = async (searcher: ApiClient, q: string) =>
  ids((await searcher.api('GET /api/users/search', { query: { q } })).body);
const discoverIds = async (searcher: ApiClient) =>
  ids((await searcher.api('GET /api/users/search', { query: { discover: 'true' } })).body);

describe('blocking a person', () => {
  it('answers 201 once, 200 after, and lists blocks newest first', async () => {
    const me = await signUp(t.app);
    const first = await signUp(t.app, { fullName: 'First Blocked' });
    const second = await signUp(t.app, { fullName: 'Second Blocked' });
    expect(await me.api('POST /api/blocks', { body: { userId: first.user.id } })).toMatchObject({
      status: 201,
      body: { userId: first.user.id },
    });
    t.clock.advance(1000);
    expect(await me.api('POST /api/blocks', { body: { userId: second.user.id } })).toMatchObject({
      status: 201,
    });
    expect(await me.api('POST /api/blocks', { body: { userId: first.user.id } })).toMatchObject({
      status: 200,
      body: { userId: first.user.id },
    });
    expect((await me.api('GET /api/blocks')).body).toEqual([
      {
        userId: second.user.id,
        fullName: 'Second Blocked',
        username: second.user.username,
        blockedAt: expect.any(String),
      },
      {
        userId: first.user.id,
        fullName: 'First Blocked',
        username: first.user.username,
        blockedAt: expect.any(String),
      },
    ]);
    // The blocked see no list of who blocked them.
    expect((await first.api('GET /api/blocks')).body).toEqual([]);
  });

  it('refuses blocking yourself or nobody, and unblocking what is not blocked', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    expect(await me.api('POST /api/blocks', { body: { userId: me.user.id } })).toMatchObject({
      status: 400,
      body: { message: 'You cannot block yourself' },
    });
    expect(await me.api('POST /api/blocks', { body: { userId: 999_999_999 } })).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    expect((await me.call('POST', '/api/blocks', { userId: 'x' })).status).toBe(400);
    expect((await me.call('POST', '/api/blocks', {})).status).toBe(400);
    expect(
      await me.api('DELETE /api/blocks/:userId', { params: { userId: other.user.id } }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Block not found' },
    });
    expect(
      (await me.api('DELETE /api/blocks/:userId', { params: { userId: 'not-an-id' } })).status,
    ).toBe(404);
    // Someone else's block cannot be lifted by the person blocked.
    await me.api('POST /api/blocks', { body: { userId: other.user.id } });
    expect(
      (await other.api('DELETE /api/blocks/:userId', { params: { userId: me.user.id } })).status,
    ).toBe(404);
    expect(
      await me.api('DELETE /api/blocks/:userId', { params: { userId: other.user.id } }),
    ).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await me.api('GET /api/blocks')).body).toEqual([]);
  });

  it('ends the friendship both ways, and unblocking does not bring it back', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(me, friend);
    await friend.api('POST /api/journal', {
      body: {
        dayNumber: 5,
        entryText: JSON.stringify({ thoughts: 'shared before the block', words: '', deeds: '' }),
        isPublic: true,
      },
    });
    expect((await me.api('GET /api/journal/friends')).body).toHaveLength(1);

    await me.api('POST /api/blocks', { body: { userId: friend.user.id } });
    expect((await me.api('GET /api/friends')).body).toEqual([]);
    expect((await friend.api('GET /api/friends')).body).toEqual([]);
    expect((await me.api('GET /api/journal/friends')).body).toEqual([]);
    expect((await friend.api('GET /api/journal/friends')).body).toEqual([]);

    await me.api('DELETE /api/blocks/:userId', { params: { userId: friend.user.id } });
    expect((await me.api('GET /api/friends')).body).toEqual([]);
    expect((await friend.api('GET /api/friends')).body).toEqual([]);
    // Strangers again: either may ask anew.
    expect(
      (await friend.api('POST /api/friend-requests/:userId', { params: { userId: me.user.id } }))
        .status,
    ).toBe(201);
  });

  it('ends pending requests both ways', async () => {
    const me = await signUp(t.app);
    const asking = await signUp(t.app);
    const asked = await signUp(t.app);
    await asking.api('POST /api/friend-requests/:userId', { params: { userId: me.user.id } });
    await me.api('POST /api/friend-requests/:userId', { params: { userId: asked.user.id } });
    await me.api('POST /api/blocks', { body: { userId: asking.user.id } });
    await asked.api('POST /api/blocks', { body: { userId: me.user.id } });
    for (const person of [me, asking, asked]) {
      expect((await person.api('GET /api/friend-requests')).body).toEqual({
        sent: [],
        received: [],
      });
    }
  });

  it('hides each from the other in search and discover, whoever blocked', async () => {
    const tag = `blk${Math.random().toString(36).slice(2, 8)}`;
    const blocker = await signUp(t.app, { fullName: `${tag} Blocker`, postalCode: '94110' });
    const blocked = await signUp(t.app, { fullName: `${tag} Blocked`, postalCode: '94110' });
    const bystander = await signUp(t.app, { fullName: `${tag} Bystander`, postalCode: '94110' });
    expect(await searchIds(blocked, tag)).toContain(blocker.user.id);
    expect(await discoverIds(blocked)).toContain(blocker.user.id);

    await blocker.api('POST /api/blocks', { body: { userId: blocked.user.id } });
    expect(await searchIds(blocked, tag)).toEqual([bystander.user.id]);
    expect(await searchIds(blocked, blocker.user.username)).toEqual([]);
    expect(await searchIds(blocker, tag)).toEqual([bystander.user.id]);
    expect(await discoverIds(blocked)).not.toContain(blocker.user.id);
    expect(await discoverIds(blocker)).not.toContain(blocked.user.id);
    // Others still find both.
    expect((await searchIds(bystander, tag)).sort()).toEqual(
      [blocker.user.id, blocked.user.id].sort(),
    );

    await blocker.api('DELETE /api/blocks/:userId', { params: { userId: blocked.user.id } });
    expect(await searchIds(blocked, tag)).toContain(blocker.user.id);
  });

  it('answers a friend request between them exactly as for an unknown person', async () => {
    const blocker = await signUp(t.app);
    const blocked = await signUp(t.app);
    await blocker.api('POST /api/blocks', { body: { userId: blocked.user.id } });
    const unknown = await blocked.api('POST /api/friend-requests/:userId', {
      params: { userId: 999999999 },
    });
    const toBlocker = await blocked.api('POST /api/friend-requests/:userId', {
      params: { userId: blocker.user.id },
    });
    expect(toBlocker.status).toBe(404);
    expect(toBlocker.body).toEqual(unknown.body);
    expect(toBlocker.body).toEqual({ message: 'User not found' });
    const fromBlocker = await blocker.api('POST /api/friend-requests/:userId', {
      params: { userId: blocked.user.id },
    });
    expect(fromBlocker).toMatchObject({ status: 404, body: { message: 'User not found' } });
    expect((await blocker.api('GET /api/friend-requests')).body).toEqual({
      sent: [],
      received: [],
    });
  });

  it('goes with a deleted account', async () => {
    const me = await signUp(t.app);
    const leaving = await signUp(t.app, { password: 'a long leaving password' });
    await me.api('POST /api/blocks', { body: { userId: leaving.user.id } });
    expect(
      (await leaving.call('DELETE', '/api/users/me', { password: 'a long leaving password' }))
        .status,
    ).toBe(200);
    expect((await me.api('GET /api/blocks')).body).toEqual([]);
  });
});

describe('who can find me', () => {
  it('is everyone by default, shown only to its owner, and changed with PATCH', async () => {
    const me = await signUp(t.app);
    expect(me.user.discoverable).toBe('everyone');
    const changed = await me.call('PATCH', '/api/users/me', { discoverable: 'username' });
    expect(changed).toMatchObject({ status: 200, body: { user: { discoverable: 'username' } } });
    expect((await me.api('GET /api/auth/me')).body.user.discoverable).toBe('username');
    expect((await me.call('PATCH', '/api/users/me', { discoverable: 'anyone' })).status).toBe(400);
    const other = await signUp(t.app);
    // Chosen "username": reached through that exact username, not by id.
    expect(
      (await other.api('POST /api/friend-requests/:userId', { params: { userId: me.user.id } }))
        .status,
    ).toBe(404);
    const sent = await other.api('POST /api/friend-requests', {
      body: { username: me.user.username },
    });
    expect(sent.status).toBe(201);
    expect(
      (await me.api('POST /api/friend-requests/:id/accept', { params: { id: sent.body.id } }))
        .status,
    ).toBe(200);
    expect(JSON.stringify((await other.api('GET /api/friends')).body)).not.toContain(
      'discoverable',
    );
  });

  it('limits search and discover by each level, leaving friends as they are', async () => {
    const tag = `dsc${Math.random().toString(36).slice(2, 8)}`;
    const searcher = await signUp(t.app, { postalCode: '10001' });
    const everyone = await signUp(t.app, { fullName: `${tag} Everyone`, postalCode: '10001' });
    const byUsername = await signUp(t.app, {
      fullName: `${tag} Username`,
      username: `${tag}_exact`,
      postalCode: '10001',
    });
    const nobody = await signUp(t.app, {
      fullName: `${tag} Nobody`,
      username: `${tag}_hidden`,
      postalCode: '10001',
    });
    const friendOfNobody = await signUp(t.app);
    await befriend(friendOfNobody, nobody);
    await byUsername.call('PATCH', '/api/users/me', { discoverable: 'username' });
    await nobody.call('PATCH', '/api/users/me', { discoverable: 'nobody' });

    expect(await searchIds(searcher, tag)).toEqual([everyone.user.id]);
    expect(await searchIds(searcher, `${tag}_exac`)).toEqual([]);
    expect(await searchIds(searcher, `${tag}_EXACT`)).toEqual([byUsername.user.id]);
    expect(await searchIds(searcher, ` ${tag}_exact `)).toEqual([byUsername.user.id]);
    expect(await searchIds(searcher, `${tag}_hidden`)).toEqual([]);
    expect(await searchIds(searcher, `${tag} Nobody`)).toEqual([]);
    const suggested = await discoverIds(searcher);
    expect(suggested).toContain(everyone.user.id);
    expect(suggested).not.toContain(byUsername.user.id);
    expect(suggested).not.toContain(nobody.user.id);

    expect(ids((await friendOfNobody.api('GET /api/friends')).body)).toEqual([nobody.user.id]);
    await nobody.call('PATCH', '/api/users/me', { discoverable: 'everyone' });
    expect(await searchIds(searcher, `${tag} Nobody`)).toEqual([nobody.user.id]);
  });
});
