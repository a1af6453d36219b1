import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.js';
import { createTestApp, type TestApp, testClock } from '../test-support/test-app.js';

// The test clock starts on 1 March 2026 at noon UTC: day 60.
let t: TestApp;
let anonymous: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  anonymous = new ApiClient(t.app);
});
afterAll(async () => t.close());

describe('thoughts', () => {
  it('gives the total number of days', async () => {
    expect(await anonymous.api('GET /api/thoughts/meta/total')).toMatchObject({
      status: 200,
      body: { totalDays: 241 },
    });
  });

  it("gives today's thought with the current day and total, to anyone", async () => {
    const today = await anonymous.api('GET /api/thoughts/today');
    expect(today.status).toBe(200);
    expect(today.body).toEqual({
      id: expect.any(Number),
      dayNumber: 60,
      thought: 'Fixture thought for day 60',
      explanation: 'Fixture explanation for day 60',
      reflectionPrompt: null,
      author: 'Fixture Author',
      currentDay: 60,
      totalDays: 241,
    });
  });

  it('uses the calendar date of the X-Timezone header, falling back to APP_TIMEZONE', async () => {
    const clock = testClock('2026-03-01T23:30:00.000Z');
    const late = await createTestApp({ clock });
    try {
      const client = new ApiClient(late.app);
      expect((await client.api('GET /api/thoughts/today')).body.dayNumber).toBe(60);
      expect(
        (await client.api('GET /api/thoughts/today', { headers: { 'x-timezone': 'Asia/Tokyo' } }))
          .body.dayNumber,
      ).toBe(61);
      expect(
        (
          await client.api('GET /api/thoughts/today', {
            headers: { 'x-timezone': 'America/New_York' },
          })
        ).body.dayNumber,
      ).toBe(60);
      expect(
        (await client.api('GET /api/thoughts/today', { headers: { 'x-timezone': 'Not/AZone' } }))
          .body.dayNumber,
      ).toBe(60);
      expect(
        (
          await client.api('GET /api/thoughts/:dayNumber', {
            params: { dayNumber: 61 },
            headers: { 'x-timezone': 'Asia/Tokyo' },
          })
        ).status,
      ).toBe(200);
      expect(
        (await client.api('GET /api/thoughts/:dayNumber', { params: { dayNumber: 61 } })).status,
      ).toBe(403);
    } finally {
      await late.close();
    }
  });

  it('cycles: on 30 August the reading starts again at day 1', async () => {
    const clock = testClock('2026-08-30T09:00:00.000Z');
    const wrapped = await createTestApp({ clock });
    try {
      const client = new ApiClient(wrapped.app);
      expect((await client.api('GET /api/thoughts/today')).body).toMatchObject({
        dayNumber: 1,
        currentDay: 1,
      });
      expect(
        (await client.api('GET /api/thoughts/:dayNumber', { params: { dayNumber: 2 } })).body
          .message,
      ).toBe('future_day');
      clock.set('2026-08-29T09:00:00.000Z');
      expect((await client.api('GET /api/thoughts/today')).body.dayNumber).toBe(241);
    } finally {
      await wrapped.close();
    }
  });

  it("tags today's thought with an ETag and answers a matching If-None-Match with an empty 304", async () => {
    const first = await anonymous.api('GET /api/thoughts/today');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await anonymous.api('GET /api/thoughts/today', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await anonymous.api('GET /api/thoughts/today', {
      headers: { 'if-none-match': '"another"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body.dayNumber).toBe(60);
  });

  it("moves to the next reading at each zone's own midnight, never earlier or later", async () => {
    // 14:59:59 UTC is 23:59:59 in Tokyo (UTC+9) and 09:59:59 in New York (UTC-5).
    const clock = testClock('2026-03-01T14:59:59.000Z');
    const app = await createTestApp({ clock });
    try {
      const client = new ApiClient(app.app);
      const dayIn = async (zone: string) =>
        (await client.api('GET /api/thoughts/today', { headers: { 'x-timezone': zone } })).body
          .dayNumber;
      expect(await dayIn('Asia/Tokyo')).toBe(60);
      const tokyoTag = (
        await client.api('GET /api/thoughts/today', { headers: { 'x-timezone': 'Asia/Tokyo' } })
      ).headers.etag as string;
      expect(await dayIn('America/New_York')).toBe(60);
      clock.advance(1000);
      expect(await dayIn('Asia/Tokyo')).toBe(61);
      const next = await client.api('GET /api/thoughts/today', {
        headers: {
          'x-timezone': 'Asia/Tokyo',
          'if-none-match': tokyoTag,
        },
      });
      expect(next.status).toBe(200);
      expect(next.body.thought).toBe('Fixture thought for day 61');
      expect(await dayIn('America/New_York')).toBe(60);
      // 05:00 UTC on 2 March is midnight in New York.
      clock.set('2026-03-02T04:59:59.999Z');
      expect(await dayIn('America/New_York')).toBe(60);
      clock.set('2026-03-02T05:00:00.000Z');
      expect(await dayIn('America/New_York')).toBe(61);
      expect(await dayIn('UTC')).toBe(61);
    } finally {
      await app.close();
    }
  });

  it('gives any day up to today', async () => {
    const day = await anonymous.api('GET /api/thoughts/:dayNumber', { params: { dayNumber: 1 } });
    expect(day.status).toBe(200);
    expect(day.body).toMatchObject({
      dayNumber: 1,
      thought: 'Fixture thought for day 1',
      reflectionPrompt: 'Fixture prompt for day 1?',
    });
    expect(
      (await anonymous.api('GET /api/thoughts/:dayNumber', { params: { dayNumber: 60 } })).status,
    ).toBe(200);
  });

  it('answers a later day with 403 future_day, a friendly message and the current day', async () => {
    const future = await anonymous.call('GET', '/api/thoughts/61');
    expect(future.status).toBe(403);
    expect(future.body).toEqual({
      message: 'future_day',
      friendlyMessage: expect.any(String),
      currentDay: 60,
    });
    expect(String(future.body.friendlyMessage).length).toBeGreaterThan(10);
    expect(
      (await anonymous.api('GET /api/thoughts/:dayNumber', { params: { dayNumber: 241 } })).body
        .message,
    ).toBe('future_day');
  });

  it('answers 404 Day not found outside 1..241 or for a non-integer', async () => {
    for (const day of ['0', '242', '1000', 'abc', '1.5', '-3', '99999999999']) {
      expect(
        await anonymous.api('GET /api/thoughts/:dayNumber', { params: { dayNumber: day } }),
      ).toMatchObject({
        status: 404,
        body: { message: 'Day not found' },
      });
    }
  });

  it('lists days 1 to today in order for the contents screen', async () => {
    const list = await anonymous.api('GET /api/thoughts');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(60);
    expect(list.body.map((t: { dayNumber: number }) => t.dayNumber)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(list.body[0]).toEqual({
      id: expect.any(Number),
      dayNumber: 1,
      thought: 'Fixture thought for day 1',
      explanation: 'Fixture explanation for day 1',
      reflectionPrompt: 'Fixture prompt for day 1?',
      author: 'Fixture Author',
    });
  });
});

describe('gatha info', () => {
  it('gives the row that covers a day', async () => {
    const info = await anonymous.api('GET /api/gathas/info/:day', { params: { day: 5 } });
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      id: expect.any(Number),
      songNumber: 28,
      songTitle: 'Ahunavaiti',
      stanzaNumber: 5,
      description: 'Fixture chapter',
      startDay: 5,
      endDay: 5,
    });
  });

  it('lists every row in day order to anyone, future days too, naming no stanza text', async () => {
    const list = await anonymous.api('GET /api/gathas/info');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(241);
    expect(list.body.map((row: { startDay: number }) => row.startDay)).toEqual(
      Array.from({ length: 241 }, (_, i) => i + 1),
    );
    expect(list.body[240]).toEqual({
      id: expect.any(Number),
      songNumber: 28,
      songTitle: 'Ahunavaiti',
      stanzaNumber: 1,
      description: 'Fixture chapter',
      startDay: 241,
      endDay: 241,
    });
    expect(JSON.stringify(list.body)).not.toContain('Fixture thought');
  });

  it('answers 404 for a day with no row or out of range', async () => {
    expect((await anonymous.api('GET /api/gathas/info/:day', { params: { day: 0 } })).status).toBe(
      404,
    );
    expect(
      (await anonymous.api('GET /api/gathas/info/:day', { params: { day: 242 } })).status,
    ).toBe(404);
    expect(
      (await anonymous.api('GET /api/gathas/info/:day', { params: { day: 'x' } })).status,
    ).toBe(404);
  });
});

describe('with no content pack', () => {
  let empty: TestApp;
  let emptyDir: string;
  beforeAll(async () => {
    emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-no-pack-'));
    empty = await createTestApp({ contentDir: emptyDir });
  });
  afterAll(async () => {
    await empty.close();
    fs.rmSync(emptyDir, { recursive: true, force: true });
  });

  it('starts, and answers 503 with a clear message on the thought calls', async () => {
    const client = new ApiClient(empty.app);
    expect((await client.api('GET /api/thoughts/meta/total')).body).toEqual({ totalDays: 241 });
    for (const url of ['/api/thoughts/today', '/api/thoughts/1', '/api/thoughts']) {
      const response = await client.call('GET', url);
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/readings are not loaded/);
    }
    expect((await client.api('GET /api/gathas/info/:day', { params: { day: 1 } })).status).toBe(
      404,
    );
    expect(await client.api('GET /api/gathas/info')).toMatchObject({ status: 200, body: [] });
  });
});
