import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../db/connection.js';
import { type ApiClient, type ApiResponse, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let database: AppDatabase;
beforeAll(async () => {
  t = await createTestApp();
  database = openDatabase(t.databaseUrl);
});
afterAll(async () => {
  await database.close();
  await t.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;
const UNKNOWN_ID = 999_999_999;
const hour = 60 * 60 * 1000;

const choose = (person: Person, discoverable: 'everyone' | 'username' | 'nobody') =>
  person.call('PATCH', '/api/users/me', { discoverable });

async function suspend(person: Person): Promise<void> {
  await database.db
    .updateTable('users')
    .set({ suspended_at: t.clock.clock().toISOString() })
    .where('id', '=', person.user.id)
    .execute();
}

/** What an attacker sees: the status and body, nothing that differs by chance of timing. */
const seen = (response: ApiResponse<unknown>) => ({ status: response.status, body: response.body });

const byId = {
  report: (caller: ApiClient, id: number) =>
    caller.api('POST /api/reports', { body: { targetType: 'user', targetId: id, reason: 'spam' } }),
  request: (caller: ApiClient, id: number) =>
    caller.api('POST /api/friend-requests/:userId', { params: { userId: id } }),
  block: (caller: ApiClient, id: number) =>
    caller.api('POST /api/blocks', { body: { userId: id } }),
};

describe('an attacker walking ids', () => {
  it('reaches only the people the rules let them reach, and cannot tell the others from no one', async () => {
    const attacker = await signUp(t.app);
    const open = await signUp(t.app, { fullName: 'Open Person' });
    const byUsername = await signUp(t.app, { fullName: 'Username Person' });
    await choose(byUsername, 'username');
    const hidden = await signUp(t.app, { fullName: 'Hidden Person' });
    await choose(hidden, 'nobody');
    const hiddenFriend = await signUp(t.app, { fullName: 'Hidden Friend' });
    await befriend(hiddenFriend, attacker);
    await choose(hiddenFriend, 'nobody');
    const hiddenAsker = await signUp(t.app, { fullName: 'Hidden Asker' });
    expect((await byId.request(hiddenAsker, attacker.user.id)).status).toBe(201);
    await choose(hiddenAsker, 'nobody');
    const suspended = await signUp(t.app, { fullName: 'Suspended Person' });
    await suspend(suspended);
    const blocker = await signUp(t.app, { fullName: 'Blocker Person' });
    expect((await byId.block(blocker, attacker.user.id)).status).toBe(201);
    const gone = await signUp(t.app);
    expect(
      (await gone.call('DELETE', '/api/users/me', { password: 'correct horse battery' })).status,
    ).toBe(200);

    const reachable = new Set([open.user.id, hiddenFriend.user.id, hiddenAsker.user.id]);
    const unreachable = [byUsername, hidden, suspended, blocker, gone].map((p) => p.user.id);
    const lastId = Math.max(...[...reachable, ...unreachable]) + 3;
    const ids = Array.from({ length: lastId }, (_, i) => i + 1).filter(
      (id) => id !== attacker.user.id,
    );

    // Reports first, then requests, then blocks: each walk leaves the reach of the next as it was.
    for (const action of ['report', 'request', 'block'] as const) {
      const nobody = seen(await byId[action](attacker, UNKNOWN_ID));
      expect(nobody).toEqual({ status: 404, body: { message: 'User not found' } });
      const answered = new Map<number, ReturnType<typeof seen>>();
      for (const id of ids) answered.set(id, seen(await byId[action](attacker, id)));
      for (const id of unreachable) expect(answered.get(id), `${action} ${id}`).toEqual(nobody);
      for (const id of reachable) expect(answered.get(id), `${action} ${id}`).not.toEqual(nobody);
      t.clock.advance(24 * hour);
    }

    const listed = (await attacker.api('GET /api/blocks')).body as { userId: number }[];
    const blockedIds = listed.map((b) => b.userId);
    expect(blockedIds).toEqual(expect.arrayContaining([...reachable]));
    for (const id of unreachable) expect(blockedIds).not.toContain(id);
    const everything = JSON.stringify([
      listed,
      (await attacker.api('GET /api/friend-requests')).body,
      (await attacker.api('GET /api/friends')).body,
    ]);
    for (const name of ['Username Person', 'Hidden Person', 'Suspended Person', 'Blocker Person']) {
      expect(everything).not.toContain(name);
    }
    // Nobody unreachable was sent a request.
    expect((await hidden.api('GET /api/friend-requests')).body.received).toEqual([]);
    expect((await byUsername.api('GET /api/friend-requests')).body.received).toEqual([]);
  });
});

describe('a block stands as if neither existed for the other', () => {
  it('answers every action of the blocked person toward the blocker as for an unknown id', async () => {
    const blocker = await signUp(t.app);
    const blocked = await signUp(t.app);
    await befriend(blocked, blocker);
    expect((await byId.block(blocker, blocked.user.id)).status).toBe(201);
    for (const action of ['report', 'request', 'block'] as const) {
      expect(seen(await byId[action](blocked, blocker.user.id)), action).toEqual(
        seen(await byId[action](blocked, UNKNOWN_ID)),
      );
    }
    expect(
      seen(
        await blocked.api('POST /api/friend-requests', {
          body: { username: blocker.user.username },
        }),
      ),
    ).toEqual({ status: 404, body: { message: 'User not found' } });
    expect(
      seen(
        await blocked.api('POST /api/blocks', {
          body: { username: blocker.user.username.toUpperCase() },
        }),
      ),
    ).toEqual({ status: 404, body: { message: 'User not found' } });
    // The blocker's own block is theirs to see: blocking again changes nothing.
    expect(await byId.block(blocker, blocked.user.id)).toMatchObject({
      status: 200,
      body: { userId: blocked.user.id },
    });
    expect(
      await blocker.api('POST /api/blocks', { body: { username: blocked.user.username } }),
    ).toMatchObject({
      status: 200,
      body: { userId: blocked.user.id },
    });
  });
});

describe('a friend request by username', () => {
  it('reaches exactly the username, ignoring case, with the answers a request by id gives', async () => {
    const sender = await signUp(t.app);
    const receiver = await signUp(t.app, { fullName: 'Found By Username' });
    await choose(receiver, 'username');
    expect(
      seen(
        await sender.api('POST /api/friend-requests', {
          body: { username: `${receiver.user.username}x` },
        }),
      ),
    ).toEqual({ status: 404, body: { message: 'User not found' } });
    const sent = await sender.api('POST /api/friend-requests', {
      body: {
        username: ` ${receiver.user.username.toUpperCase()} `,
      },
    });
    expect(sent).toMatchObject({
      status: 201,
      body: { receiver: { id: receiver.user.id, fullName: 'Found By Username' } },
    });
    // Now pending: reachable by id too, with the same refusal either way.
    const again = seen(
      await sender.api('POST /api/friend-requests/:userId', {
        params: { userId: receiver.user.id },
      }),
    );
    expect(again).toEqual({ status: 409, body: { message: 'Friend request already sent' } });
    expect(
      seen(
        await sender.api('POST /api/friend-requests', {
          body: { username: receiver.user.username },
        }),
      ),
    ).toEqual(again);
    // Asking back accepts.
    expect(
      await receiver.api('POST /api/friend-requests', { body: { username: sender.user.username } }),
    ).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect(
      seen(
        await sender.api('POST /api/friend-requests', { body: { username: sender.user.username } }),
      ),
    ).toEqual({ status: 400, body: { message: 'You cannot send a friend request to yourself' } });
    expect(
      (await sender.api('POST /api/friend-requests', { body: { username: 'a b' } })).status,
    ).toBe(400);
    expect((await sender.call('POST', '/api/friend-requests', {})).status).toBe(400);
  });

  it('never reaches someone who chose nobody, unless the two already know each other', async () => {
    const sender = await signUp(t.app);
    const hidden = await signUp(t.app);
    await choose(hidden, 'nobody');
    const suspended = await signUp(t.app);
    await suspend(suspended);
    for (const person of [hidden, suspended]) {
      expect(
        seen(
          await sender.api('POST /api/friend-requests', {
            body: { username: person.user.username },
          }),
        ),
      ).toEqual({ status: 404, body: { message: 'User not found' } });
      expect(
        seen(await sender.api('POST /api/blocks', { body: { username: person.user.username } })),
      ).toEqual({
        status: 404,
        body: { message: 'User not found' },
      });
    }
    const friend = await signUp(t.app);
    await befriend(friend, sender);
    await choose(friend, 'nobody');
    expect(
      seen(
        await sender.api('POST /api/friend-requests', { body: { username: friend.user.username } }),
      ),
    ).toEqual({ status: 409, body: { message: 'You are already friends' } });
  });

  it('lets a person found only by username be blocked by that username', async () => {
    const blocker = await signUp(t.app);
    const target = await signUp(t.app, { fullName: 'Blocked By Username' });
    await choose(target, 'username');
    expect((await byId.block(blocker, target.user.id)).status).toBe(404);
    expect(
      await blocker.api('POST /api/blocks', { body: { username: target.user.username } }),
    ).toMatchObject({
      status: 201,
      body: { userId: target.user.id },
    });
    expect((await blocker.api('GET /api/blocks')).body).toMatchObject([
      { userId: target.user.id, fullName: 'Blocked By Username' },
    ]);
  });
});

describe('blocks', () => {
  it('are limited per account per hour, like friend requests, unknown ids counted too', async () => {
    const walker = await signUp(t.app);
    const last = await signUp(t.app);
    t.clock.advance(hour);
    for (let i = 0; i < 50; i += 1) {
      expect((await byId.block(walker, UNKNOWN_ID - i)).status).toBe(404);
    }
    const refused = await byId.block(walker, last.user.id);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    t.clock.advance(hour);
    expect((await byId.block(walker, last.user.id)).status).toBe(201);
  });

  it('are not listed once the blocked account is suspended', async () => {
    const blocker = await signUp(t.app);
    const target = await signUp(t.app);
    expect((await byId.block(blocker, target.user.id)).status).toBe(201);
    await suspend(target);
    expect((await blocker.api('GET /api/blocks')).body).toEqual([]);
  });
});

describe('a reading circle', () => {
  it('lets fellow members reach each other whatever they chose; others still cannot', async () => {
    const owner = await signUp(t.app, { fullName: 'Circle Owner' });
    const member = await signUp(t.app, { fullName: 'Circle Member' });
    await choose(member, 'nobody');
    const stranger = await signUp(t.app);
    const circle = await owner.api('POST /api/circles', { body: { name: 'Thursday readers' } });
    const invite = await owner.api('POST /api/circles/:id/invites', {
      params: { id: circle.body.id },
    });
    expect(
      (await member.api('POST /api/circles/join', { body: { code: invite.body.code } })).status,
    ).toBe(200);

    expect(seen(await byId.request(stranger, member.user.id))).toEqual(
      seen(await byId.request(stranger, UNKNOWN_ID)),
    );
    expect((await byId.request(owner, member.user.id)).status).toBe(201);
  });
});
