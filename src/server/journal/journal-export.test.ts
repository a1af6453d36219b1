import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalExport } from '#shared/account-schemas';
import { SESSION_COOKIE } from '#shared/constants';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { writeFixturePack } from '../test-support/fixture-pack.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const entryText = (thoughts: string, words: string, deeds: string) =>
  JSON.stringify({ thoughts, words, deeds });

const multiLineThoughts = 'Vohu Manah — the good mind 🌅\nSecond line, “quoted”\n# not a heading';
const unicodeWords = 'Ašəm vohū vahištəm astī — 真実は最善の善';

/** A person with two reflections (one private, one shared), written out of day order. */
/** The export as JSON, its default format. */
async function exported(me: ApiClient, format?: 'json') {
  const answer = await me.api('GET /api/journal/export', format ? { query: { format } } : {});
  return answer.body as JournalExport;
}

async function personWithJournal() {
  const me = await signUp(t.app, {
    city: 'Zürich',
    fullName: 'Zoë Årdal',
    whatsapp: '+41 79 000 00 00',
  });
  t.clock.set('2026-03-01T12:00:00.000Z');
  const later = await me.api('POST /api/journal', {
    body: {
      dayNumber: 12,
      entryText: entryText('Day twelve thoughts', '', 'Helped a neighbour'),
      isPublic: true,
    },
  });
  const earlier = await me.api('POST /api/journal', {
    body: {
      dayNumber: 5,
      entryText: entryText(multiLineThoughts, unicodeWords, 'Planted\nthree trees'),
      isPublic: false,
    },
  });
  return { me, later: later.body, earlier: earlier.body };
}

describe('GET /api/journal/export?format=json', () => {
  it('downloads every field of every entry, ordered by day, with the account details', async () => {
    const { me, earlier, later } = await personWithJournal();
    t.clock.set('2026-03-02T07:30:00.000Z');
    const response = await me.api('GET /api/journal/export', {
      query: { format: 'json' },
      headers: {
        'x-timezone': 'America/Los_Angeles',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // The file is dated by the person's own calendar: still 1 March in Los Angeles.
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="threefold-path-journal-2026-03-01.json"',
    );
    expect(response.body).toEqual({
      exportedAt: '2026-03-02T07:30:00.000Z',
      exportedAtLocal: '2026-03-01T23:30:00-08:00',
      timeZone: 'America/Los_Angeles',
      user: {
        username: me.user.username,
        fullName: 'Zoë Årdal',
        email: me.user.email,
        city: 'Zürich',
        postalCode: null,
        whatsapp: '+41 79 000 00 00',
        createdAt: me.user.createdAt,
      },
      entries: [
        {
          id: earlier.id,
          dayNumber: 5,
          reference: 'Yasna 28.5',
          reflectionPrompt: 'Fixture prompt for day 5?',
          goodThoughts: multiLineThoughts,
          goodWords: unicodeWords,
          goodDeeds: 'Planted\nthree trees',
          isPublic: false,
          createdAt: '2026-03-01T12:00:00.000Z',
          createdAtLocal: '2026-03-01T04:00:00-08:00',
          updatedAt: '2026-03-01T12:00:00.000Z',
          updatedAtLocal: '2026-03-01T04:00:00-08:00',
          entryText: earlier.entryText,
        },
        {
          id: later.id,
          dayNumber: 12,
          reference: 'Yasna 28.12',
          reflectionPrompt: null,
          goodThoughts: 'Day twelve thoughts',
          goodWords: '',
          goodDeeds: 'Helped a neighbour',
          isPublic: true,
          createdAt: later.createdAt,
          createdAtLocal: '2026-03-01T04:00:00-08:00',
          updatedAt: later.updatedAt,
          updatedAtLocal: '2026-03-01T04:00:00-08:00',
          entryText: later.entryText,
        },
      ],
      savedStanzas: [],
    });
  });

  it('holds the saved stanzas by day, each with its reference, note and save time', async () => {
    const me = await signUp(t.app);
    t.clock.set('2026-03-01T12:00:00.000Z');
    await me.api('PUT /api/saved/:day', {
      params: { day: 41 },
      body: { note: 'Private note\non two lines — ā 🌅' },
    });
    t.clock.advance(60_000);
    await me.call('PUT', '/api/saved/2');
    const response = await me.call('GET', '/api/journal/export?format=json', undefined, {
      'x-timezone': 'Asia/Kolkata',
    });
    expect(response.body.savedStanzas).toEqual([
      {
        dayNumber: 2,
        reference: 'Yasna 28.2',
        note: '',
        savedAt: '2026-03-01T12:01:00.000Z',
        savedAtLocal: '2026-03-01T17:31:00+05:30',
      },
      {
        dayNumber: 41,
        reference: 'Yasna 28.41',
        note: 'Private note\non two lines — ā 🌅',
        savedAt: '2026-03-01T12:00:00.000Z',
        savedAtLocal: '2026-03-01T17:30:00+05:30',
      },
    ]);
    expect(response.body.entries).toEqual([]);
  });

  it("names each day's reading as the content pack does, with the day's prompt", async () => {
    const me = await signUp(t.app);
    await me.api('POST /api/journal', {
      body: { dayNumber: 41, entryText: entryText('Forty-one', '', '') },
    });
    const [entry] = (await exported(me)).entries;
    // The pack's own reference, which the stanza info (stanza 11 of the chapter) cannot rebuild.
    expect(entry).toMatchObject({
      reference: 'Yasna 28.41',
      reflectionPrompt: 'Fixture prompt for day 41?',
    });
  });

  it("gives local times in the zone the app's cookie names when no header does, else the app's", async () => {
    const { me } = await personWithJournal();
    t.clock.set('2026-03-02T07:30:00.000Z');
    const fromCookie = await me.call('GET', '/api/journal/export', undefined, {
      cookie: `${SESSION_COOKIE}=${me.sessionCookie}; tfp_tz=Asia%2FKolkata`,
    });
    expect(fromCookie.body).toMatchObject({
      timeZone: 'Asia/Kolkata',
      exportedAtLocal: '2026-03-02T13:00:00+05:30',
    });
    expect((fromCookie.body as JournalExport).entries[0]?.createdAtLocal).toBe(
      '2026-03-01T17:30:00+05:30',
    );
    const headerWins = await me.call('GET', '/api/journal/export', undefined, {
      cookie: `${SESSION_COOKIE}=${me.sessionCookie}; tfp_tz=Asia%2FKolkata`,
      'x-timezone': 'Europe/Zurich',
    });
    expect(headerWins.body.timeZone).toBe('Europe/Zurich');
    const unknownZones = await me.api('GET /api/journal/export', {
      headers: {
        cookie: `${SESSION_COOKIE}=${me.sessionCookie}; tfp_tz=Mars%2FOlympus`,
        'x-timezone': 'Nowhere/Else',
      },
    });
    expect(unknownZones.body).toMatchObject({
      timeZone: 'UTC',
      exportedAtLocal: '2026-03-02T07:30:00Z',
    });
  });

  it('is the default format', async () => {
    const { me } = await personWithJournal();
    const response = await me.call('GET', '/api/journal/export');
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.json"$/);
    expect(response.body.entries).toHaveLength(2);
  });

  it('exports an empty journal as an empty list', async () => {
    const me = await signUp(t.app);
    const response = await exported(me);
    expect(response.entries).toEqual([]);
    expect(response.user.username).toBe(me.user.username);
  });
});

describe('GET /api/journal/export?format=md', () => {
  it('writes a title and one section per day with its reading, prompt, local times and three parts', async () => {
    const { me } = await personWithJournal();
    t.clock.set('2026-03-02T07:30:00.000Z');
    const response = await me.api('GET /api/journal/export', {
      query: { format: 'md' },
      headers: {
        'x-timezone': 'America/Los_Angeles',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="threefold-path-journal-2026-03-01.md"',
    );
    const text = response.body as string;
    // The username's underscores are escaped, so they can never start emphasis.
    expect(
      text.startsWith(
        `# The Threefold Path: journal of Zoë Årdal (@${me.user.username.replaceAll('_', '\\_')})\n`,
      ),
    ).toBe(true);
    expect(text).toContain(
      '\nExported 1 March 2026, 23:30 (America/Los\\_Angeles). 2 reflections. Times are in America/Los\\_Angeles.\n',
    );
    const sections = text.split(/^## /m).slice(1);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toContain(
      'Day 5 — Yasna 28.5\n\nPrompt: Fixture prompt for day 5?\n\nPrivate. Written 1 March 2026, 04:00, last changed 1 March 2026, 04:00.\n',
    );
    expect(sections[0]).toContain(
      '### Good Thoughts\n\nVohu Manah — the good mind 🌅\nSecond line, “quoted”\n\\# not a heading\n',
    );
    expect(sections[0]).toContain(`### Good Words\n\n${unicodeWords}\n`);
    expect(sections[0]).toContain('### Good Deeds\n\nPlanted\nthree trees\n');
    // Day 12 has no prompt in the readings.
    expect(sections[1]).toContain('Day 12 — Yasna 28.12\n\nShared with friends. Written');
    expect(sections[1]).toContain('### Good Words\n\n_Nothing written._\n');
    expect(text.indexOf('Day 5')).toBeLessThan(text.indexOf('Day 12'));
  });
});

describe('saved stanzas in the Markdown export', () => {
  it('follow the reflections under their own heading, each note as written or said to be empty', async () => {
    const me = await signUp(t.app);
    t.clock.set('2026-03-01T12:00:00.000Z');
    await me.api('POST /api/journal', {
      body: { dayNumber: 5, entryText: entryText('Mine', '', '') },
    });
    await me.api('PUT /api/saved/:day', {
      params: { day: 9 },
      body: { note: 'Keep this\n# not a heading [x](https://evil.test)' },
    });
    await me.call('PUT', '/api/saved/3');
    const text = (
      await me.api('GET /api/journal/export', {
        query: { format: 'md' },
        headers: { 'x-timezone': 'UTC' },
      })
    ).body as string;
    const [reflections, saved] = text.split('\n## Saved stanzas\n');
    expect(reflections).toContain('## Day 5 — Yasna 28.5');
    expect(saved).toBe(
      [
        '',
        '### Day 3 — Yasna 28.3',
        '',
        'Saved 1 March 2026, 12:00.',
        '',
        '_No note._',
        '',
        '### Day 9 — Yasna 28.9',
        '',
        'Saved 1 March 2026, 12:00.',
        '',
        'Keep this',
        '\\# not a heading \\[x\\](https://evil.test)',
        '',
      ].join('\n'),
    );
  });

  it('are left out, heading and all, when nothing is saved', async () => {
    const me = await signUp(t.app);
    await me.api('POST /api/journal', {
      body: { dayNumber: 5, entryText: entryText('Mine', '', '') },
    });
    expect(
      (await me.api('GET /api/journal/export', { query: { format: 'md' } })).body,
    ).not.toContain('Saved stanzas');
  });
});

describe("another person's saved stanzas", () => {
  it('never appear in an export', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    await befriend(me, friend);
    await friend.api('PUT /api/saved/:day', {
      params: { day: 4 },
      body: { note: 'FRIEND-SAVED-NOTE' },
    });
    const json = await me.call('GET', '/api/journal/export?format=json');
    expect(json.body.savedStanzas).toEqual([]);
    const markdown = (await me.api('GET /api/journal/export', { query: { format: 'md' } }))
      .body as string;
    expect(JSON.stringify(json.body) + markdown).not.toContain('FRIEND-SAVED-NOTE');
  });
});

describe('hostile names and text in the Markdown export', () => {
  /** Occurrences of `char` not escaped with a backslash. */
  const unescaped = (text: string, char: string) =>
    [...text].filter((c, i) => c === char && text[i - 1] !== '\\').length;

  it('keeps every section itself: no forged heading, link, list, quote, code or HTML', async () => {
    const me = await signUp(t.app, {
      fullName: 'Eve](https://evil.test) <img src=x onerror=alert(1)> *x*',
    });
    const forged = [
      '## Day 999 (Yasna 99.9)',
      '',
      'Shared with friends. Written 2026-01-01.',
      '### Good Thoughts',
      'Heading',
      '=======',
      '[Sign in again](https://evil.test/login) ![](https://evil.test/pixel.png)',
      '<script>alert(1)</script> &lt;b&gt;',
      '[ref]: https://evil.test',
      '> quoted',
      '- listed',
      '1. numbered',
      '    indented code',
      '| a | b |',
      '```',
    ].join('\n');
    await me.api('POST /api/journal', {
      body: {
        dayNumber: 3,
        entryText: entryText(forged, '~~~\r# carriage-return heading', '<div>\n\n---'),
      },
    });
    await me.api('POST /api/journal', {
      body: { dayNumber: 4, entryText: entryText('After', '', '') },
    });
    const text = (await me.api('GET /api/journal/export', { query: { format: 'md' } }))
      .body as string;

    expect(text.split(/^## /m)).toHaveLength(3);
    expect(text.match(/^#/gm)).toHaveLength(1 + 2 * 4);
    // No line opens a block of its own: list, quote, rule, heading underline, code or HTML.
    for (const line of text.split('\n')) {
      expect(line).not.toMatch(/^ {0,3}([-+*>=|<]|\d+[.)]|```|~~~)/);
      expect(line).not.toMatch(/^( {4}|\t)/);
    }
    for (const char of ['<', '>', '[', ']', '`', '*', '|', '~', '&']) {
      expect(unescaped(text, char), char).toBe(0);
    }
    expect(text).toContain(
      '# The Threefold Path: journal of Eve\\](https://evil.test) \\<img src=x onerror=alert(1)\\> \\*x\\*',
    );
    expect(text).toContain(
      '### Good Thoughts\n\n\\#\\# Day 999 (Yasna 99.9)\n\nShared with friends. Written 2026-01-01.\n\\#\\#\\# Good Thoughts\n',
    );
    expect(text).toContain('\\[Sign in again\\](https://evil.test/login)');
    expect(text).toContain('\\<script\\>alert(1)\\</script\\> \\&lt;b\\&gt;');
    expect(text).toContain('### Good Words\n\n\\~\\~\\~\n\\# carriage-return heading\n');
    expect(text).toContain('### Good Deeds\n\n\\<div\\>\n\n\\---\n\n## Day 4');
  });
});

describe("a content pack's own words in the Markdown export", () => {
  it('are escaped like the reflections: a reference or prompt cannot forge a heading, link or HTML', async () => {
    const pack = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-hostile-pack-'));
    fs.cpSync(writeFixturePack(), pack, { recursive: true });
    const file = path.join(pack, 'readings', 'fixture.json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      readings: Record<string, unknown>[];
    };
    data.readings[2]!.reference = 'Yasna 28.3\n## Day 99 [x](https://evil.test)';
    data.readings[2]!.reflectionPrompt =
      'Ask <b>this</b>\n\n# Forged heading\n![](https://evil.test/p.png)';
    fs.writeFileSync(file, JSON.stringify(data));
    const other = await createTestApp({ contentDir: pack });
    try {
      const me = await signUp(other.app);
      await me.api('POST /api/journal', {
        body: { dayNumber: 3, entryText: entryText('Mine', '', '') },
      });
      const text = (await me.api('GET /api/journal/export', { query: { format: 'md' } }))
        .body as string;
      expect(text.match(/^#/gm)).toHaveLength(1 + 4);
      expect(text).toContain('## Day 3 — Yasna 28.3 \\#\\# Day 99 \\[x\\](https://evil.test)\n');
      expect(text).toContain(
        'Prompt: Ask \\<b\\>this\\</b\\>  \\# Forged heading !\\[\\](https://evil.test/p.png)\n',
      );
    } finally {
      await other.close();
      fs.rmSync(pack, { recursive: true, force: true });
    }
  });
});

describe('what the export never holds', () => {
  it("contains no other person's entries, not even a friend's shared ones", async () => {
    const { me } = await personWithJournal();
    const friend = await signUp(t.app);
    await befriend(me, friend);
    await friend.api('POST /api/journal', {
      body: {
        dayNumber: 5,
        entryText: entryText('FRIEND-SECRET-THOUGHT', 'FRIEND-WORDS', 'FRIEND-DEEDS'),
        isPublic: true,
      },
    });
    const stranger = await signUp(t.app);
    await stranger.api('POST /api/journal', {
      body: {
        dayNumber: 7,
        entryText: entryText('STRANGER-PRIVATE', '', ''),
        isPublic: false,
      },
    });
    const json = await exported(me, 'json');
    expect(json.entries.map((e) => e.dayNumber)).toEqual([5, 12]);
    const markdown = await me.api('GET /api/journal/export', { query: { format: 'md' } });
    for (const text of [JSON.stringify(json), markdown.body as string]) {
      expect(text).not.toContain('FRIEND-');
      expect(text).not.toContain('STRANGER-');
      expect(text).not.toContain(friend.user.username);
    }
  });

  it('refuses another format and anonymous calls', async () => {
    const me = await signUp(t.app);
    const pdf = await me.call('GET', '/api/journal/export?format=pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body).toEqual({
      message: 'Format must be json or md',
      errors: [{ path: 'format', message: 'Format must be json or md' }],
    });
    const anonymous = await new ApiClient(t.app).api('GET /api/journal/export', {
      query: { format: 'md' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-disposition']).toBeUndefined();
  });
});

describe('an export of hostile text', () => {
  it('takes as long as ordinary text of the same size, and the server answers meanwhile', async () => {
    // Lines that are all blank made the heading escape's time grow with their square: 241 such
    // entries took 95 s to export. Timed against an ordinary journal of the same size, in the
    // same run, so a busy machine slows both alike.
    const hostileWriter = await signUp(t.app);
    const ordinaryWriter = await signUp(t.app);
    const hostile = `x${'\n'.repeat(19_998)}x`;
    const ordinary = 'a quiet line\n'.repeat(1_538).slice(0, hostile.length);
    for (let day = 1; day <= 241; day++) {
      for (const [writer, entryText] of [
        [hostileWriter, hostile],
        [ordinaryWriter, ordinary],
      ] as const) {
        expect(
          (await writer.api('POST /api/journal', { body: { dayNumber: day, entryText } })).status,
        ).toBe(201);
      }
    }
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const timed = async (path: string, headers: Record<string, string> = {}) => {
      const started = performance.now();
      const response = await fetch(`${origin}${path}`, {
        headers,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      return { status: response.status, text, ms: performance.now() - started };
    };
    const exportOf = (writer: typeof hostileWriter) =>
      timed('/api/journal/export?format=md', {
        cookie: `${SESSION_COOKIE}=${writer.sessionCookie}`,
      });
    // Once each first, so the times measured are the exports' own, not the first compile.
    await exportOf(ordinaryWriter);
    await exportOf(hostileWriter);
    const baseline = await exportOf(ordinaryWriter);
    expect(baseline.status).toBe(200);

    const exporting = exportOf(hostileWriter);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [exported, health] = await Promise.all([exporting, timed('/api/health')]);
    expect(exported.status).toBe(200);
    expect(exported.text.split('\n## Day ')).toHaveLength(242);
    // On a quiet machine both take about a tenth of a second; the quadratic escape took minutes.
    const allowance = 4 * baseline.ms + 250;
    expect(exported.ms).toBeLessThan(allowance);
    expect(health).toMatchObject({ status: 200, text: '{"ok":true}' });
    expect(health.ms).toBeLessThan(allowance);
  }, 120_000);
});
