import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#shared/constants';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

// The test clock starts on 1 March 2026: day 60 of the cycle.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('PUT /api/saved/{day}', () => {
  it('saves a day with its note and answers what was saved', async () => {
    const me = await signUp(t.app);
    const saved = await me.api('PUT /api/saved/:day', {
      params: { day: 12 },
      body: { note: 'Read this on hard days' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      dayNumber: 12,
      note: 'Read this on hard days',
      savedAt: '2026-03-01T12:00:00.000Z',
    });
  });

  it('saves with no note at all, and with an empty body', async () => {
    const me = await signUp(t.app);
    expect(
      (await me.api('PUT /api/saved/:day', { params: { day: 5 }, body: {} })).body,
    ).toMatchObject({ dayNumber: 5, note: '' });
    const bare = await me.call('PUT', '/api/saved/6');
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ dayNumber: 6, note: '' });
  });

  it('keeps one row when saved twice: the note changes, the first save time stays', async () => {
    const me = await signUp(t.app);
    await me.api('PUT /api/saved/:day', { params: { day: 20 }, body: { note: 'first' } });
    t.clock.advance(3_600_000);
    const again = await me.api('PUT /api/saved/:day', {
      params: { day: 20 },
      body: { note: 'second thoughts\non two lines' },
    });
    expect(again.body).toEqual({
      dayNumber: 20,
      note: 'second thoughts\non two lines',
      savedAt: '2026-03-01T12:00:00.000Z',
    });
    // Saving without a note (the daily screen's button) never wipes the note.
    expect((await me.api('PUT /api/saved/:day', { params: { day: 20 }, body: {} })).body.note).toBe(
      'second thoughts\non two lines',
    );
    const list = await me.api('GET /api/saved');
    expect(list.body.filter((s: { dayNumber: number }) => s.dayNumber === 20)).toHaveLength(1);
    t.clock.set('2026-03-01T12:00:00.000Z');
  });

  it('keeps a note of exactly 2,000 characters and refuses one longer, saying why', async () => {
    const me = await signUp(t.app);
    const longest = 'ā'.repeat(LIMITS.savedNote);
    expect(
      (await me.api('PUT /api/saved/:day', { params: { day: 7 }, body: { note: longest } })).body
        .note,
    ).toBe(longest);
    const tooLong = await me.api('PUT /api/saved/:day', {
      params: { day: 7 },
      body: { note: `${longest}x` },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      message: 'The note can be at most 2,000 characters',
      errors: [{ path: 'note', message: 'The note can be at most 2,000 characters' }],
    });
    expect((await me.api('GET /api/saved')).body[0]?.note).toBe(longest);
  });

  it('refuses a note that is not text', async () => {
    const me = await signUp(t.app);
    const answer = await me.call('PUT', '/api/saved/7', { note: 42 });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'note', message: 'The note must be text' }]);
    expect((await me.api('GET /api/saved')).body).toEqual([]);
  });

  it('refuses a day not open yet as the day routes do, and a day outside the cycle with 404', async () => {
    const me = await signUp(t.app);
    const future = await me.api('PUT /api/saved/:day', {
      params: { day: 61 },
      body: { note: 'too soon' },
    });
    expect(future.status).toBe(403);
    expect(future.body).toEqual({
      message: 'future_day',
      friendlyMessage: expect.stringContaining('not open yet'),
      currentDay: 60,
    });
    expect((await me.call('PUT', '/api/saved/60')).status).toBe(200);
    for (const day of ['0', '242', 'abc', '1.5', '-3', '01']) {
      const answer = await me.api('PUT /api/saved/:day', { params: { day }, body: {} });
      expect(answer.status, day).toBe(404);
      expect(answer.body).toEqual({ message: 'Day not found' });
    }
    expect(
      (await me.api('GET /api/saved')).body.map((s: { dayNumber: number }) => s.dayNumber),
    ).toEqual([60]);
  });

  it("uses the reader's own date: a day already open in their time zone can be saved", async () => {
    const me = await signUp(t.app);
    t.clock.set('2026-03-01T23:30:00.000Z');
    // Already 2 March (day 61) in Kolkata; still 1 March in UTC.
    expect((await me.call('PUT', '/api/saved/61')).status).toBe(403);
    const inKolkata = await me.call('PUT', '/api/saved/61', {}, { 'x-timezone': 'Asia/Kolkata' });
    expect(inKolkata.status).toBe(200);
    t.clock.set('2026-03-01T12:00:00.000Z');
  });

  it('needs sign-in', async () => {
    const anonymous = await new ApiClient(t.app).api('PUT /api/saved/:day', {
      params: { day: 3 },
      body: { note: 'x' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'You must be logged in to save stanzas' });
  });
});

describe('GET /api/saved', () => {
  it('lists the reader’s saved days newest first, with reference and first line', async () => {
    const me = await signUp(t.app);
    await me.api('PUT /api/saved/:day', { params: { day: 3 }, body: { note: 'oldest' } });
    t.clock.advance(60_000);
    await me.call('PUT', '/api/saved/41');
    t.clock.advance(60_000);
    await me.api('PUT /api/saved/:day', { params: { day: 9 }, body: { note: 'newest' } });
    // A note edited later does not move the day up the list.
    t.clock.advance(60_000);
    await me.api('PUT /api/saved/:day', { params: { day: 3 }, body: { note: 'oldest, edited' } });
    const list = await me.api('GET /api/saved');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        dayNumber: 9,
        note: 'newest',
        savedAt: '2026-03-01T12:02:00.000Z',
        reference: 'Yasna 28.9',
        firstLine: 'Fixture thought for day 9',
      },
      {
        dayNumber: 41,
        note: '',
        savedAt: '2026-03-01T12:01:00.000Z',
        reference: 'Yasna 28.41',
        firstLine: 'Fixture thought for day 41',
      },
      {
        dayNumber: 3,
        note: 'oldest, edited',
        savedAt: '2026-03-01T12:00:00.000Z',
        reference: 'Yasna 28.3',
        firstLine: 'Fixture thought for day 3',
      },
    ]);
    t.clock.set('2026-03-01T12:00:00.000Z');
  });

  it('keeps a day saved last cycle but shows its words only once the day is open again', async () => {
    t.clock.set('2026-08-20T12:00:00.000Z'); // day 232
    const me = await signUp(t.app);
    expect(
      (
        await me.api('PUT /api/saved/:day', {
          params: { day: 200 },
          body: { note: 'from late in the cycle' },
        })
      ).status,
    ).toBe(200);
    t.clock.set('2026-09-05T12:00:00.000Z'); // the cycle began again: day 7
    const [stanza] = (await me.api('GET /api/saved')).body;
    expect(stanza).toMatchObject({
      dayNumber: 200,
      note: 'from late in the cycle',
      reference: 'Yasna 28.200',
      firstLine: null,
    });
    // Letting go of it is never refused.
    expect((await me.api('DELETE /api/saved/:day', { params: { day: 200 } })).status).toBe(200);
    t.clock.set('2026-03-01T12:00:00.000Z');
  });

  it('is empty for someone who saved nothing, and needs sign-in', async () => {
    const me = await signUp(t.app);
    expect((await me.api('GET /api/saved')).body).toEqual([]);
    expect((await new ApiClient(t.app).api('GET /api/saved')).status).toBe(401);
  });
});

describe('DELETE /api/saved/{day}', () => {
  it('removes the saved day and its note; removing it again answers 404', async () => {
    const me = await signUp(t.app);
    await me.api('PUT /api/saved/:day', { params: { day: 4 }, body: { note: 'to let go' } });
    await me.call('PUT', '/api/saved/5');
    const removed = await me.api('DELETE /api/saved/:day', { params: { day: 4 } });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect(
      (await me.api('GET /api/saved')).body.map((s: { dayNumber: number }) => s.dayNumber),
    ).toEqual([5]);
    expect((await me.api('DELETE /api/saved/:day', { params: { day: 4 } })).body).toEqual({
      message: 'Saved stanza not found',
    });
    expect((await me.api('DELETE /api/saved/:day', { params: { day: 242 } })).status).toBe(404);
    // Saved again later, it starts afresh: no note, a new save time.
    t.clock.advance(60_000);
    expect((await me.call('PUT', '/api/saved/4')).body).toEqual({
      dayNumber: 4,
      note: '',
      savedAt: '2026-03-01T12:01:00.000Z',
    });
    t.clock.set('2026-03-01T12:00:00.000Z');
  });
});

describe('privacy', () => {
  it('no one else, not even a friend, can read, change or remove the saved days and notes', async () => {
    const owner = await signUp(t.app);
    const friend = await signUp(t.app);
    const stranger = await signUp(t.app);
    await befriend(owner, friend);
    await owner.api('PUT /api/saved/:day', {
      params: { day: 8 },
      body: { note: 'OWNER-PRIVATE-NOTE' },
    });

    for (const other of [friend, stranger]) {
      const list = await other.api('GET /api/saved');
      expect(list.body).toEqual([]);
      expect(JSON.stringify(list.body)).not.toContain('OWNER-PRIVATE-NOTE');
      // Their own save of the same day is theirs alone, and their delete finds nothing of the owner's.
      expect(
        (await other.api('PUT /api/saved/:day', { params: { day: 8 }, body: { note: 'mine' } }))
          .body.note,
      ).toBe('mine');
      expect((await other.api('DELETE /api/saved/:day', { params: { day: 8 } })).status).toBe(200);
      expect((await other.api('DELETE /api/saved/:day', { params: { day: 8 } })).status).toBe(404);
    }
    const feed = await friend.api('GET /api/journal/friends');
    expect(JSON.stringify(feed.body)).not.toContain('OWNER-PRIVATE-NOTE');
    expect((await owner.api('GET /api/saved')).body).toEqual([
      expect.objectContaining({ dayNumber: 8, note: 'OWNER-PRIVATE-NOTE' }),
    ]);
  });
});
