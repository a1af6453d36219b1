import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const text = (thoughts: string, words = '', deeds = '') =>
  JSON.stringify({ thoughts, words, deeds });

const CHANGED = 'This reflection was changed elsewhere since this version was opened';

describe('a save that names the version it began from', () => {
  it('writes when the entry is still that version', async () => {
    const me = await signUp(t.app);
    const first = await me.api('POST /api/journal', {
      body: { dayNumber: 3, entryText: text('one') },
    });
    t.clock.advance(1000);
    const next = await me.api('POST /api/journal', {
      body: {
        dayNumber: 3,
        entryText: text('two'),
        isPublic: true,
        baseUpdatedAt: first.body.updatedAt,
      },
    });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({ id: first.body.id, entryText: text('two'), isPublic: true });
    t.clock.advance(1000);
    const put = await me.api('PUT /api/journal/:id', {
      params: { id: first.body.id },
      body: {
        entryText: text('three'),
        baseUpdatedAt: next.body.updatedAt,
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ entryText: text('three'), isPublic: true });
  });

  it('answers 409 with the current entry, and writes nothing, when the entry changed since', async () => {
    const me = await signUp(t.app);
    const opened = await me.api('POST /api/journal', {
      body: { dayNumber: 4, entryText: text('opened') },
    });
    t.clock.advance(1000);
    const elsewhere = await me.api('POST /api/journal', {
      body: {
        dayNumber: 4,
        entryText: text('opened', 'and more', 'and a deed'),
        isPublic: true,
      },
    });
    t.clock.advance(1000);

    const stale = await me.api('POST /api/journal', {
      body: {
        dayNumber: 4,
        entryText: text('one line'),
        isPublic: false,
        baseUpdatedAt: opened.body.updatedAt,
      },
    });
    expect(stale).toMatchObject({ status: 409, body: { message: CHANGED, entry: elsewhere.body } });

    const stalePut = await me.api('PUT /api/journal/:id', {
      params: { id: opened.body.id },
      body: {
        isPublic: false,
        baseUpdatedAt: opened.body.updatedAt,
      },
    });
    expect(stalePut).toMatchObject({
      status: 409,
      body: { message: CHANGED, entry: elsewhere.body },
    });
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 4 } })).body,
    ).toEqual(elsewhere.body);
  });

  it('begun from no entry: creates one, but never replaces one made meanwhile', async () => {
    const me = await signUp(t.app);
    const created = await me.api('POST /api/journal', {
      body: {
        dayNumber: 6,
        entryText: text('first here'),
        baseUpdatedAt: null,
      },
    });
    expect(created.status).toBe(201);
    t.clock.advance(1000);

    const offline = await me.api('POST /api/journal', {
      body: {
        dayNumber: 6,
        entryText: text('written offline'),
        baseUpdatedAt: null,
      },
    });
    expect(offline).toMatchObject({ status: 409, body: { message: CHANGED, entry: created.body } });
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 6 } })).body,
    ).toEqual(created.body);
  });

  it('creates the entry when the one it began from was deleted meanwhile: nothing is overwritten', async () => {
    const me = await signUp(t.app);
    const opened = await me.api('POST /api/journal', {
      body: { dayNumber: 8, entryText: text('old') },
    });
    await me.api('DELETE /api/journal/:id', { params: { id: opened.body.id } });
    t.clock.advance(1000);
    const saved = await me.api('POST /api/journal', {
      body: {
        dayNumber: 8,
        entryText: text('kept'),
        baseUpdatedAt: opened.body.updatedAt,
      },
    });
    expect(saved.status).toBe(201);
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 8 } })).body,
    ).toMatchObject({ entryText: text('kept') });
    const gone = await me.api('PUT /api/journal/:id', {
      params: { id: opened.body.id },
      body: {
        isPublic: true,
        baseUpdatedAt: opened.body.updatedAt,
      },
    });
    expect(gone).toMatchObject({ status: 404, body: { message: 'Journal entry not found' } });
  });

  it('lets exactly one of two saves begun from the same version win', async () => {
    const me = await signUp(t.app);
    const opened = await me.api('POST /api/journal', {
      body: { dayNumber: 10, entryText: text('opened') },
    });
    t.clock.advance(1000);
    const [a, b] = await Promise.all(
      ['phone', 'laptop'].map((device) =>
        me.api('POST /api/journal', {
          body: {
            dayNumber: 10,
            entryText: text(device),
            baseUpdatedAt: opened.body.updatedAt,
          },
        }),
      ),
    );
    expect([a?.status, b?.status].sort()).toEqual([200, 409]);
    const winner = a?.status === 200 ? a : b;
    const loser = a?.status === 200 ? b : a;
    // A refused save answers the entry as it stands.
    expect((loser?.body as { entry?: unknown }).entry).toEqual(winner?.body);
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 10 } })).body,
    ).toEqual(winner?.body);
  });

  it('answers the same save sent twice as the success it was, changing nothing the second time', async () => {
    const me = await signUp(t.app);
    const save = {
      dayNumber: 14,
      entryText: text('sent twice'),
      isPublic: true,
      sharedParts: ['deeds' as const],
      baseUpdatedAt: null,
    };
    const created = await me.api('POST /api/journal', { body: save });
    expect(created.status).toBe(201);
    t.clock.advance(1000);
    // Its answer lost on the way (a process killed after the commit), the save is sent again.
    const again = await me.api('POST /api/journal', { body: save });
    expect(again).toMatchObject({ status: 201, body: created.body });

    const edit = {
      dayNumber: 14,
      entryText: text('sent twice', 'then edited'),
      isPublic: true,
      sharedParts: ['deeds' as const],
      baseUpdatedAt: created.body.updatedAt,
    };
    t.clock.advance(1000);
    const edited = await me.api('POST /api/journal', { body: edit });
    expect(edited.status).toBe(200);
    t.clock.advance(1000);
    expect(await me.api('POST /api/journal', { body: edit })).toMatchObject({
      status: 200,
      body: edited.body,
    });

    const change = { isPublic: false, baseUpdatedAt: edited.body.updatedAt };
    t.clock.advance(1000);
    const put = await me.api('PUT /api/journal/:id', {
      params: { id: created.body.id },
      body: change,
    });
    expect(put.status).toBe(200);
    t.clock.advance(1000);
    expect(
      await me.api('PUT /api/journal/:id', { params: { id: created.body.id }, body: change }),
    ).toMatchObject({
      status: 200,
      body: put.body,
    });
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 14 } })).body,
    ).toEqual(put.body);
    expect((await me.api('GET /api/progress')).body.days).toMatchObject([
      { dayNumber: 14, reflectionSaved: true },
    ]);

    // Anything else begun from an old version is still a conflict.
    const other = await me.call('POST', '/api/journal', {
      ...edit,
      entryText: text('something else'),
    });
    expect(other).toMatchObject({ status: 409, body: { message: CHANGED, entry: put.body } });
  });

  it("never reveals or changes another person's entry through the version check", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await other.api('POST /api/journal', {
      body: { dayNumber: 2, entryText: text('theirs') },
    });
    const put = await me.api('PUT /api/journal/:id', {
      params: { id: theirs.body.id },
      body: {
        entryText: text('mine'),
        baseUpdatedAt: 'not their version',
      },
    });
    expect(put).toMatchObject({ status: 404, body: { message: 'Journal entry not found' } });
    const mine = await me.api('POST /api/journal', {
      body: {
        dayNumber: 2,
        entryText: text('mine'),
        baseUpdatedAt: null,
      },
    });
    expect(mine.status).toBe(201);
    expect(
      (await other.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 2 } })).body,
    ).toEqual(theirs.body);
  });

  it('refuses a version that is not text', async () => {
    const me = await signUp(t.app);
    const refused = await me.call('POST', '/api/journal', {
      dayNumber: 12,
      entryText: text('x'),
      baseUpdatedAt: 5,
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'baseUpdatedAt' }] },
    });
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 12 } })).status,
    ).toBe(404);
  });
});
