import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const text = (thoughts: string, words = '', deeds = '') =>
  JSON.stringify({ thoughts, words, deeds });

describe('saving a reflection', () => {
  it('creates the entry with 201, private by default', async () => {
    const me = await signUp(t.app);
    const saved = await me.api('POST /api/journal', {
      body: { dayNumber: 5, entryText: text('quiet morning') },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      userId: me.user.id,
      dayNumber: 5,
      entryText: text('quiet morning'),
      isPublic: false,
      sharedParts: ['thoughts', 'words', 'deeds'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      circleIds: [],
      appreciations: [],
    });
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 5 } })).body,
    ).toEqual(saved.body);
  });

  it('updates the same entry on a second save for that day (200), so a retry never duplicates', async () => {
    const me = await signUp(t.app);
    const first = await me.api('POST /api/journal', {
      body: {
        dayNumber: 7,
        entryText: text('one'),
        isPublic: false,
      },
    });
    t.clock.advance(1000);
    const retry = await me.api('POST /api/journal', {
      body: {
        dayNumber: 7,
        entryText: text('two'),
        isPublic: true,
      },
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({
      id: first.body.id,
      entryText: text('two'),
      isPublic: true,
      createdAt: first.body.createdAt,
    });
    expect(retry.body.updatedAt > first.body.updatedAt).toBe(true);
    const all = await me.api('GET /api/journal');
    expect(all.body).toHaveLength(1);
  });

  it('keeps every save when the same reflection is sent many times at once', async () => {
    const me = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        me.api('POST /api/journal', { body: { dayNumber: 9, entryText: text(`try ${i}`) } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    expect((await me.api('GET /api/journal')).body).toHaveLength(1);
  });

  it('accepts any text up to 20,000 characters, stored exactly', async () => {
    const me = await signUp(t.app);
    const plain = 'Plain text from an older client — with “quotes”, emoji 🌅 and <b>tags</b>';
    const saved = await me.api('POST /api/journal', {
      body: {
        dayNumber: 3,
        entryText: plain,
        isPublic: false,
      },
    });
    expect(saved.status).toBe(201);
    expect((await me.call('GET', '/api/journal/day/3')).body.entryText).toBe(plain);
    const longest = 'x'.repeat(20_000);
    expect(
      (await me.api('POST /api/journal', { body: { dayNumber: 4, entryText: longest } })).status,
    ).toBe(201);
  });

  it('rejects bad input with clear messages and stores nothing', async () => {
    const me = await signUp(t.app);
    const cases: [unknown, string, string][] = [
      [{ dayNumber: 0, entryText: 'a' }, 'dayNumber', 'Day must be a whole number from 1 to 241'],
      [{ dayNumber: 242, entryText: 'a' }, 'dayNumber', 'Day must be a whole number from 1 to 241'],
      [{ dayNumber: 1.5, entryText: 'a' }, 'dayNumber', 'Day must be a whole number from 1 to 241'],
      [{ dayNumber: '5', entryText: 'a' }, 'dayNumber', 'Day must be a number'],
      [{ entryText: 'a' }, 'dayNumber', 'Required'],
      [{ dayNumber: 5 }, 'entryText', 'Required'],
      [
        { dayNumber: 5, entryText: 'x'.repeat(20_001) },
        'entryText',
        'Entry text must be at most 20,000 characters',
      ],
      [
        { dayNumber: 5, entryText: 'a', isPublic: 'yes' },
        'isPublic',
        'isPublic must be true or false',
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await me.call('POST', '/api/journal', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.errors).toContainEqual({ path, message });
    }
    expect((await me.api('GET /api/journal')).body).toEqual([]);
  });

  it("refuses an anonymous save with the spec's message", async () => {
    const anonymous = new ApiClient(t.app);
    expect(
      await anonymous.api('POST /api/journal', { body: { dayNumber: 1, entryText: 'x' } }),
    ).toMatchObject({
      status: 401,
      body: { message: 'You must be logged in to save journal entries' },
    });
    expect(
      await anonymous.api('PUT /api/journal/:id', { params: { id: 1 }, body: { entryText: 'x' } }),
    ).toMatchObject({
      status: 401,
      body: { message: 'You must be logged in to update journal entries' },
    });
    for (const url of ['/api/journal', '/api/journal/day/1', '/api/journal/friends']) {
      expect((await anonymous.call('GET', url)).status).toBe(401);
    }
    expect((await anonymous.api('DELETE /api/journal/:id', { params: { id: 1 } })).status).toBe(
      401,
    );
  });
});

describe('reading, changing and deleting my entries', () => {
  it('lists my entries, newest update first', async () => {
    const me = await signUp(t.app);
    const a = await me.api('POST /api/journal', { body: { dayNumber: 1, entryText: text('a') } });
    t.clock.advance(1000);
    await me.api('POST /api/journal', { body: { dayNumber: 2, entryText: text('b') } });
    t.clock.advance(1000);
    await me.api('PUT /api/journal/:id', { params: { id: a.body.id }, body: { isPublic: true } });
    const list = await me.api('GET /api/journal');
    expect(list.body.map((e: { dayNumber: number }) => e.dayNumber)).toEqual([1, 2]);
  });

  it('answers 404 for a day without an entry', async () => {
    const me = await signUp(t.app);
    expect(
      await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 12 } }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Journal entry not found' },
    });
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 0 } })).status,
    ).toBe(404);
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 'abc' } })).status,
    ).toBe(404);
  });

  it('answers an empty day as an empty state when asked with ifNone=empty', async () => {
    const me = await signUp(t.app);
    expect(
      await me.api('GET /api/journal/day/:dayNumber', {
        params: { dayNumber: 12 },
        query: { ifNone: 'empty' },
      }),
    ).toMatchObject({
      status: 200,
      body: { entry: null },
    });
    const saved = await me.api('POST /api/journal', {
      body: { dayNumber: 12, entryText: text('here') },
    });
    // A day with an entry answers the entry itself, as without the query.
    expect(
      (
        await me.api('GET /api/journal/day/:dayNumber', {
          params: { dayNumber: 12 },
          query: { ifNone: 'empty' },
        })
      ).body,
    ).toEqual(saved.body);
    expect(await me.call('GET', '/api/journal/day/12?ifNone=nothing')).toMatchObject({
      status: 400,
      body: { message: 'ifNone must be "empty"' },
    });
    // A day outside the cycle is still no day at all.
    expect(
      (
        await me.api('GET /api/journal/day/:dayNumber', {
          params: { dayNumber: 0 },
          query: { ifNone: 'empty' },
        })
      ).status,
    ).toBe(404);
  });

  it("answers another person's day as empty, never as theirs", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await owner.api('POST /api/journal', {
      body: { dayNumber: 22, entryText: text('mine alone') },
    });
    expect(
      (
        await other.api('GET /api/journal/day/:dayNumber', {
          params: { dayNumber: 22 },
          query: { ifNone: 'empty' },
        })
      ).body,
    ).toEqual({ entry: null });
  });

  it('updates text and visibility with PUT', async () => {
    const me = await signUp(t.app);
    const saved = await me.api('POST /api/journal', {
      body: { dayNumber: 11, entryText: text('draft') },
    });
    const updated = await me.api('PUT /api/journal/:id', {
      params: { id: saved.body.id },
      body: {
        entryText: text('final'),
        isPublic: true,
      },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { id: saved.body.id, dayNumber: 11, entryText: text('final'), isPublic: true },
    });
    const visibility = await me.api('PUT /api/journal/:id', {
      params: { id: saved.body.id },
      body: { isPublic: false },
    });
    expect(visibility.body).toMatchObject({ entryText: text('final'), isPublic: false });
    const empty = await me.api('PUT /api/journal/:id', { params: { id: saved.body.id }, body: {} });
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'Nothing to update: send entryText, isPublic, sharedParts or circleIds' },
    });
  });

  it('deletes an entry', async () => {
    const me = await signUp(t.app);
    const saved = await me.api('POST /api/journal', {
      body: { dayNumber: 13, entryText: text('gone') },
    });
    expect(
      await me.api('DELETE /api/journal/:id', { params: { id: saved.body.id } }),
    ).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 13 } })).status,
    ).toBe(404);
    expect(
      (await me.api('DELETE /api/journal/:id', { params: { id: saved.body.id } })).status,
    ).toBe(404);
  });
});

describe("another person's entries", () => {
  it('can never be read, changed or deleted, even by a friend, and look like they do not exist', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    await befriend(owner, other);
    const secret = await owner.api('POST /api/journal', {
      body: {
        dayNumber: 20,
        entryText: text('private thing'),
        isPublic: false,
      },
    });
    const shared = await owner.api('POST /api/journal', {
      body: {
        dayNumber: 21,
        entryText: text('shared thing'),
        isPublic: true,
      },
    });

    for (const id of [secret.body.id, shared.body.id]) {
      expect(
        await other.api('PUT /api/journal/:id', { params: { id }, body: { entryText: 'hijack' } }),
      ).toMatchObject({
        status: 404,
        body: { message: 'Journal entry not found' },
      });
      expect((await other.api('DELETE /api/journal/:id', { params: { id } })).status).toBe(404);
    }
    expect(
      (await other.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 20 } })).status,
    ).toBe(404);
    expect((await other.api('GET /api/journal')).body).toEqual([]);
    // A save by the other person for the same day makes their own entry.
    const theirs = await other.api('POST /api/journal', {
      body: { dayNumber: 20, entryText: text('mine') },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(secret.body.id);

    const ownerDay = await owner.call('GET', '/api/journal/day/20');
    expect(ownerDay.body.entryText).toBe(text('private thing'));
    expect((await owner.call('GET', '/api/journal/day/21')).body.entryText).toBe(
      text('shared thing'),
    );
  });
});

describe("friends' reflections", () => {
  it("shows friends' public entries only, newest first, with the author's name", async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app, { fullName: 'Friendly Person' });
    const stranger = await signUp(t.app);
    await befriend(me, friend);

    const older = await friend.api('POST /api/journal', {
      body: {
        dayNumber: 1,
        entryText: text('older'),
        isPublic: true,
      },
    });
    t.clock.advance(1000);
    await friend.api('POST /api/journal', {
      body: {
        dayNumber: 2,
        entryText: text('private'),
        isPublic: false,
      },
    });
    t.clock.advance(1000);
    const newer = await friend.api('POST /api/journal', {
      body: {
        dayNumber: 3,
        entryText: text('newer'),
        isPublic: true,
      },
    });
    await stranger.api('POST /api/journal', {
      body: {
        dayNumber: 1,
        entryText: text('stranger'),
        isPublic: true,
      },
    });
    await me.api('POST /api/journal', {
      body: { dayNumber: 1, entryText: text('my own'), isPublic: true },
    });

    const feed = await me.api('GET /api/journal/friends');
    expect(feed.status).toBe(200);
    expect(feed.body.map((e: { id: number }) => e.id)).toEqual([newer.body.id, older.body.id]);
    const { circleIds: _circles, appreciations: _appreciations, ...shared } = newer.body;
    expect(feed.body[0]).toEqual({
      ...shared,
      user: { id: friend.user.id, fullName: 'Friendly Person', username: friend.user.username },
      reference: 'Yasna 28.3',
      appreciatedByMe: false,
    });
    expect(JSON.stringify(feed.body)).not.toMatch(/private|stranger|my own|email/);
  });

  it('drops an entry from the feed when it is made private, and a friend when removed', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(me, friend);
    const entry = await friend.api('POST /api/journal', {
      body: {
        dayNumber: 4,
        entryText: text('hello'),
        isPublic: true,
      },
    });
    expect((await me.api('GET /api/journal/friends')).body).toHaveLength(1);
    await friend.api('PUT /api/journal/:id', {
      params: { id: entry.body.id },
      body: { isPublic: false },
    });
    expect((await me.api('GET /api/journal/friends')).body).toHaveLength(0);
    await friend.api('PUT /api/journal/:id', {
      params: { id: entry.body.id },
      body: { isPublic: true },
    });
    await me.api('DELETE /api/friends/:userId', { params: { userId: friend.user.id } });
    expect((await me.api('GET /api/journal/friends')).body).toHaveLength(0);
  });

  it('sends the feed gzipped to a client that takes gzip, and the same entries plain to one that does not', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(me, friend);
    await friend.api('POST /api/journal', {
      body: { dayNumber: 3, entryText: text('shared'), isPublic: true },
    });
    const plain = await me.api('GET /api/journal/friends');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/);

    for (let asked = 0; asked < 2; asked++) {
      const gzipped = await t.app.inject({
        method: 'GET',
        url: '/api/journal/friends',
        headers: { cookie: `tfp_session=${me.sessionCookie}`, 'accept-encoding': 'gzip, br' },
      });
      expect(gzipped.statusCode).toBe(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary).toMatch(/accept-encoding/);
      expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.body);
    }
    expect(plain.body).toHaveLength(1);
  });

  it('gives at most 50 entries', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(me, friend);
    for (let day = 1; day <= 52; day++) {
      await friend.api('POST /api/journal', {
        body: {
          dayNumber: day,
          entryText: text(`day ${day}`),
          isPublic: true,
        },
      });
    }
    expect((await me.api('GET /api/journal/friends')).body).toHaveLength(50);
  });

  it('fills the page with older entries when the last two weeks are quiet, and drops them when not', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(me, friend);
    const old = await friend.call('POST', '/api/journal', {
      dayNumber: 200,
      entryText: text('long ago'),
      isPublic: true,
    });
    t.clock.advance(20 * 86_400_000);
    for (let day = 1; day <= 3; day++) {
      await friend.api('POST /api/journal', {
        body: {
          dayNumber: day,
          entryText: text(`d${day}`),
          isPublic: true,
        },
      });
      t.clock.advance(1000);
    }
    const quiet = (await me.api('GET /api/journal/friends')).body;
    expect(quiet.map((e) => e.dayNumber)).toEqual([3, 2, 1, 200]);
    expect(quiet[3]?.id).toBe(old.body.id);
    for (let day = 4; day <= 53; day++) {
      await friend.api('POST /api/journal', {
        body: {
          dayNumber: day,
          entryText: text(`d${day}`),
          isPublic: true,
        },
      });
      t.clock.advance(1000);
    }
    const busy = (await me.api('GET /api/journal/friends')).body;
    expect(busy).toHaveLength(50);
    expect(busy[0]?.dayNumber).toBe(53);
    expect(busy.at(-1)?.dayNumber).toBe(4);
  });
});

describe('deleting a reflection', () => {
  it("takes it out of friends' feeds at once and leaves the day complete in progress", async () => {
    t.clock.set('2026-03-01T12:00:00.000Z');
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(me, friend);
    const shared = await me.api('POST /api/journal', {
      body: {
        dayNumber: 60,
        entryText: text('shared, then taken back'),
        isPublic: true,
      },
    });
    const kept = await me.api('POST /api/journal', {
      body: {
        dayNumber: 59,
        entryText: text('still shared'),
        isPublic: true,
      },
    });
    // The friend's feed is read, and so cached, before the delete.
    const feedIds = async () =>
      (await friend.api('GET /api/journal/friends')).body.map((e: { id: number }) => e.id);
    expect(await feedIds()).toEqual([kept.body.id, shared.body.id]);
    const progressBefore = (await me.api('GET /api/progress')).body;

    expect(
      await me.api('DELETE /api/journal/:id', { params: { id: shared.body.id } }),
    ).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await feedIds()).toEqual([kept.body.id]);
    expect((await me.api('GET /api/journal')).body.map((e: { id: number }) => e.id)).toEqual([
      kept.body.id,
    ]);
    const progressAfter = (await me.api('GET /api/progress')).body;
    expect(progressAfter).toEqual(progressBefore);
    expect(progressAfter.days).toContainEqual(
      expect.objectContaining({ dayNumber: 60, reflectionSaved: true }),
    );
    expect(progressAfter.journey).toMatchObject({ daysCompleted: 2, currentStreak: 1 });

    // Writing the day again the next day is a new entry; the streak still counts the first date.
    t.clock.set('2026-03-02T12:00:00.000Z');
    const again = await me.api('POST /api/journal', {
      body: { dayNumber: 60, entryText: text('anew') },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(shared.body.id);
    expect((await me.api('GET /api/progress')).body.journey).toMatchObject({
      daysCompleted: 2,
      currentStreak: 1,
    });
  });
});
