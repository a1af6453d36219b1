import { describe, expect, it } from 'vitest';
import type { ReaderPageData } from '#shared/reader-page-data';
import { READER_PAGE_DATA_ID } from './prerendered-page.js';
import { cutAtReaderParts, withReaderParts } from '#shared/reader-page-parts';
import { renderReaderPage, renderReaderParts, renderSharedReaderPage } from './render-pages.js';

const template =
  '<!doctype html><html><head><title>The Threefold Path</title></head>' +
  '<body><div id="root"></div></body></html>';

function readerData(): ReaderPageData {
  return {
    timeZone: 'Asia/Tehran',
    me: {
      id: 7,
      username: 'roxana',
      email: 'roxana@example.com',
      fullName: 'Roxana Daryush',
      postalCode: null,
      whatsapp: null,
      city: null,
      suspended: false,
      circlePush: false,
      createdAt: '2026-11-01T08:00:00.000Z',
      discoverable: 'everyone',
      pace: 'together',
      paceStartedOn: null,
    },
    today: {
      id: 87,
      dayNumber: 87,
      thought: 'The stanza of the day, with a stray </script> in it',
      explanation: 'What the stanza says.',
      reflectionPrompt: 'What will you do today?',
      author: 'Zarathushtra',
      currentDay: 87,
      totalDays: 241,
    },
    gathaInfo: {
      id: 3,
      songNumber: 3,
      songTitle: 'A song title of the day',
      stanzaNumber: 4,
      description: 'About the song.',
      startDay: 84,
      endDay: 95,
    },
  };
}

function dataBlock(html: string): string {
  const open = `<script type="application/json" id="${READER_PAGE_DATA_ID}">`;
  const start = html.indexOf(open) + open.length;
  return html.slice(start, html.indexOf('</script>', start));
}

describe("a reader's daily page rendered on the server", () => {
  it('shows today, the song and the reader before any script runs, with the answers it was made from', async () => {
    const data = readerData();
    const html = await renderReaderPage(template, data, '');
    expect(html).toContain('<div id="root" data-prerendered-for="reader">');
    expect(html).toContain('The stanza of the day, with a stray &lt;/script> in it');
    expect(html).toContain('A song title of the day');
    expect(html).toContain('Read Explanation');
    // The account badge shows the reader's initials; no placeholder waits for who it is.
    expect(html).toMatch(/>RD</);
    expect(html).not.toContain('aria-busy="true"');
    // Nothing is left for an inline script to reveal: the page's policy would refuse it, even on
    // the first page, rendered while the screen's lazily loaded parts are still arriving.
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('hidden id="S:');
    // The stanza's own text cannot end the data block early.
    expect(JSON.parse(dataBlock(html))).toEqual(data);
  });

  it("shows the reader's progress from the request's cookie, as the browser will read it", async () => {
    const record = { readDays: [86, 87], gathaViewed: [86, 87], currentStanza: 88 };
    const cookies = `tfp_session=abc; gatha-progress=${encodeURIComponent(JSON.stringify(record))}`;
    const read = await renderReaderPage(template, readerData(), cookies);
    expect(read).toContain('Day complete');
    expect(read).toContain('Days completed: 2 of 241');
    const unread = await renderReaderPage(template, readerData(), 'tfp_session=abc');
    expect(unread).toContain('Mark as read');
    expect(unread).not.toContain('Day complete');
    expect(unread).toContain('Days completed: 0 of 241');
  });

  it("never mixes two readers' progress when their pages are rendered side by side", async () => {
    const progressCookie = (readDays: number[]) =>
      `tfp_session=abc; gatha-progress=${encodeURIComponent(JSON.stringify({ readDays }))}`;
    const days = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const readers = [
      { readDays: days(1, 87), readToday: true },
      { readDays: [], readToday: false },
      { readDays: days(1, 241), readToday: true },
      { readDays: days(1, 12), readToday: false },
    ];
    // Twice over, all at once, so each page is rendered while the others are.
    const pages = await Promise.all(
      [...readers, ...readers].map((reader) =>
        renderReaderPage(template, readerData(), progressCookie(reader.readDays)),
      ),
    );
    pages.forEach((html, index) => {
      const reader = readers[index % readers.length]!;
      expect(html).toContain(`Days completed: ${reader.readDays.length} of 241`);
      expect(html).toContain(`aria-valuenow="${reader.readDays.length}"`);
      expect(html.includes('Day complete')).toBe(reader.readToday);
    });
  });

  it("makes, from the page the day's readers share and each reader's parts, the reader's whole page", async () => {
    const progressCookie = (record: object) =>
      `tp_session=abc; gatha-progress=${encodeURIComponent(JSON.stringify(record))}`;
    const readers = [
      { fullName: 'Roxana Daryush', cookies: progressCookie({ readDays: [86, 87] }) },
      { fullName: "O'Brien & <Sons>", cookies: progressCookie({ readDays: [3] }) },
      { fullName: '  ', cookies: 'tp_session=abc' },
      { fullName: 'Ärzte ohne Grenzen', cookies: progressCookie({ readDays: [87] }) },
    ];
    for (const pace of ['together', 'own'] as const) {
      const { me, ...answers } = readerData();
      const shared = cutAtReaderParts(await renderSharedReaderPage(template, { ...answers, pace }));
      expect(shared.parts.toSorted()).toEqual(['initials', 'me', 'progress']);
      for (const reader of readers) {
        const data = { ...answers, me: { ...me, fullName: reader.fullName, pace } };
        const parts = renderReaderParts(data.me, data.today.dayNumber, reader.cookies);
        expect(withReaderParts(shared, parts)).toBe(
          await renderReaderPage(template, data, reader.cookies),
        );
      }
    }
  });

  it('refuses a template with nowhere to put the page', async () => {
    await expect(renderReaderPage('<html></html>', readerData(), '')).rejects.toThrow(/root/);
  });
});
