import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp } from './test-support/api-client.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('cross-site request guard', () => {
  it('refuses a state-changing call without X-Requested-With', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'b' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Missing X-Requested-With: XMLHttpRequest header' });
  });

  it('refuses a call from another origin and accepts this one', async () => {
    const client = new ApiClient(t.app);
    const body = { username: 'nobody_here', password: 'whatever1' };
    expect(
      await client.api('POST /api/auth/login', {
        body: body,
        headers: { origin: 'https://evil.example' },
      }),
    ).toMatchObject({
      status: 403,
      body: { message: 'Cross-origin request refused' },
    });
    expect(
      (
        await client.api('POST /api/auth/login', {
          body: body,
          headers: { origin: 'http://localhost:3000' },
        })
      ).status,
    ).toBe(401);
  });

  it('lets reads through without the header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/thoughts/meta/total' });
    expect(response.statusCode).toBe(200);
  });

  it('does not let a forged request change anything for a signed-in person', async () => {
    const me = await signUp(t.app);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/journal',
      headers: {
        'content-type': 'application/json',
        cookie: `tfp_session=${me.sessionCookie}`,
        origin: 'https://evil.example',
        'x-requested-with': 'XMLHttpRequest',
      },
      payload: JSON.stringify({ dayNumber: 1, entryText: 'x' }),
    });
    expect(forged.statusCode).toBe(403);
    expect((await me.api('GET /api/journal')).body).toEqual([]);
  });
});

describe('answers to bad requests', () => {
  it('sends security headers on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/thoughts/meta/total' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // frame-ancestors above forbids framing; engines ignore X-Frame-Options beside it.
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it('answers 413 to a body over 64 KB', async () => {
    const me = await signUp(t.app);
    const response = await me.api('POST /api/journal', {
      body: { dayNumber: 1, entryText: 'x'.repeat(70_000) },
    });
    expect(response).toMatchObject({
      status: 413,
      body: { message: 'The request body is too large (64 KB at most)' },
    });
  });

  it('answers 400 to broken JSON and 415 to other content types', async () => {
    const me = await signUp(t.app);
    expect(await me.call('POST', '/api/journal', '{"dayNumber": 1,')).toMatchObject({
      status: 400,
      body: { message: 'The request body is not valid JSON' },
    });
    const form = await me.call('POST', '/api/journal', undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect([400, 415]).toContain(form.status);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/journal',
      headers: {
        'content-type': 'text/plain',
        'x-requested-with': 'XMLHttpRequest',
        cookie: `tfp_session=${me.sessionCookie}`,
      },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/JSON/);
  });

  it('answers 400, not 500, to a body of the wrong shape', async () => {
    const me = await signUp(t.app);
    for (const body of ['[]', '"text"', 'null', '42', '{"dayNumber":{"$gt":1}}']) {
      const response = await me.call('POST', '/api/journal', body);
      expect(response.status, body).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const response = await new ApiClient(t.app).call('GET', '/api/nothing-here');
    expect(response).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });

  it('gives requests an id, and uses the one a proxy sent', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(response.json()).toEqual({ ok: true });
    expect(response.statusCode).toBe(200);
  });
});

describe('serving the web app', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>The Threefold Path</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    web = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for app routes and assets with long caching, on the same origin as the API', async () => {
    for (const url of [
      '/',
      '/landing',
      '/app/daily-ritual/3',
      '/password-reset?token=abc',
      '/no/such/page',
    ]) {
      const page = await web.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('The Threefold Path');
      expect(page.headers['content-security-policy']).toContain("default-src 'self'");
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      // Headers only unsupported engines read are not sent (docs/decisions/035).
      for (const obsolete of [
        'x-frame-options',
        'x-xss-protection',
        'x-download-options',
        'x-permitted-cross-domain-policies',
      ]) {
        expect(page.headers[obsolete]).toBeUndefined();
      }
    }
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await web.app.inject({ method: 'GET', url: '/api/thoughts/meta/total' });
    expect(api.json()).toEqual({ totalDays: 241 });
    expect((await web.app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
  });
});
