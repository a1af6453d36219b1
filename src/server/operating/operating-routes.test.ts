import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { createReadiness } from './operating-routes.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef0123456789';

/** The value of one series in Prometheus text, by its name and labels as written there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/health and GET /api/ready', () => {
  it('health answers 200 at every moment; ready only once serving, 503 once stopping', async () => {
    const readiness = createReadiness();
    expect(readiness.state).toBe('starting');
    const t = await createTestApp({ readiness });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ ok: true });
      expect(ready.headers['cache-control']).toBe('no-store');

      readiness.stopping();
      const stopping = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ message: 'Shutting down' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('once stopping, never turns back to serving', () => {
    const readiness = createReadiness();
    readiness.stopping();
    readiness.serving();
    expect(readiness.state).toBe('stopping');
  });
});

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  const metrics = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', ...options });

  it('serves Prometheus text to this machine', async () => {
    const answer = await metrics();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toContain('# TYPE threefold_http_request_duration_seconds histogram');
    expect(answer.body).toContain('process_resident_memory_bytes');
    expect(answer.body).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('refuses anyone else, a proxied request and a wrong token; takes the right token', async () => {
    const outside = { remoteAddress: '203.0.113.9' };
    expect((await metrics(outside)).statusCode).toBe(403);
    expect((await metrics(outside)).json()).toEqual({
      message: 'The metrics are served to this machine or with METRICS_TOKEN',
    });
    expect((await metrics({ headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    expect((await metrics({ headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(403);
    for (const authorization of [
      `Bearer ${METRICS_TOKEN}x`,
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      'Bearer ',
      METRICS_TOKEN,
      `Basic ${METRICS_TOKEN}`,
    ]) {
      expect((await metrics({ ...outside, headers: { authorization } })).statusCode).toBe(403);
    }
    const allowed = await metrics({
      ...outside,
      headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('without METRICS_TOKEN configured, no bearer token opens them to others', async () => {
    const open = await createTestApp();
    try {
      const answer = await open.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer ' },
      });
      expect(answer.statusCode).toBe(403);
    } finally {
      await open.close();
    }
  });

  it('count requests by route pattern and status, however many addresses are asked', async () => {
    // A day with no reflection answers 404: one series for all thirty.
    const person = await signUp(t.app);
    for (let day = 1; day <= 30; day++)
      await person.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: day } });
    for (let n = 0; n < 30; n++) {
      await t.app.inject({ method: 'GET', url: `/api/no-such-thing-${n}` });
    }
    const { body } = await metrics();
    const series = body.split('\n').filter((l) => l.startsWith('threefold_http_request_duration'));
    expect(
      seriesValue(
        body,
        'threefold_http_request_duration_seconds_count{method="GET",route="/api/journal/day/:dayNumber",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(30);
    expect(series.some((l) => l.includes('/api/journal/day/1'))).toBe(false);
    expect(series.some((l) => l.includes('no-such-thing'))).toBe(false);
    expect(
      seriesValue(
        body,
        'threefold_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBeGreaterThanOrEqual(30);
  });

  it("time the database's queries and count the caches' lookups", async () => {
    const person = await signUp(t.app);
    await person.api('GET /api/auth/me');
    await person.api('GET /api/auth/me');
    await person.api('GET /api/journal/friends');
    await person.api('GET /api/journal/friends');
    const { body } = await metrics();
    expect(
      seriesValue(body, 'threefold_db_query_duration_seconds_count{kind="select",outcome="ok"}'),
    ).toBeGreaterThan(0);
    expect(
      seriesValue(body, 'threefold_db_query_duration_seconds_count{kind="insert",outcome="ok"}'),
    ).toBeGreaterThan(0);
    expect(
      seriesValue(body, 'threefold_cache_lookups_total{cache="sessions",result="hit"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      seriesValue(body, 'threefold_cache_lookups_total{cache="feeds",result="hit"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(seriesValue(body, 'threefold_cache_entries{cache="sessions"}')).toBeGreaterThan(0);
    expect(seriesValue(body, 'threefold_cache_entries{cache="feeds"}')).toBeGreaterThan(0);
    expect(seriesValue(body, 'threefold_cache_hit_ratio{cache="feeds"}')).toBeGreaterThan(0);
    expect(seriesValue(body, 'threefold_feed_cache_bytes{of="max"}')).toBe(16 * 1024 * 1024);
  });

  it('record each reminder tick: when it ran, how late, and what it sent', async () => {
    const before = seriesValue(
      (await metrics()).body,
      'threefold_reminder_tick_duration_seconds_count',
    );
    await t.app.reminderScheduler.tick();
    const { body } = await metrics();
    expect(seriesValue(body, 'threefold_reminder_tick_duration_seconds_count')).toBe(
      (before ?? 0) + 1,
    );
    expect(seriesValue(body, 'threefold_reminder_last_tick_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    expect(seriesValue(body, 'threefold_reminder_tick_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(body, 'threefold_reminder_pushes_total{outcome="sent"}')).toBe(0);
  });
});
