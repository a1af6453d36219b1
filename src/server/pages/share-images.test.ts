import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { fitStanza, renderShareImage, SHARE_LAYOUTS, ShareImageCache } from './share-images.js';

interface PackReading {
  day: number;
  thought: string;
}

/** The shipped readings, as the pack gives them. */
function shippedReadings(): PackReading[] {
  const dir = path.resolve('content/readings');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .flatMap(
      (file) =>
        (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { readings: PackReading[] })
          .readings,
    );
}

const longest = shippedReadings().reduce((a, b) => (b.thought.length > a.thought.length ? b : a));
const shortest = shippedReadings().reduce((a, b) => (b.thought.length < a.thought.length ? b : a));

/** Share of pixels that differ from the top-left one (the background). */
function inkedShare(png: PNG): number {
  const [r, g, b] = png.data;
  let inked = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (png.data[i] !== r || png.data[i + 1] !== g || png.data[i + 2] !== b) inked += 1;
  }
  return inked / (png.width * png.height);
}

describe('share images', () => {
  for (const format of ['card', 'story'] as const) {
    it(`sets the longest stanza of the readings (day ${longest.day}) whole in the ${format}, as large as fits`, async () => {
      const layout = SHARE_LAYOUTS[format];
      const fit = await fitStanza(longest.thought, format);
      expect(fit.widestWord).toBeLessThanOrEqual(layout.stanzaWidth);
      expect(fit.height).toBeLessThanOrEqual(layout.stanzaHeight);
      expect(fit.fontSize).toBeGreaterThan(layout.smallestFontSize);
      // One size larger would not fit: the size is the largest that does.
      expect(fit.fontSize).toBeLessThan(layout.largestFontSize);

      const short = await fitStanza(shortest.thought, format);
      expect(short.fontSize).toBeGreaterThan(fit.fontSize);
    });

    it(`draws a ${format} of its own size, with ink on it`, async () => {
      const { png, etag } = await renderShareImage(
        { day: longest.day, stanza: longest.thought, heading: 'Yasna 44.1 • Ushtavaiti' },
        format,
      );
      const image = PNG.sync.read(png);
      expect([image.width, image.height]).toEqual([
        SHARE_LAYOUTS[format].width,
        SHARE_LAYOUTS[format].height,
      ]);
      expect(inkedShare(image)).toBeGreaterThan(0.01);
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      if (process.env.SHARE_IMAGE_OUT)
        fs.writeFileSync(path.join(process.env.SHARE_IMAGE_OUT, `${format}.png`), png);
    });
  }

  it('never cuts a word too wide for a line: the size shrinks until it fits', async () => {
    const word = 'Spentamainyu'.repeat(4);
    const fit = await fitStanza(`${word}\nand a short line`, 'card');
    expect(fit.widestWord).toBeLessThanOrEqual(SHARE_LAYOUTS.card.stanzaWidth);
  });

  it('keeps a bounded number of images, the least recently used dropped first, and redraws a changed reading', async () => {
    const cache = new ShareImageCache(2);
    const day = (n: number, stanza = `Stanza of day ${n}`) => ({
      day: n,
      stanza,
      heading: 'Yasna 28.1 • Ahunavaiti',
    });
    const first = await cache.imageFor(day(1), 'card');
    await cache.imageFor(day(2), 'card');
    expect(await cache.imageFor(day(1), 'card')).toBe(first);
    await cache.imageFor(day(3), 'card');
    expect(cache.size).toBe(2);
    expect(await cache.imageFor(day(1), 'card')).toBe(first);
    const changed = await cache.imageFor(day(1, 'Another stanza'), 'card');
    expect(changed.etag).not.toBe(first.etag);
  });
});
