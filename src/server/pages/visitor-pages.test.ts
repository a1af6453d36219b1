import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_COOKIE } from '#shared/constants';
import { rateLimitRules } from '../http/rate-limits.js';
import { createTestApp, type TestApp, testClock } from '../test-support/test-app.js';

const APP_URL = 'https://gathas.example';

/** A pack of three days whose texts try to break out of the page. */
function writeHostilePack(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-visitor-pack-'));
  fs.mkdirSync(path.join(dir, 'readings'));
  fs.writeFileSync(
    path.join(dir, 'pack.json'),
    JSON.stringify({
      title: 'Visitor pack',
      author: 'Visitor Author',
      license: 'test only',
      chapters: [{ songNumber: 28, description: 'A chapter' }],
    }),
  );
  const readings = Array.from({ length: 241 }, (_, i) => ({
    day: i + 1,
    reference: `Yasna 28.${i + 1}`,
    songNumber: 28,
    stanzas: [(i % 11) + 1],
    songTitle: 'Ahunavaiti',
    thought:
      i + 1 === 60
        ? 'With hands outstretched <script>alert(1)</script>\nI pray "for" the help & joy\nof the bounteous spirit.'
        : `Stanza of day ${i + 1},\nits second line.`,
    explanation:
      i + 1 === 60
        ? 'First paragraph: the <b>opening</b> prayer.\n\nSecond paragraph, kept for the app.'
        : `Explanation of day ${i + 1}.`,
    reflectionPrompt: i + 1 === 60 ? 'What do you ask for, <i>today</i>?' : null,
  }));
  fs.writeFileSync(path.join(dir, 'readings', 'days.json'), JSON.stringify({ readings }));
  return dir;
}

/** The content of each <meta property|name="key"> and <link rel="key"> in the page's head. */
function headTags(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = new Map<string, string>();
  for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) {
    tags.set(match[1]!, match[2]!);
  }
  for (const match of head.matchAll(/<link rel="([^"]+)" href="([^"]*)"/g)) {
    tags.set(match[1]!, match[2]!);
  }
  return tags;
}

/** Share of pixels that differ from the top-left one (the background). */
function inkedShare(png: PNG): number {
  const [r, g, b] = png.data;
  let inked = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (png.data[i] !== r || png.data[i + 1] !== g || png.data[i + 2] !== b) inked += 1;
  }
  return inked / (png.width * png.height);
}

describe("the days' public pages, for visitors", () => {
  let t: TestApp;
  let pack: string;
  beforeAll(async () => {
    pack = writeHostilePack();
    // 1 March 2026 at noon in UTC: day 60.
    t = await createTestApp({
      clock: testClock('2026-03-01T12:00:00.000Z'),
      contentDir: pack,
      env: { APP_URL },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(pack, { recursive: true, force: true });
  });

  it("sends /read/today to today's day by the calendar, in the visitor's zone when known", async () => {
    const today = await t.app.inject({ url: '/read/today' });
    expect(today.statusCode).toBe(302);
    expect(today.headers.location).toBe('/read/60');

    // 1 March noon in UTC is already 2 March in Kiritimati (UTC+14): day 61 there.
    const ahead = await t.app.inject({
      url: '/read/today',
      cookies: { [TIME_ZONE_COOKIE]: 'Pacific/Kiritimati' },
    });
    expect(ahead.headers.location).toBe('/read/61');
  });

  it('renders the day whole, every text escaped, with an invitation that remembers the day', async () => {
    const response = await t.app.inject({ url: '/read/60' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<main id="main">');
    expect(html).toContain('<h1 id="day-title">Yasna 28.5 \u2022 Ahunavaiti</h1>');
    expect(html).toContain(
      '<span class="line">With hands outstretched &lt;script&gt;alert(1)&lt;/script&gt;</span>\n<span class="line">I pray &quot;for&quot; the help &amp; joy</span>',
    );
    expect(html).not.toContain('<script');
    expect(html).toContain('First paragraph: the &lt;b&gt;opening&lt;/b&gt; prayer.');
    expect(html).not.toContain('Second paragraph');
    expect(html).toContain('What do you ask for, &lt;i&gt;today&lt;/i&gt;?');
    expect(html).toContain('<a class="button" href="/landing?day=60">Begin with Day 60</a>');
  });

  it('carries link previews with absolute addresses built from APP_URL', async () => {
    const tags = headTags((await t.app.inject({ url: '/read/60' })).body);
    expect(tags.get('canonical')).toBe(`${APP_URL}/read/60`);
    expect(tags.get('og:url')).toBe(`${APP_URL}/read/60`);
    expect(tags.get('og:image')).toBe(`${APP_URL}/read/60/card.png`);
    expect(tags.get('twitter:image')).toBe(`${APP_URL}/read/60/card.png`);
    expect(new URL(tags.get('og:image')!).protocol).toBe('https:');
    expect(tags.get('twitter:card')).toBe('summary_large_image');
    expect(tags.get('og:title')).toBe('Yasna 28.5 \u2022 Ahunavaiti \u2014 Day 60 of 241');
    expect(tags.get('og:description')).toContain('With hands outstretched &lt;script&gt;');
    expect(tags.get('og:image:width')).toBe('1200');
    expect(tags.get('og:image:height')).toBe('630');
  });

  it("shows a day not open yet as the future-day screen, with today's day to go to", async () => {
    const response = await t.app.inject({ url: '/read/61' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain("<h1>Tomorrow's Wisdom Awaits</h1>");
    expect(response.body).toContain('Tomorrow&#39;s reading is not open yet.');
    expect(response.body).toContain('<a class="button" href="/read/60">Go to Today\'s Gatha</a>');
    expect(response.body).not.toContain('Stanza of day 61');
    expect(response.body).not.toContain('og:image');
  });

  it('answers 404 for an address that names no day', async () => {
    for (const url of ['/read/0', '/read/242', '/read/01', '/read/1.5', '/read/abc', '/read/-3']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<h1>Day not found</h1>');
    }
  });

  it('lists in the sitemap exactly the days a visitor may open, and points robots to it', async () => {
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual([
      `${APP_URL}/landing`,
      ...Array.from({ length: 60 }, (_, i) => `${APP_URL}/read/${i + 1}`),
    ]);

    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /read/',
        'Disallow: /api/',
        `Sitemap: ${APP_URL}/sitemap.xml`,
      ]),
    );
  });

  for (const [format, width, height] of [
    ['card', 1200, 630],
    ['story', 1080, 1920],
  ] as const) {
    it(`draws the ${format} image of an open day, ${width}×${height}, revalidated by ETag`, async () => {
      const response = await t.app.inject({ url: `/read/60/${format}.png` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const image = PNG.sync.read(response.rawPayload);
      expect([image.width, image.height]).toEqual([width, height]);
      expect(inkedShare(image)).toBeGreaterThan(0.005);

      const etag = String(response.headers.etag);
      const again = await t.app.inject({
        url: `/read/60/${format}.png`,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      const other = await t.app.inject({ url: `/read/59/${format}.png` });
      expect(other.headers.etag).not.toBe(etag);
    });
  }

  it('draws no image for a day a visitor may not open', async () => {
    for (const url of [
      '/read/61/card.png',
      '/read/241/story.png',
      '/read/0/card.png',
      '/read/x/story.png',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toBe('image/png');
    }
  });

  it('keeps a drawn image as a file and answers a matching ETag with 304 without reading or drawing it', async () => {
    const dir = t.config.shareImagesDir;
    const first = await t.app.inject({ url: '/read/58/card.png' });
    expect(first.statusCode).toBe(200);
    const kept = fs.readdirSync(dir).filter((name) => name.startsWith('card-58-'));
    expect(kept).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, kept[0]!)).equals(first.rawPayload)).toBe(true);

    // With the file gone, a revalidation is still answered and nothing is drawn again.
    fs.rmSync(path.join(dir, kept[0]!));
    const again = await t.app.inject({
      url: '/read/58/card.png',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('card-58-'))).toHaveLength(0);
  });
});

describe("the visitors' pages and images, per address", () => {
  let t: TestApp;
  let pack: string;
  beforeAll(async () => {
    pack = writeHostilePack();
    t = await createTestApp({
      clock: testClock('2026-03-01T12:00:00.000Z'),
      contentDir: pack,
      env: { APP_URL, RATE_LIMIT_IP_FACTOR: '0.01' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(pack, { recursive: true, force: true });
  });

  it('answers 429 with Retry-After past the allowance, to that address alone, pages and images counted apart', async () => {
    const { readPagesPerIp, shareImagesPerIp } = rateLimitRules(0.01);
    expect(readPagesPerIp.limit).toBe(6);
    expect(shareImagesPerIp.limit).toBe(2);
    const from = (ip: string, url: string) => t.app.inject({ url, remoteAddress: ip });

    for (let i = 0; i < readPagesPerIp.limit; i++)
      expect((await from('203.0.113.5', `/read/${(i % 3) + 1}`)).statusCode).toBe(200);
    const refused = await from('203.0.113.5', '/read/1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Someone else is still served, and so are this address's images.
    expect((await from('203.0.113.6', '/read/1')).statusCode).toBe(200);

    for (let i = 0; i < shareImagesPerIp.limit; i++)
      expect((await from('203.0.113.5', '/read/1/card.png')).statusCode).toBe(200);
    const tooMany = await from('203.0.113.5', '/read/1/story.png');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['content-type']).not.toBe('image/png');

    // A new window, a new allowance.
    t.clock.advance(61_000);
    expect((await from('203.0.113.5', '/read/1')).statusCode).toBe(200);
  });
});
