import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const emptyRecord = {
  lastReadDay: 1,
  readDays: [],
  totalDays: 241,
  gathaViewed: [],
  explanationViewed: [],
  reflectionSaved: [],
  currentStanza: 1,
};
const entryText = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });

/** The same person on a second device. */
async function secondDevice(me: ApiClient & { user: { username: string } }) {
  const device = new ApiClient(t.app);
  await device.api('POST /api/auth/login', {
    body: {
      username: me.user.username,
      password: 'correct horse battery',
    },
  });
  return device;
}

describe('POST /api/progress/merge', () => {
  it('stores the union so a second device shows the same progress', async () => {
    const laptop = await signUp(t.app);
    const first = await laptop.api('POST /api/progress/merge', {
      body: {
        ...emptyRecord,
        lastReadDay: 3,
        readDays: [1, 2, 3],
        gathaViewed: [1, 2],
        explanationViewed: [1],
        reflectionSaved: [2],
        currentStanza: 2,
      },
    });
    expect(first.status).toBe(200);

    const phone = await secondDevice(laptop);
    const merged = await phone.api('POST /api/progress/merge', {
      body: {
        ...emptyRecord,
        totalDays: 241,
        lastReadDay: 5,
        readDays: [5],
        explanationViewed: [2],
      },
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toEqual({
      progress: {
        lastReadDay: 5,
        readDays: [1, 2, 3, 5],
        totalDays: 241,
        gathaViewed: [1, 2],
        explanationViewed: [1, 2],
        reflectionSaved: [2],
        // Days 1-3 are complete (day 3 marked read): the path stands at day 4.
        currentStanza: 4,
      },
    });
    const days = (await laptop.api('GET /api/progress')).body.days;
    expect(days).toEqual([
      {
        dayNumber: 1,
        read: true,
        gathaViewed: true,
        explanationViewed: true,
        reflectionSaved: false,
      },
      {
        dayNumber: 2,
        read: true,
        gathaViewed: true,
        explanationViewed: true,
        reflectionSaved: true,
      },
      {
        dayNumber: 3,
        read: true,
        gathaViewed: false,
        explanationViewed: false,
        reflectionSaved: false,
      },
      {
        dayNumber: 5,
        read: true,
        gathaViewed: false,
        explanationViewed: false,
        reflectionSaved: false,
      },
    ]);
  });

  it('never removes anything, and merging the same record again changes nothing', async () => {
    const me = await signUp(t.app);
    const record = { ...emptyRecord, readDays: [4, 8], reflectionSaved: [8], lastReadDay: 8 };
    const once = await me.api('POST /api/progress/merge', { body: record });
    const emptied = await me.api('POST /api/progress/merge', { body: emptyRecord });
    expect(emptied.body.progress).toEqual(once.body.progress);
    const twice = await me.api('POST /api/progress/merge', { body: record });
    expect(twice.body.progress).toEqual(once.body.progress);
    expect((await me.api('GET /api/progress')).body.days).toHaveLength(2);
  });

  it('keeps each person’s progress apart', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await other.api('POST /api/progress/merge', {
      body: { ...emptyRecord, readDays: [9], gathaViewed: [9] },
    });
    const mine = await me.api('POST /api/progress/merge', { body: emptyRecord });
    expect(mine.body.progress).toEqual(emptyRecord);
    expect((await me.api('GET /api/progress')).body.days).toEqual([]);
  });

  it("takes an older client's record and answers with the one total, no day past 241", async () => {
    const me = await signUp(t.app);
    const older = await me.api('POST /api/progress/merge', {
      body: {
        ...emptyRecord,
        totalDays: 293,
        lastReadDay: 242,
        readDays: [241],
        reflectionSaved: [241],
        currentStanza: 242,
      },
    });
    expect(older.status).toBe(200);
    expect(older.body.progress).toEqual({
      ...emptyRecord,
      lastReadDay: 241,
      readDays: [241],
      reflectionSaved: [241],
      currentStanza: 241,
    });
  });

  it('validates the record', async () => {
    const me = await signUp(t.app);
    const bad = await me.call('POST', '/api/progress/merge', {
      ...emptyRecord,
      readDays: [0, 242],
      gathaViewed: 'all',
      reflectionSaved: Array.from({ length: 300 }, (_, i) => (i % 241) + 1),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'readDays.0', message: 'Day must be a whole number from 1 to 241' },
        { path: 'readDays.1', message: 'Day must be a whole number from 1 to 241' },
        { path: 'gathaViewed', message: 'gathaViewed must be a list of days' },
        { path: 'reflectionSaved', message: 'reflectionSaved may hold at most 241 days' },
      ]),
    );
    expect((await me.call('POST', '/api/progress/merge')).status).toBe(400);
    expect((await me.api('GET /api/progress')).body.days).toEqual([]);
  });
});

describe('PUT /api/progress/days/:day', () => {
  it('sets flags and never clears them', async () => {
    const me = await signUp(t.app);
    const viewed = await me.api('PUT /api/progress/days/:day', {
      params: { day: 12 },
      body: { read: true, gathaViewed: true },
    });
    expect(viewed.status).toBe(200);
    expect(viewed.body).toEqual({
      day: {
        dayNumber: 12,
        read: true,
        gathaViewed: true,
        explanationViewed: false,
        reflectionSaved: false,
      },
    });
    const explained = await me.api('PUT /api/progress/days/:day', {
      params: { day: 12 },
      body: { explanationViewed: true },
    });
    expect(explained.body.day).toEqual({
      dayNumber: 12,
      read: true,
      gathaViewed: true,
      explanationViewed: true,
      reflectionSaved: false,
    });
    expect((await me.call('PUT', '/api/progress/days/12', { read: false })).status).toBe(400);
    expect((await me.api('GET /api/progress')).body.journey.daysCompleted).toBe(1);
  });

  it('answers 404 for a day outside 1..241 and 400 for an empty update', async () => {
    const me = await signUp(t.app);
    expect(
      (await me.api('PUT /api/progress/days/:day', { params: { day: 242 }, body: { read: true } }))
        .status,
    ).toBe(404);
    expect(
      (await me.api('PUT /api/progress/days/:day', { params: { day: 0 }, body: { read: true } }))
        .status,
    ).toBe(404);
    const empty = await me.api('PUT /api/progress/days/:day', { params: { day: 3 }, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^Nothing to update/);
  });
});

describe('saving a journal entry', () => {
  it('marks the day’s reflection saved on the server, counting from its first save', async () => {
    const me = await signUp(t.app);
    t.clock.set('2026-03-01T12:00:00.000Z');
    expect(
      (
        await me.api('POST /api/journal', {
          body: { dayNumber: 60, entryText: entryText('first') },
        })
      ).status,
    ).toBe(201);
    t.clock.set('2026-03-04T12:00:00.000Z');
    // Editing it three days later does not move the date it was first saved, so the streak
    // of that one date has ended (two dates without a reflection are more than one rest).
    expect(
      (
        await me.api('POST /api/journal', {
          body: { dayNumber: 60, entryText: entryText('edited') },
        })
      ).status,
    ).toBe(200);
    const progress = (await me.api('GET /api/progress', { headers: { 'x-timezone': 'UTC' } })).body;
    expect(progress.days).toEqual([
      {
        dayNumber: 60,
        read: false,
        gathaViewed: false,
        explanationViewed: false,
        reflectionSaved: true,
      },
    ]);
    expect(progress.journey).toMatchObject({
      daysCompleted: 1,
      currentStreak: 0,
      longestStreak: 1,
    });
    expect(progress.journey.calendar.filter((d: { reflected: boolean }) => d.reflected)).toEqual([
      { date: '2026-03-01', reflected: true, rest: false },
    ]);
  });

  it('dates a reflection reported by a merge from its journal entry', async () => {
    const me = await signUp(t.app);
    t.clock.set('2026-03-01T12:00:00.000Z');
    await me.api('POST /api/journal', {
      body: { dayNumber: 59, entryText: entryText('yesterday') },
    });
    await me.call('DELETE', '/api/progress');
    t.clock.set('2026-03-02T12:00:00.000Z');
    await me.api('POST /api/progress/merge', { body: { ...emptyRecord, reflectionSaved: [59] } });
    const journey = (await me.api('GET /api/progress', { headers: { 'x-timezone': 'UTC' } })).body
      .journey;
    expect(journey.calendar.at(-2)).toEqual({ date: '2026-03-01', reflected: true, rest: false });
    expect(journey.currentStreak).toBe(1);
  });
});

describe('GET /api/progress', () => {
  it('counts streaks on the calendar of the request’s time zone', async () => {
    const me = await signUp(t.app);
    // 23:30 on 1 March in Los Angeles, which is already 2 March in UTC (and in Tokyo).
    t.clock.set('2026-03-02T07:30:00.000Z');
    await me.api('POST /api/journal', {
      body: { dayNumber: 60, entryText: entryText('late evening') },
    });
    // 06:00 on 2 March in Los Angeles, 23:00 on 2 March in Tokyo.
    t.clock.set('2026-03-02T14:00:00.000Z');
    await me.api('POST /api/journal', {
      body: { dayNumber: 61, entryText: entryText('early morning') },
    });
    t.clock.set('2026-03-02T15:00:00.000Z');

    const la = (
      await me.api('GET /api/progress', { headers: { 'x-timezone': 'America/Los_Angeles' } })
    ).body;
    expect(la.journey).toMatchObject({ daysCompleted: 2, currentStreak: 2, longestStreak: 2 });
    expect(la.journey.calendar).toHaveLength(84);
    expect(la.journey.calendar.slice(-2)).toEqual([
      { date: '2026-03-01', reflected: true, rest: false },
      { date: '2026-03-02', reflected: true, rest: false },
    ]);

    const tokyo = (await me.api('GET /api/progress', { headers: { 'x-timezone': 'Asia/Tokyo' } }))
      .body;
    expect(tokyo.journey).toMatchObject({ daysCompleted: 2, currentStreak: 1, longestStreak: 1 });
    expect(tokyo.journey.calendar.slice(-2)).toEqual([
      { date: '2026-03-02', reflected: true, rest: false },
      { date: '2026-03-03', reflected: false, rest: false },
    ]);
    expect(tokyo.journey.calendar[0]?.date).toBe('2025-12-10');

    // No zone or an unknown one: the app's zone (UTC here) decides.
    const fallback = (
      await me.api('GET /api/progress', { headers: { 'x-timezone': 'Mars/Olympus' } })
    ).body;
    expect(fallback.journey.calendar.at(-1)).toEqual({
      date: '2026-03-02',
      reflected: true,
      rest: false,
    });
    expect(fallback.journey.currentStreak).toBe(1);
  });

  it('dates each day by when it first became complete, for the look back on the week', async () => {
    const me = await signUp(t.app);
    // Day 5: the stanza on 1 March, the explanation on 2 March, which completes it.
    t.clock.set('2026-03-01T10:00:00.000Z');
    await me.api('PUT /api/progress/days/:day', {
      params: { day: 5 },
      body: { gathaViewed: true },
    });
    t.clock.set('2026-03-02T10:00:00.000Z');
    await me.api('PUT /api/progress/days/:day', {
      params: { day: 5 },
      body: { explanationViewed: true },
    });
    // Day 7 marked read by a device's record, day 8 by a reflection, both on 3 March.
    t.clock.set('2026-03-03T10:00:00.000Z');
    await me.api('POST /api/progress/merge', {
      body: { ...emptyRecord, readDays: [7], lastReadDay: 7 },
    });
    await me.api('POST /api/journal', { body: { dayNumber: 8, entryText: entryText('kept') } });
    // Reading day 7 again on 4 March does not move the date it was first complete.
    t.clock.set('2026-03-04T10:00:00.000Z');
    await me.api('PUT /api/progress/days/:day', {
      params: { day: 7 },
      body: { gathaViewed: true, explanationViewed: true },
    });

    const { journey } = (await me.api('GET /api/progress', { headers: { 'x-timezone': 'UTC' } }))
      .body;
    expect(journey.week).toEqual([
      { date: '2026-02-26', daysRead: [] },
      { date: '2026-02-27', daysRead: [] },
      { date: '2026-02-28', daysRead: [] },
      { date: '2026-03-01', daysRead: [] },
      { date: '2026-03-02', daysRead: [5] },
      { date: '2026-03-03', daysRead: [7, 8] },
      { date: '2026-03-04', daysRead: [] },
    ]);
    // Another person's week is their own.
    const other = await signUp(t.app);
    const theirs = (await other.api('GET /api/progress', { headers: { 'x-timezone': 'UTC' } }))
      .body;
    expect(theirs.journey.week.flatMap((date: { daysRead: number[] }) => date.daysRead)).toEqual(
      [],
    );
  });

  it('needs a signed-in person for every progress call', async () => {
    const anonymous = new ApiClient(t.app);
    for (const response of [
      await anonymous.call('GET', '/api/progress'),
      await anonymous.call('POST', '/api/progress/merge', emptyRecord),
      await anonymous.call('POST', '/api/progress/merge', { nonsense: true }),
      await anonymous.call('PUT', '/api/progress/days/3', { read: true }),
      await anonymous.call('DELETE', '/api/progress'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'You must be signed in' });
    }
  });
});

describe('DELETE /api/progress', () => {
  it('forgets the server record so a later merge does not bring it back', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    await me.api('POST /api/progress/merge', {
      body: { ...emptyRecord, readDays: [1, 2], gathaViewed: [1] },
    });
    await other.api('POST /api/progress/merge', { body: { ...emptyRecord, readDays: [7] } });
    const reset = await me.call('DELETE', '/api/progress');
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });
    const merged = await me.api('POST /api/progress/merge', { body: emptyRecord });
    expect(merged.body.progress).toEqual(emptyRecord);
    expect((await me.api('GET /api/progress')).body.days).toEqual([]);
    expect((await other.api('GET /api/progress')).body.days).toHaveLength(1);
  });
});
