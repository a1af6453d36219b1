import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIRCLE_LIMITS } from '#shared/circle-schemas';
import { openDatabase } from '../db/connection.js';
import { type ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { shareACircle } from './circle-membership.js';

let t: TestApp;
let database: ReturnType<typeof openDatabase>;
beforeAll(async () => {
  t = await createTestApp();
  database = openDatabase(t.databaseUrl);
});
afterAll(async () => {
  await database.close();
  await t.close();
});

type Person = ApiClient & { user: { id: number; fullName: string } };
const text = (thoughts: string, words = '', deeds = '') =>
  JSON.stringify({ thoughts, words, deeds });

/** An owner's circle with a member who joined by an invite link. */
async function circleOfTwo(name = 'Family') {
  const owner = (await signUp(t.app, { fullName: 'Roshan Owner' })) as Person;
  const member = (await signUp(t.app, { fullName: 'Mehr Member' })) as Person;
  const created = await owner.api('POST /api/circles', {
    body: { name, description: 'We read at breakfast' },
  });
  expect(created.status).toBe(201);
  const circleId = created.body.id as number;
  const invite = await owner.api('POST /api/circles/:id/invites', { params: { id: circleId } });
  expect(invite.status).toBe(201);
  const joined = await member.api('POST /api/circles/join', { body: { code: invite.body.code } });
  expect(joined).toMatchObject({ status: 200, body: { id: circleId, name, role: 'member' } });
  return { owner, member, circleId, code: invite.body.code as string };
}

async function today(person: ApiClient): Promise<number> {
  return (await person.api('GET /api/thoughts/today')).body.currentDay as number;
}

describe('making a circle', () => {
  it('answers the new circle, lists it with its counts, and shows its members', async () => {
    const owner = await signUp(t.app, { fullName: 'Roshan' });
    const created = await owner.api('POST /api/circles', {
      body: {
        name: '  Study class  ',
        description: 'Tuesdays',
      },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        id: expect.any(Number),
        name: 'Study class',
        description: 'Tuesdays',
        role: 'owner',
        memberCount: 1,
      },
    });
    expect((await owner.api('GET /api/circles')).body).toEqual([
      { ...created.body, reflectedToday: 0 },
    ]);
    const detail = await owner.api('GET /api/circles/:id', { params: { id: created.body.id } });
    expect(detail.body.members).toEqual([
      {
        userId: owner.user.id,
        fullName: 'Roshan',
        username: owner.user.username,
        role: 'owner',
        joinedAt: expect.any(String),
      },
    ]);
  });

  it('refuses a missing, long or multi-line name and a long description, with clear messages', async () => {
    const owner = await signUp(t.app);
    const tries: [unknown, string][] = [
      [{}, 'Required'],
      [{ name: '   ' }, 'Give the circle a name'],
      [{ name: 'x'.repeat(61) }, 'The name can be at most 60 characters'],
      [{ name: 'two\nlines' }, 'The name cannot contain line breaks or control characters'],
      [
        { name: 'ok', description: 'y'.repeat(281) },
        'The description can be at most 280 characters',
      ],
    ];
    for (const [body, message] of tries) {
      expect(await owner.call('POST', '/api/circles', body)).toMatchObject({
        status: 400,
        body: { message },
      });
    }
  });

  it('holds a person to 20 circles, saying so', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < CIRCLE_LIMITS.circlesPerPerson; i++) {
      expect((await owner.api('POST /api/circles', { body: { name: `Circle ${i}` } })).status).toBe(
        201,
      );
    }
    const refused = await owner.api('POST /api/circles', { body: { name: 'One too many' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/at most 20 circles/);
  });
});

describe('inviting by link', () => {
  it('shows anyone what the circle is, lets people join once, and refuses unknown or expired codes', async () => {
    const { owner, member, circleId, code } = await circleOfTwo('Cousins');
    const visitor = await signUp(t.app);
    const preview = await new (owner.constructor as typeof ApiClient)(t.app).api(
      'GET /api/circle-invites/:code',
      { params: { code } },
    );
    expect(preview).toMatchObject({
      status: 200,
      body: { name: 'Cousins', description: 'We read at breakfast', memberCount: 2 },
    });
    expect(await member.api('POST /api/circles/join', { body: { code } })).toMatchObject({
      status: 200,
      body: { id: circleId, role: 'member' },
    });
    expect(
      (await owner.api('GET /api/circles/:id', { params: { id: circleId } })).body.memberCount,
    ).toBe(2);
    for (const bad of ['nope', 'x'.repeat(22)]) {
      expect(await visitor.api('POST /api/circles/join', { body: { code: bad } })).toMatchObject({
        status: 404,
        body: { message: 'Invite not found' },
      });
    }
    t.clock.advance(8 * 86_400_000);
    expect(await visitor.api('POST /api/circles/join', { body: { code } })).toMatchObject({
      status: 404,
      body: { message: 'Invite not found' },
    });
    expect(
      (
        await new (owner.constructor as typeof ApiClient)(t.app).api(
          'GET /api/circle-invites/:code',
          { params: { code } },
        )
      ).status,
    ).toBe(404);
  });

  it('lets only the owner invite, at most 20 links a day', async () => {
    const { owner, member, circleId } = await circleOfTwo();
    expect(
      (await member.api('POST /api/circles/:id/invites', { params: { id: circleId } })).status,
    ).toBe(403);
    for (let i = 1; i < CIRCLE_LIMITS.invitesPerDay; i++) {
      expect(
        (await owner.api('POST /api/circles/:id/invites', { params: { id: circleId } })).status,
      ).toBe(201);
    }
    const refused = await owner.api('POST /api/circles/:id/invites', { params: { id: circleId } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/at most 20 invite links a day/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(86_400_000 + 1000);
    expect(
      (await owner.api('POST /api/circles/:id/invites', { params: { id: circleId } })).status,
    ).toBe(201);
  });

  it('holds a circle to 100 members, saying so', async () => {
    const { owner, circleId } = await circleOfTwo();
    const now = new Date().toISOString();
    const extra = await database.db
      .insertInto('users')
      .values(
        Array.from({ length: CIRCLE_LIMITS.membersPerCircle - 2 }, (_, i) => ({
          username: `filler_${circleId}_${i}`,
          username_key: `filler_${circleId}_${i}`,
          email: `filler_${circleId}_${i}@example.test`,
          password_hash: 'x',
          full_name: `Filler ${i}`,
          city: null,
          whatsapp: null,
          postal_code: null,
          postal_prefix: '',
          created_at: now,
          suspended_at: null,
          pace_started_on: null,
        })),
      )
      .returning('id')
      .execute();
    await database.db
      .insertInto('circle_members')
      .values(
        extra.map(({ id }) => ({
          circle_id: circleId,
          user_id: id,
          role: 'member' as const,
          joined_at: now,
        })),
      )
      .execute();
    const code = (await owner.api('POST /api/circles/:id/invites', { params: { id: circleId } }))
      .body.code;
    const late = await signUp(t.app);
    const refused = await late.api('POST /api/circles/join', { body: { code } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already has 100 members/);
  });
});

describe('sharing with a circle', () => {
  it("shows members the shared parts under each author's name, and nobody else anything", async () => {
    const { owner, member, circleId } = await circleOfTwo();
    const outsider = await signUp(t.app);
    const day = await today(owner);
    const saved = await member.api('POST /api/journal', {
      body: {
        dayNumber: day,
        entryText: text('a thought for the circle', 'kept to myself', 'a deed'),
        isPublic: false,
        sharedParts: ['thoughts', 'deeds'],
        circleIds: [circleId],
      },
    });
    expect(saved).toMatchObject({
      status: 201,
      body: { circleIds: [circleId], appreciations: [] },
    });

    const page = await owner.call('GET', `/api/circles/${circleId}/reflections`);
    expect(page).toMatchObject({ status: 200 });
    expect(page.body).toEqual([
      {
        id: saved.body.id,
        dayNumber: day,
        user: { id: member.user.id, fullName: 'Mehr Member' },
        thoughts: 'a thought for the circle',
        deeds: 'a deed',
        updatedAt: expect.any(String),
        appreciatedByMe: false,
      },
    ]);
    expect(JSON.stringify(page.body)).not.toContain('kept to myself');
    expect(
      (await owner.call('GET', `/api/circles/${circleId}/reflections?day=${day}`)).body,
    ).toEqual(page.body);
    expect(
      (
        await owner.call(
          'GET',
          `/api/circles/${circleId}/reflections?day=${day === 1 ? 2 : day - 1}`,
        )
      ).body,
    ).toEqual([]);
    expect((await owner.api('GET /api/circles')).body[0]).toMatchObject({
      reflectedToday: 1,
      memberCount: 2,
    });

    // Not in the friends' feed, not to an outsider, not in anyone's search but the author's.
    expect((await owner.api('GET /api/journal/friends')).body).toEqual([]);
    for (const url of [
      `/api/circles/${circleId}`,
      `/api/circles/${circleId}/reflections`,
      `/api/circles/${circleId}/reflections?day=${day}`,
    ]) {
      expect(await outsider.call('GET', url)).toMatchObject({
        status: 404,
        body: { message: 'Circle not found' },
      });
    }
    const found = await owner.api('GET /api/search', {
      query: { q: 'thought for the circle', scope: 'journal' },
    });
    expect(found.body.journal).toEqual([]);
    const ownSearch = await member.api('GET /api/search', {
      query: { q: 'thought for the circle', scope: 'journal' },
    });
    expect(ownSearch.body.journal).toHaveLength(1);
  });

  it("refuses circles the author is not in, and takes a leaver's entries off the circle", async () => {
    const { owner, member, circleId } = await circleOfTwo();
    const stranger = await signUp(t.app);
    const theirs = (await stranger.api('POST /api/circles', { body: { name: 'Theirs' } })).body.id;
    expect(
      await member.api('POST /api/journal', {
        body: {
          dayNumber: 2,
          entryText: text('x'),
          circleIds: [circleId, theirs],
        },
      }),
    ).toMatchObject({ status: 404, body: { message: 'Circle not found' } });
    expect(
      (await member.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 2 } })).status,
    ).toBe(404);

    const saved = await member.api('POST /api/journal', {
      body: {
        dayNumber: 2,
        entryText: text('shared then left'),
        circleIds: [circleId],
      },
    });
    expect(
      (
        await owner.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '2' },
        })
      ).body,
    ).toHaveLength(1);
    expect(
      (
        await member.api('DELETE /api/circles/:id/members/:userId', {
          params: { id: circleId, userId: member.user.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await owner.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '2' },
        })
      ).body,
    ).toEqual([]);
    expect((await member.call('GET', '/api/journal/day/2')).body.circleIds).toEqual([]);
    expect((await member.api('GET /api/circles/:id', { params: { id: circleId } })).status).toBe(
      404,
    );
    expect(
      (
        await member.api('PUT /api/journal/:id', {
          params: { id: saved.body.id },
          body: { circleIds: [circleId] },
        })
      ).status,
    ).toBe(404);
  });

  it("changes who sees an entry when its circles change, and lists them on the author's journal", async () => {
    const { owner, member, circleId } = await circleOfTwo();
    const second = (await member.api('POST /api/circles', { body: { name: 'Second' } })).body.id;
    const saved = await member.api('POST /api/journal', {
      body: { dayNumber: 5, entryText: text('moving'), circleIds: [circleId, second] },
    });
    expect(saved.body.circleIds).toEqual([circleId, second].sort((a, b) => a - b));
    const moved = await member.api('PUT /api/journal/:id', {
      params: { id: saved.body.id },
      body: { circleIds: [second] },
    });
    expect(moved.body.circleIds).toEqual([second]);
    expect(
      (
        await owner.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '5' },
        })
      ).body,
    ).toEqual([]);
    const journal = (await member.api('GET /api/journal')).body;
    expect(journal.find((e) => e.id === saved.body.id)?.circleIds).toEqual([second]);
  });

  it("moves a day's entry between circles when the day is saved again, never from an older version", async () => {
    const { owner, member, circleId } = await circleOfTwo();
    const second = (await member.api('POST /api/circles', { body: { name: 'Second' } })).body.id;
    const first = await member.api('POST /api/journal', {
      body: { dayNumber: 6, entryText: text('first'), circleIds: [circleId], baseUpdatedAt: null },
    });
    expect(first.status).toBe(201);
    const circlePage = async () =>
      (
        await owner.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '6' },
        })
      ).body.map((shared) => shared.thoughts);
    expect(await circlePage()).toEqual(['first']);

    t.clock.advance(1000);
    const moved = await member.api('POST /api/journal', {
      body: {
        dayNumber: 6,
        entryText: text('second'),
        circleIds: [second],
        baseUpdatedAt: first.body.updatedAt,
      },
    });
    expect(moved).toMatchObject({ status: 200, body: { id: first.body.id, circleIds: [second] } });
    expect(await circlePage()).toEqual([]);

    const stale = await member.api('POST /api/journal', {
      body: {
        dayNumber: 6,
        entryText: text('from an older version'),
        circleIds: [circleId],
        baseUpdatedAt: first.body.updatedAt,
      },
    });
    expect(stale.status).toBe(409);
    const day = (await member.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 6 } }))
      .body;
    expect(day).toMatchObject({ entryText: text('second'), circleIds: [second] });
    expect(await circlePage()).toEqual([]);

    // Saved again after a reset of progress, the day counts as reflected on once more.
    t.clock.advance(1000);
    expect((await member.api('DELETE /api/progress')).status).toBe(200);
    const kept = await member.api('POST /api/journal', {
      body: { dayNumber: 6, entryText: text('third'), baseUpdatedAt: moved.body.updatedAt },
    });
    expect(kept).toMatchObject({ status: 200, body: { circleIds: [second] } });
    expect((await member.api('GET /api/progress')).body.days).toMatchObject([
      { dayNumber: 6, reflectionSaved: true },
    ]);
  });
});

describe('leaving, removing, handing on and deleting', () => {
  it('lets only the owner rename, remove, hand on and delete; the owner hands on before leaving', async () => {
    const { owner, member, circleId } = await circleOfTwo();
    expect(
      (await member.call('PATCH', `/api/circles/${circleId}`, { name: 'Mine now' })).status,
    ).toBe(403);
    expect(
      (
        await member.api('DELETE /api/circles/:id/members/:userId', {
          params: { id: circleId, userId: owner.user.id },
        })
      ).status,
    ).toBe(403);
    expect((await member.api('DELETE /api/circles/:id', { params: { id: circleId } })).status).toBe(
      403,
    );
    expect(
      (
        await member.call('PATCH', `/api/circles/${circleId}/members/${member.user.id}`, {
          role: 'owner',
        })
      ).status,
    ).toBe(403);

    const renamed = await owner.call('PATCH', `/api/circles/${circleId}`, { name: 'Renamed' });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Renamed', role: 'owner' } });

    const leave = await owner.api('DELETE /api/circles/:id/members/:userId', {
      params: { id: circleId, userId: owner.user.id },
    });
    expect(leave.status).toBe(409);
    expect(leave.body.message).toMatch(/Hand the circle on/);

    const handed = await owner.call('PATCH', `/api/circles/${circleId}/members/${member.user.id}`, {
      role: 'owner',
    });
    expect(handed.status).toBe(200);
    expect(handed.body.role).toBe('member');
    expect(
      (
        await owner.api('DELETE /api/circles/:id/members/:userId', {
          params: { id: circleId, userId: owner.user.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await member.api('GET /api/circles/:id', { params: { id: circleId } })).body,
    ).toMatchObject({
      role: 'owner',
      memberCount: 1,
    });
    expect((await member.api('DELETE /api/circles/:id', { params: { id: circleId } })).status).toBe(
      200,
    );
    expect((await member.api('GET /api/circles/:id', { params: { id: circleId } })).status).toBe(
      404,
    );
    expect((await member.api('GET /api/circles')).body).toEqual([]);
  });

  it('lets the owner remove a member, who then sees nothing of it', async () => {
    const { owner, member, circleId } = await circleOfTwo();
    expect(
      (
        await owner.api('DELETE /api/circles/:id/members/:userId', {
          params: { id: circleId, userId: 999999 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await owner.api('DELETE /api/circles/:id/members/:userId', {
          params: { id: circleId, userId: member.user.id },
        })
      ).status,
    ).toBe(200);
    expect(
      (await member.api('GET /api/circles/:id/reflections', { params: { id: circleId } })).status,
    ).toBe(404);
    expect(
      (await owner.api('GET /api/circles/:id', { params: { id: circleId } })).body.members,
    ).toHaveLength(1);
  });

  it("hands a deleted owner's circle to the longest-standing member", async () => {
    const { owner, member, circleId } = await circleOfTwo();
    expect(await shareACircle(database.db, owner.user.id, member.user.id)).toBe(true);
    expect(
      (await owner.call('DELETE', '/api/users/me', { password: 'correct horse battery' })).status,
    ).toBe(200);
    expect(
      (await member.api('GET /api/circles/:id', { params: { id: circleId } })).body,
    ).toMatchObject({
      role: 'owner',
      memberCount: 1,
    });
    expect(await shareACircle(database.db, owner.user.id, member.user.id)).toBe(false);
  });
});

describe('appreciation', () => {
  it('reaches the author alone, from friends and circle members who can see the entry', async () => {
    const { owner, member, circleId } = await circleOfTwo();
    const friend = (await signUp(t.app, { fullName: 'Farah Friend' })) as Person;
    const outsider = await signUp(t.app);
    await befriend(member, friend);
    const saved = await member.api('POST /api/journal', {
      body: {
        dayNumber: 9,
        entryText: text('appreciate me'),
        isPublic: true,
        circleIds: [circleId],
      },
    });
    const id = saved.body.id as number;
    expect(await owner.api('PUT /api/journal/:id/appreciation', { params: { id } })).toMatchObject({
      status: 200,
      body: { appreciated: true },
    });
    expect((await owner.api('PUT /api/journal/:id/appreciation', { params: { id } })).status).toBe(
      200,
    );
    expect((await friend.api('PUT /api/journal/:id/appreciation', { params: { id } })).status).toBe(
      200,
    );
    for (const who of [member, outsider]) {
      expect(await who.api('PUT /api/journal/:id/appreciation', { params: { id } })).toMatchObject({
        status: 404,
        body: { message: 'Entry not found' },
      });
    }
    const mine = (await member.call('GET', '/api/journal/day/9')).body;
    expect(mine.appreciations).toEqual([
      { userId: owner.user.id, fullName: 'Roshan Owner', at: expect.any(String) },
      { userId: friend.user.id, fullName: 'Farah Friend', at: expect.any(String) },
    ]);
    const feed = (await friend.api('GET /api/journal/friends')).body;
    expect(feed[0]).toMatchObject({ id, appreciatedByMe: true });
    expect(feed[0]).not.toHaveProperty('appreciations');
    expect(feed[0]).not.toHaveProperty('circleIds');
    const page = (
      await owner.api('GET /api/circles/:id/reflections', {
        params: { id: circleId },
        query: { day: '9' },
      })
    ).body;
    expect(page[0]).toMatchObject({ id, appreciatedByMe: true });
    expect(JSON.stringify(page)).not.toContain('Farah');

    expect(
      await friend.api('DELETE /api/journal/:id/appreciation', { params: { id } }),
    ).toMatchObject({
      status: 200,
      body: { appreciated: false },
    });
    expect((await friend.api('GET /api/journal/friends')).body[0]?.appreciatedByMe).toBe(false);
    expect(
      (await member.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 9 } })).body,
    ).toMatchObject({ appreciations: [expect.anything()] });
    // A save answers the entry as an open of the day does, its circles and appreciations too.
    const edited = await member.api('POST /api/journal', {
      body: { dayNumber: 9, entryText: text('still appreciated'), isPublic: true },
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        id,
        circleIds: [circleId],
        appreciations: [
          { userId: owner.user.id, fullName: 'Roshan Owner', at: expect.any(String) },
        ],
      },
    });
  });

  it('lets a circle member report a circle entry, as any entry they can see', async () => {
    const { owner, member, circleId } = await circleOfTwo();
    const outsider = await signUp(t.app);
    const saved = await member.api('POST /api/journal', {
      body: {
        dayNumber: 10,
        entryText: text('reportable'),
        circleIds: [circleId],
      },
    });
    const report = { targetType: 'entry', targetId: saved.body.id, reason: 'spam' };
    expect((await owner.call('POST', '/api/reports', report)).status).toBe(201);
    expect((await outsider.call('POST', '/api/reports', report)).status).toBe(404);
  });
});

describe('safety in a circle', () => {
  it('drops an appreciation from the author’s own entry once the one who gave it blocks them', async () => {
    const { owner, member, circleId } = await circleOfTwo();
    const saved = await member.api('POST /api/journal', {
      body: { dayNumber: 12, entryText: text('appreciated, then blocked'), circleIds: [circleId] },
    });
    await owner.api('PUT /api/journal/:id/appreciation', { params: { id: saved.body.id } });
    const day = () => member.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 12 } });
    expect((await day()).body).toMatchObject({ appreciations: [{ userId: owner.user.id }] });
    expect((await owner.api('POST /api/blocks', { body: { userId: member.user.id } })).status).toBe(
      201,
    );
    expect((await day()).body).toMatchObject({ appreciations: [] });
  });

  it('hides two people a block stands between from each other, their reflections and appreciations', async () => {
    const { owner, member, circleId } = await circleOfTwo();
    const saved = await member.api('POST /api/journal', {
      body: {
        dayNumber: 11,
        entryText: text('before the block'),
        circleIds: [circleId],
      },
    });
    await owner.api('PUT /api/journal/:id/appreciation', { params: { id: saved.body.id } });
    expect(
      (
        await owner.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '11' },
        })
      ).body,
    ).toHaveLength(1);
    expect((await member.api('POST /api/blocks', { body: { userId: owner.user.id } })).status).toBe(
      201,
    );
    expect(
      (
        await owner.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '11' },
        })
      ).body,
    ).toEqual([]);
    expect((await member.call('GET', '/api/journal/day/11')).body.appreciations).toEqual([]);
    const seenByOwner = (await owner.api('GET /api/circles/:id', { params: { id: circleId } })).body
      .members;
    expect(seenByOwner.map((m: { userId: number }) => m.userId)).toEqual([owner.user.id]);
    expect(
      (await owner.api('PUT /api/journal/:id/appreciation', { params: { id: saved.body.id } }))
        .status,
    ).toBe(404);
  });

  it('hides a suspended member and their reflections', async () => {
    const { owner, member, circleId } = await circleOfTwo();
    await member.api('POST /api/journal', {
      body: {
        dayNumber: 12,
        entryText: text('soon hidden'),
        circleIds: [circleId],
      },
    });
    expect(
      (
        await owner.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '12' },
        })
      ).body,
    ).toHaveLength(1);
    await database.db
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', member.user.id)
      .execute();
    expect(
      (
        await owner.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '12' },
        })
      ).body,
    ).toEqual([]);
    expect(
      (await owner.api('GET /api/circles/:id', { params: { id: circleId } })).body.members,
    ).toHaveLength(1);
  });

  it('counts only the members each person can see, matching the names their page lists', async () => {
    const { owner, member, circleId, code } = await circleOfTwo('Neighbours');
    const blockedByOwner = await signUp(t.app);
    const blockingOwner = await signUp(t.app);
    const suspended = await signUp(t.app);
    for (const person of [blockedByOwner, blockingOwner, suspended]) {
      expect((await person.api('POST /api/circles/join', { body: { code } })).status).toBe(200);
    }
    const day = await today(owner);
    for (const person of [owner, member, blockedByOwner, blockingOwner, suspended]) {
      const saved = await person.api('POST /api/journal', {
        body: {
          dayNumber: day,
          entryText: text('Shared with the neighbours'),
          circleIds: [circleId],
        },
      });
      expect(saved.status).toBe(201);
    }
    expect(
      (await owner.api('POST /api/blocks', { body: { userId: blockedByOwner.user.id } })).status,
    ).toBe(201);
    expect(
      (await blockingOwner.api('POST /api/blocks', { body: { userId: owner.user.id } })).status,
    ).toBe(201);
    await database.db
      .updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', suspended.user.id)
      .execute();

    const seen = async (person: ApiClient) => {
      const [listed] = (await person.api('GET /api/circles')).body;
      const detail = (await person.api('GET /api/circles/:id', { params: { id: circleId } })).body;
      const reflections = (
        await person.api('GET /api/circles/:id/reflections', { params: { id: circleId } })
      ).body;
      return {
        listed: [listed?.memberCount, listed?.reflectedToday],
        page: [detail.memberCount, detail.reflectedToday],
        names: detail.members.length,
        reflections: reflections.length,
      };
    };
    expect(await seen(owner)).toEqual({ listed: [2, 2], page: [2, 2], names: 2, reflections: 2 });
    // Someone the owner has no block with sees everyone not suspended.
    expect(await seen(member)).toEqual({ listed: [4, 4], page: [4, 4], names: 4, reflections: 4 });
    expect(await seen(blockedByOwner)).toEqual({
      listed: [3, 3],
      page: [3, 3],
      names: 3,
      reflections: 3,
    });
  });

  it('says whether two people share a circle, for the reach rule', async () => {
    const { owner, member } = await circleOfTwo();
    const stranger = await signUp(t.app);
    expect(await shareACircle(database.db, member.user.id, owner.user.id)).toBe(true);
    expect(await shareACircle(database.db, member.user.id, stranger.user.id)).toBe(false);
    expect(await shareACircle(database.db, member.user.id, member.user.id)).toBe(false);
  });
});
