import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, TIME_ZONE_COOKIE } from '#shared/constants';
import { PAGE_RENDER_DIR, PAGE_RENDER_ENTRY, READER_PAGE_TEMPLATE } from '#shared/web-build';
import { openDatabase } from '../db/connection.js';
import { signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp, testClock } from '../test-support/test-app.js';

/**
 * A web build whose page renderer writes out what it was given, so the test sees exactly the
 * answers and cookies a reader's page is made from: the shared page the answers, the reader's
 * parts their account details and cookies. A reader named 'Unrenderable' makes it fail, as a
 * broken build would.
 */
function writeBuild(base: string) {
  const web = path.join(base, 'web');
  fs.mkdirSync(web, { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<div id="root"></div>');
  fs.writeFileSync(path.join(web, 'app-shell.html'), '<nav>Shell</nav>');
  const render = path.join(base, PAGE_RENDER_DIR);
  fs.mkdirSync(render);
  fs.writeFileSync(path.join(render, READER_PAGE_TEMPLATE), '<main>{page}</main>');
  // The shared page names the day's answers, and leaves the reader's account details and the
  // request's cookies (as the progress line reads them) to its marks.
  fs.writeFileSync(
    path.join(render, PAGE_RENDER_ENTRY),
    `export async function renderSharedReaderPage(template, shared) {
      const { pace, ...answers } = shared;
      const page = '{"data":{"me":\\uE000me\\uE001,' + JSON.stringify(answers).slice(1) +
        ',"cookies":"\\uE000progress\\uE001"}';
      return template.replace('{page}', page);
    }
    export function renderReaderParts(me, day, cookies) {
      if (me.fullName === 'Unrenderable') throw new Error('broken build');
      return { me: JSON.stringify(me), progress: JSON.stringify(cookies).slice(1, -1), initials: '' };
    }`,
  );
  return web;
}

function rendered(body: string): { data: Record<string, any>; cookies: string } {
  return JSON.parse(/^<main>(.*)<\/main>$/s.exec(body)?.[1] ?? 'null');
}

describe('the daily screen rendered for the signed-in reader', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-reader-page-'));
    // 22:30 in London on 28 March is already 29 March (day 88) in Tehran.
    t = await createTestApp({
      clock: testClock('2026-03-28T22:30:00.000Z'),
      env: { SERVE_WEB: 'true', WEB_DIST_DIR: writeBuild(base), APP_TIMEZONE: 'Europe/London' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  it("renders the reader's today, in their zone, from the API's own answers", async () => {
    const reader = await signUp(t.app, { fullName: 'Roxana Daryush' });
    const cookie = `${SESSION_COOKIE}=${reader.sessionCookie}; ${TIME_ZONE_COOKIE}=Asia%2FTehran; gatha-progress=%7B%7D`;
    const page = await t.app.inject({
      url: '/app/daily-ritual',
      headers: { cookie, 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toMatch(/cookie/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const { data, cookies } = rendered(zlib.brotliDecompressSync(page.rawPayload).toString());
    expect(cookies).toBe(cookie);
    expect(data.timeZone).toBe('Asia/Tehran');
    expect(data.me).toEqual(reader.user);
    const today = await reader.api('GET /api/thoughts/today', {
      headers: { 'x-timezone': 'Asia/Tehran' },
    });
    expect(data.today).toEqual(today.body);
    expect(data.today.dayNumber).toBe(88);
    const info = await reader.api('GET /api/gathas/info/:day', { params: { day: 88 } });
    expect(data.gathaInfo).toEqual(info.status === 200 ? info.body : null);
  });

  it("puts each reader's own parts into the page the day's readers share, compressed as gzip", async () => {
    const first = await signUp(t.app, { fullName: 'Roxana Daryush' });
    const second = await signUp(t.app, { fullName: 'Kourosh Mehr' });
    const pages = await Promise.all(
      [first, second, first].map(async (reader, index) => {
        const cookie = `${SESSION_COOKIE}=${reader.sessionCookie}; gatha-progress=%5B${index}%5D`;
        const page = await t.app.inject({
          url: '/app/daily-ritual',
          headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(page.headers['content-encoding']).toBe('gzip');
        return { cookie, reader, page: rendered(zlib.gunzipSync(page.rawPayload).toString()) };
      }),
    );
    for (const { cookie, reader, page } of pages) {
      expect(page.cookies).toBe(cookie);
      expect(page.data.me).toEqual(reader.user);
      expect(page.data.today).toEqual(pages[0]?.page.data.today);
    }
  });

  it("shows the reader's account as it is after they change it, not as it was", async () => {
    const reader = await signUp(t.app, { fullName: 'Before Change' });
    const pageData = async () => {
      const page = await t.app.inject({
        url: '/app/daily-ritual',
        headers: { cookie: `${SESSION_COOKIE}=${reader.sessionCookie}`, 'accept-encoding': 'gzip' },
      });
      return rendered(zlib.gunzipSync(page.rawPayload).toString()).data;
    };
    expect((await pageData()).me.fullName).toBe('Before Change');
    expect((await pageData()).me.fullName).toBe('Before Change');
    const changed = await reader.api('PATCH /api/users/me', {
      body: { fullName: 'After Change', discoverable: 'nobody' },
    });
    expect(changed.status).toBe(200);
    const after = await pageData();
    expect(after.me).toEqual(changed.body.user);
    expect(after.me.fullName).toBe('After Change');
  });

  it('shows the readings as they are after a content import, not as they were', async () => {
    const reader = await signUp(t.app);
    const cookies = { [SESSION_COOKIE]: reader.sessionCookie ?? '' };
    const before = rendered((await t.app.inject({ url: '/app/daily-ritual', cookies })).body);
    const day: number = before.data.today.dayNumber;
    const database = openDatabase(t.databaseUrl);
    try {
      // As an import does: the readings change, and every process is told (topic 'content').
      await database.db
        .updateTable('gatha_info')
        .set({ song_title: 'A song renamed by an import' })
        .where('start_day', '<=', day)
        .where('end_day', '>=', day)
        .execute();
      await database.db
        .insertInto('data_changes')
        .values({ topic: 'content', user_id: 0 })
        .execute();
    } finally {
      await database.close();
    }
    // A change of the reader's own makes the app read what changed before it answers.
    await reader.call('PATCH', '/api/users/me', { pace: 'together' });
    const after = rendered((await t.app.inject({ url: '/app/daily-ritual', cookies })).body);
    expect(before.data.gathaInfo?.songTitle).not.toBe('A song renamed by an import');
    expect(after.data.gathaInfo?.songTitle).toBe('A song renamed by an import');
  });

  it('renders the own day of a reader on their own path, while the public page keeps the calendar', async () => {
    const reader = await signUp(t.app);
    // 29 March in Tehran: their path's day 1.
    await reader.call('PATCH', '/api/users/me', { pace: 'own' }, { 'x-timezone': 'Asia/Tehran' });
    const page = await t.app.inject({
      url: '/app/daily-ritual',
      cookies: { [SESSION_COOKIE]: reader.sessionCookie ?? '', [TIME_ZONE_COOKIE]: 'Asia/Tehran' },
    });
    const { data } = rendered(page.body);
    expect(data.me).toMatchObject({ pace: 'own', paceStartedOn: '2026-03-29' });
    expect(data.today).toMatchObject({ dayNumber: 1, currentDay: 1 });
    const visitorsPage = await t.app.inject({
      url: '/read/2',
      cookies: { [SESSION_COOKIE]: reader.sessionCookie ?? '', [TIME_ZONE_COOKIE]: 'Asia/Tehran' },
    });
    expect(visitorsPage.statusCode).toBe(200);
  });

  it("uses the app's zone when the page has not told its own, or told a zone that is not one", async () => {
    const reader = await signUp(t.app);
    for (const zone of [undefined, 'Not%2FA_Zone']) {
      const page = await t.app.inject({
        url: '/app/daily-ritual',
        cookies: {
          [SESSION_COOKIE]: reader.sessionCookie ?? '',
          ...(zone ? { [TIME_ZONE_COOKIE]: decodeURIComponent(zone) } : {}),
        },
      });
      const { data } = rendered(page.body);
      expect(data.timeZone).toBe('Europe/London');
      expect(data.today.dayNumber).toBe(87);
    }
  });

  it('sends the shell, naming no one, to anyone not signed in', async () => {
    const noSession: Array<Record<string, string>> = [
      {},
      { [SESSION_COOKIE]: 'a-session-that-never-was' },
    ];
    for (const cookies of noSession) {
      const page = await t.app.inject({ url: '/app/daily-ritual', cookies });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe('<nav>Shell</nav>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the shell for every other address and for a day chosen in the address', async () => {
    const reader = await signUp(t.app);
    for (const url of ['/app/daily-ritual/12', '/app/dashboard', '/app/daily-ritual?x=1']) {
      const page = await t.app.inject({
        url,
        cookies: { [SESSION_COOKIE]: reader.sessionCookie ?? '' },
      });
      if (url.includes('?')) expect(rendered(page.body).data.me.id, url).toBe(reader.user.id);
      else expect(page.body, url).toBe('<nav>Shell</nav>');
    }
  });

  it('sends the shell when the page cannot be rendered', async () => {
    const reader = await signUp(t.app, { fullName: 'Unrenderable' });
    const page = await t.app.inject({
      url: '/app/daily-ritual',
      cookies: { [SESSION_COOKIE]: reader.sessionCookie ?? '' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<nav>Shell</nav>');
    expect(page.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE)?.value).toBe('1');
  });
});
