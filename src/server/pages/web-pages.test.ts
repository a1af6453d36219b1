import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '#shared/constants';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { pageForPath } from './web-pages.js';

const script = 'console.log("the app");'.repeat(100);

function writeBuild(dist: string, withPrerenderedPages: boolean) {
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const pages: Record<string, string> = {
    'index.html': '<!doctype html><title>The Threefold Path</title><div id="root"></div>',
    ...(withPrerenderedPages
      ? {
          'landing.html': '<!doctype html><title>The Threefold Path</title><h1>Landing</h1>',
          'app-shell.html': '<!doctype html><title>The Threefold Path</title><nav>Shell</nav>',
        }
      : {}),
  };
  for (const [name, html] of Object.entries(pages)) {
    fs.writeFileSync(path.join(dist, name), html);
    fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(html));
    fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(html));
  }
  const asset = path.join(dist, 'assets', 'app-abc123.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'assets', 'icon-abc123.png'), 'not really a png');
}

function cookieNamed(response: { cookies: Array<{ name: string }> }, name: string) {
  return response.cookies.find((cookie) => cookie.name === name) as
    { name: string; value: string; httpOnly?: boolean; maxAge?: number; path?: string } | undefined;
}

describe('pageForPath', () => {
  const all = new Set(['index.html', 'landing.html', 'app-shell.html']);
  it('answers the landing and the signed-in frame with their pre-rendered pages', () => {
    expect(pageForPath('/landing', all)).toBe('landing.html');
    expect(pageForPath('/app', all)).toBe('app-shell.html');
    expect(pageForPath('/app/daily-ritual/12', all)).toBe('app-shell.html');
    expect(pageForPath('/', all)).toBe('index.html');
    expect(pageForPath('/password-reset', all)).toBe('index.html');
    expect(pageForPath('/application', all)).toBe('index.html');
  });
  it('falls back to index.html when a build has no pre-rendered page', () => {
    expect(pageForPath('/landing', new Set(['index.html']))).toBe('index.html');
  });
});

describe('serving the built web app', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-web-pages-'));
    writeBuild(dist, true);
    web = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy of an asset to a browser that accepts it, the plain file otherwise', async () => {
    const url = '/assets/app-abc123.js';
    const br = await web.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await web.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await web.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves a file the build did not compress as it is', async () => {
    const icon = await web.app.inject({
      url: '/assets/icon-abc123.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe('not really a png');
  });

  it('never hands out a compressed copy under its own name', async () => {
    const copy = await web.app.inject({ url: '/assets/app-abc123.js.br' });
    expect(copy.statusCode).toBe(404);
    expect(copy.headers['content-encoding']).toBeUndefined();
    expect(copy.body).not.toContain('console.log');
  });

  it('answers a missing build file as missing, not with a page the browser would refuse', async () => {
    for (const url of ['/assets/index-0ld8uild.js', '/assets/index-0ld8uild.css?v=1']) {
      const missing = await web.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/text\/plain/);
      expect(missing.headers['cache-control'], url).toBe('no-cache');
      expect(missing.body, url).toBe('Not found');
    }
    const page = await web.app.inject({ url: '/assetsroom' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers /landing and /app/* with their pre-rendered pages, compressed, and the rest with index.html', async () => {
    const expected: Array<[string, string]> = [
      ['/landing', '<h1>Landing</h1>'],
      ['/app/daily-ritual', '<nav>Shell</nav>'],
      ['/app/community?tab=friends', '<nav>Shell</nav>'],
      ['/', '<div id="root"></div>'],
      ['/password-reset?token=abc', '<div id="root"></div>'],
    ];
    for (const [url, marker] of expected) {
      const page = await web.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers.vary, url).toMatch(/accept-encoding/i);
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(zlib.brotliDecompressSync(page.rawPayload).toString(), url).toContain(marker);
    }
  });

  it('compresses no API answer', async () => {
    const api = await web.app.inject({
      url: '/api/thoughts/meta/total',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(api.json()).toEqual({ totalDays: 241 });
  });

  it('gives a page the signed-in hint when the browser holds a session cookie from before it', async () => {
    const older = await web.app.inject({
      url: '/app/daily-ritual',
      cookies: { [SESSION_COOKIE]: 'some-session-token' },
    });
    const hint = cookieNamed(older, SIGNED_IN_HINT_COOKIE);
    expect(hint?.value).toBe('1');
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.path).toBe('/');

    const signedOut = await web.app.inject({ url: '/landing' });
    expect(cookieNamed(signedOut, SIGNED_IN_HINT_COOKIE)).toBeUndefined();

    // A session the page already found over stays over, until the next sign-in.
    const ended = await web.app.inject({
      url: '/landing',
      cookies: { [SESSION_COOKIE]: 'some-session-token', [SIGNED_IN_HINT_COOKIE]: '0' },
    });
    expect(cookieNamed(ended, SIGNED_IN_HINT_COOKIE)).toBeUndefined();
  });
});

describe('a build without pre-rendered pages', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-web-plain-'));
    writeBuild(dist, false);
    web = await createTestApp({ env: { SERVE_WEB: 'true', WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every app route with index.html', async () => {
    for (const url of ['/landing', '/app/daily-ritual']) {
      const page = await web.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
    }
  });
});
