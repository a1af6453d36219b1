import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

// The test clock starts on 1 March 2026 at noon UTC: day 60 of the calendar's cycle.
const START = '2026-03-01T12:00:00.000Z';
const tehran = { 'x-timezone': 'Asia/Tehran' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(START));

const choosePace = (reader: ApiClient, pace: unknown, headers = tehran) =>
  reader.call('PATCH', '/api/users/me', { pace }, headers);
const todayOf = async (reader: ApiClient, headers = tehran) =>
  (await reader.api('GET /api/thoughts/today', { headers: headers })).body;

describe('PATCH /api/users/me { pace }', () => {
  it('reads with everyone until the reader chooses, then starts their own path on their local date', async () => {
    const reader = await signUp(t.app);
    expect(reader.user).toMatchObject({ pace: 'together', paceStartedOn: null });
    // 23:30 UTC on 1 March is already 2 March in Tehran (UTC+3:30).
    t.clock.set('2026-03-01T23:30:00.000Z');
    const chosen = await choosePace(reader, 'own');
    expect(chosen.status).toBe(200);
    expect(chosen.body.user).toMatchObject({ pace: 'own', paceStartedOn: '2026-03-02' });
    expect((await reader.api('GET /api/auth/me')).body.user).toMatchObject({ pace: 'own' });
  });

  it('refuses an unknown pace with a 400 that names the two paces, and changes nothing', async () => {
    const reader = await signUp(t.app);
    for (const pace of ['fast', '', 7, null]) {
      const refused = await choosePace(reader, pace);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'Pace must be "together" (read with everyone) or "own" (my own path)',
      );
      expect(refused.body.errors).toEqual([{ path: 'pace', message: refused.body.message }]);
    }
    expect((await reader.api('GET /api/auth/me')).body.user.pace).toBe('together');
  });

  it('answers 401 to a pace change without a session', async () => {
    const reader = await signUp(t.app);
    await reader.api('POST /api/auth/logout');
    expect((await choosePace(reader, 'own')).status).toBe(401);
  });
});

describe('the days of a reader on their own path', () => {
  it('opens day 1 on the day they choose it and one more day per local day', async () => {
    const reader = await signUp(t.app);
    expect((await todayOf(reader)).currentDay).toBe(60);
    await choosePace(reader, 'own');

    const first = await todayOf(reader);
    expect(first).toMatchObject({ dayNumber: 1, currentDay: 1 });
    expect(first.thought).toBe('Fixture thought for day 1');
    const day2 = await reader.api('GET /api/thoughts/:dayNumber', {
      params: { dayNumber: 2 },
      headers: tehran,
    });
    expect(day2.status).toBe(403);
    expect(day2.body).toMatchObject({ message: 'future_day', currentDay: 1 });
    // The calendar's day 60 is not theirs yet either.
    expect(
      (
        await reader.api('GET /api/thoughts/:dayNumber', {
          params: { dayNumber: 60 },
          headers: tehran,
        })
      ).status,
    ).toBe(403);
    expect(
      (await reader.api('GET /api/thoughts', { headers: tehran })).body.map(
        (d: any) => d.dayNumber,
      ),
    ).toEqual([1]);
    expect((await reader.call('PUT', '/api/saved/2')).status).toBe(403);

    // Local midnight in Tehran is 20:30 UTC.
    t.clock.set('2026-03-01T20:29:00.000Z');
    expect((await todayOf(reader)).currentDay).toBe(1);
    t.clock.set('2026-03-01T20:30:00.000Z');
    expect((await todayOf(reader)).currentDay).toBe(2);
    expect(
      (
        await reader.api('GET /api/thoughts/:dayNumber', {
          params: { dayNumber: 2 },
          headers: tehran,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await reader.api('GET /api/thoughts/:dayNumber', {
          params: { dayNumber: 3 },
          headers: tehran,
        })
      ).status,
    ).toBe(403);
  });

  it('begins the cycle again after day 241', async () => {
    const reader = await signUp(t.app);
    await choosePace(reader, 'own');
    // Read every 20 days, as a reader would, so the session stays signed in.
    for (let day = 21; day <= 241; day += 20) {
      t.clock.advance(20 * 86_400_000);
      expect((await todayOf(reader)).currentDay).toBe(day);
    }
    t.clock.advance(86_400_000);
    expect((await todayOf(reader)).currentDay).toBe(1);
  });

  it('returns to the calendar day with everyone, and starts again at day 1 when chosen again', async () => {
    const reader = await signUp(t.app);
    await choosePace(reader, 'own');
    t.clock.advance(5 * 86_400_000);
    expect((await todayOf(reader)).currentDay).toBe(6);

    const back = await choosePace(reader, 'together');
    expect(back.body.user).toMatchObject({ pace: 'together', paceStartedOn: null });
    expect((await todayOf(reader)).currentDay).toBe(65);
    expect(
      (
        await reader.api('GET /api/thoughts/:dayNumber', {
          params: { dayNumber: 65 },
          headers: tehran,
        })
      ).status,
    ).toBe(200);

    await choosePace(reader, 'own');
    expect((await todayOf(reader)).currentDay).toBe(1);
  });

  it('leaves a friend reading with everyone, and visitors, on the calendar day', async () => {
    const own = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(own, friend);
    await choosePace(own, 'own');
    expect((await todayOf(own)).currentDay).toBe(1);
    expect((await todayOf(friend)).currentDay).toBe(60);
    expect(
      (
        await friend.api('GET /api/thoughts/:dayNumber', {
          params: { dayNumber: 60 },
          headers: tehran,
        })
      ).status,
    ).toBe(200);
    const visitor = await t.app.inject({ url: '/api/thoughts/today', headers: tehran });
    expect(JSON.parse(visitor.body).currentDay).toBe(60);
  });

  it('keeps journal entries on the day they were written for', async () => {
    const reader = await signUp(t.app);
    const entry = { entryText: JSON.stringify({ thoughts: 'x', words: '', deeds: '' }) };
    await reader.api('POST /api/journal', { body: { ...entry, dayNumber: 59, isPublic: false } });
    await choosePace(reader, 'own');
    await reader.api('POST /api/journal', { body: { ...entry, dayNumber: 1, isPublic: false } });
    const days = (await reader.api('GET /api/journal')).body.map((e: any) => e.dayNumber);
    expect(days.sort((a: number, b: number) => a - b)).toEqual([1, 59]);
  });
});

describe("the friends' feed", () => {
  it("names each entry's stanza, so friends on different days know which one it is", async () => {
    const reader = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(reader, friend);
    await choosePace(friend, 'own');
    const thoughts = JSON.stringify({ thoughts: 'on my own path', words: '', deeds: '' });
    await friend.api('POST /api/journal', {
      body: { dayNumber: 1, entryText: thoughts, isPublic: true },
    });
    const feed = (await reader.api('GET /api/journal/friends')).body;
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({ dayNumber: 1, reference: 'Yasna 28.1' });
    expect(feed[0]).not.toHaveProperty('paceStartedOn');
  });
});

describe('the reading-pace hint', () => {
  it('reaches every device of an own-path reader, at sign-in or at its next signed-in call', async () => {
    const reader = await signUp(t.app);
    expect(reader.paceCookie).toBeUndefined();
    const phone = new ApiClient(t.app);
    await phone.api('POST /api/auth/login', {
      body: {
        username: reader.user!.username,
        password: 'correct horse battery',
      },
    });
    await choosePace(reader, 'own');
    expect(reader.paceCookie).toBe('own');

    // The phone signed in before the change: its readings are the calendar's until its next
    // signed-in call, which hands it the hint; then they are the reader's own.
    expect((await todayOf(phone)).currentDay).toBe(60);
    await phone.api('GET /api/auth/me');
    expect(phone.paceCookie).toBe('own');
    expect((await todayOf(phone)).currentDay).toBe(1);

    // A device signing in now has it from the start.
    const laptop = new ApiClient(t.app);
    await laptop.api('POST /api/auth/login', {
      body: {
        username: reader.user!.username,
        password: 'correct horse battery',
      },
    });
    expect(laptop.paceCookie).toBe('own');
    expect((await todayOf(laptop)).currentDay).toBe(1);

    // Back with everyone: the hint goes, and a hint kept by mistake grants nothing.
    await choosePace(reader, 'together');
    expect(reader.paceCookie).toBeUndefined();
    laptop.paceCookie = 'own';
    expect((await todayOf(laptop)).currentDay).toBe(60);
  });
});
