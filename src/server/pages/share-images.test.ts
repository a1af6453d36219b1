import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ShareImageFiles, processDrawer } from './share-image-files.js';
import { fitStanza, renderShareImage, SHARE_LAYOUTS } from './share-images.js';

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
      // Packed without loss into a palette (colour type 3 in the header), not 8 bits per channel.
      expect(png.readUInt8(25)).toBe(3);
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
});

describe('share image files', () => {
  const reading = (day: number, stanza = `Stanza of day ${day}\nwith a second line`) => ({
    day,
    stanza,
    heading: 'Yasna 28.1 • Ahunavaiti',
  });
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-images-'));
  const pngsIn = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.png'));

  it('draws an image once into a file named by what it shows; a changed reading is drawn anew', async () => {
    const dir = scratch();
    const files = new ShareImageFiles(dir, { inOwnProcess: false });
    try {
      const file = await files.ready(reading(1), 'card', 20_000);
      expect(file).not.toBeNull();
      expect(PNG.sync.read(fs.readFileSync(file!)).width).toBe(1200);
      const drawnAt = fs.statSync(file!).mtimeMs;
      // Asked again, by this process or a new one on the same folder: the same file, not redrawn.
      expect(await files.ready(reading(1), 'card', 20_000)).toBe(file);
      const restarted = new ShareImageFiles(dir, { inOwnProcess: false });
      expect(await restarted.ready(reading(1), 'card', 20_000)).toBe(file);
      expect(fs.statSync(file!).mtimeMs).toBe(drawnAt);
      await restarted.close();

      const changed = reading(1, 'Another stanza');
      expect(files.etagOf(changed, 'card')).not.toBe(files.etagOf(reading(1), 'card'));
      expect(files.etagOf(reading(1), 'story')).not.toBe(files.etagOf(reading(1), 'card'));
      const redrawn = await files.ready(changed, 'card', 20_000);
      expect(redrawn).not.toBe(file);
      expect(pngsIn(dir)).toHaveLength(2);
    } finally {
      await files.close();
    }
  });

  it('sends an image again from memory while it is among the last sent, and from its file after', async () => {
    const dir = scratch();
    const card = await new ShareImageFiles(dir, { inOwnProcess: false }).bytes(
      reading(1),
      'card',
      20_000,
    );
    // Room for one card, not two: sending a second lets the first go.
    const files = new ShareImageFiles(dir, {
      inOwnProcess: false,
      keptBytes: Math.round(card!.length * 1.5),
    });
    try {
      const sent = await files.bytes(reading(1), 'card', 20_000);
      expect(sent?.equals(card!)).toBe(true);
      const file = files.fileOf(reading(1), 'card');
      // The file is rewritten with other bytes behind the server's back: what was sent is kept.
      fs.writeFileSync(file, 'other bytes');
      expect((await files.bytes(reading(1), 'card', 20_000))?.equals(card!)).toBe(true);
      await files.bytes(reading(2), 'card', 20_000);
      expect((await files.bytes(reading(1), 'card', 20_000))?.toString()).toBe('other bytes');
      // Gone from disk and from memory: drawn again.
      await files.bytes(reading(2), 'card', 20_000);
      fs.rmSync(file);
      files.forget(file);
      expect((await files.bytes(reading(1), 'card', 20_000))?.equals(card!)).toBe(true);
    } finally {
      await files.close();
    }
  });

  it('draws an image a request waits for before the ones queued ahead, and answers null past the wait', async () => {
    const dir = scratch();
    const files = new ShareImageFiles(dir, { inOwnProcess: false });
    try {
      const ahead = files.drawAhead([reading(1), reading(2), reading(3)]);
      ahead.catch(() => undefined);
      expect(await files.ready(reading(9), 'story', 1)).toBeNull();
      const file = await files.ready(reading(9), 'story', 20_000);
      expect(file).not.toBeNull();
      // At most the drawing under way when it was asked for went first.
      expect(pngsIn(dir).length).toBeLessThanOrEqual(2);
    } finally {
      await files.close();
    }
  });

  it('leaves whole files when two processes draw the same image at once', async () => {
    const dir = scratch();
    const [one, two] = [
      new ShareImageFiles(dir, { inOwnProcess: false }),
      new ShareImageFiles(dir, { inOwnProcess: false }),
    ];
    try {
      const [a, b] = await Promise.all([
        one.ready(reading(5), 'card', 20_000),
        two.ready(reading(5), 'card', 20_000),
      ]);
      expect(a).toBe(b);
      expect(fs.readdirSync(dir)).toEqual([path.basename(a!)]);
      expect(PNG.sync.read(fs.readFileSync(a!)).height).toBe(630);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('removes images of other readings a day after they were drawn, once all of a pack are', async () => {
    const dir = scratch();
    const files = new ShareImageFiles(dir, { inOwnProcess: false });
    try {
      const dayOld = path.join(dir, 'card-7-old.png');
      const recent = path.join(dir, 'card-7-recent.png');
      fs.writeFileSync(dayOld, 'x');
      fs.writeFileSync(recent, 'x');
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
      fs.utimesSync(dayOld, twoDaysAgo, twoDaysAgo);
      expect(await files.drawAhead([reading(7)])).toBe(true);
      expect(pngsIn(dir).sort()).toEqual(
        [
          path.basename(files.fileOf(reading(7), 'card')),
          path.basename(files.fileOf(reading(7), 'story')),
          'card-7-recent.png',
        ].sort(),
      );
    } finally {
      await files.close();
    }
  });

  it('ends its drawing process once idle and starts another for the next image', async () => {
    const dir = scratch();
    // A stand-in drawing program that writes which process it is into the image's file.
    const program = path.join(dir, 'drawing.mjs');
    fs.writeFileSync(
      program,
      `import fs from 'node:fs';
       process.on('message', (job) => {
         fs.writeFileSync(job.file, String(process.pid));
         process.send({});
       });`,
    );
    const drawer = processDrawer(program, 300);
    const drawnBy = async (name: string) => {
      const file = path.join(dir, name);
      await drawer.draw({ shared: reading(1), format: 'card', file });
      return Number(fs.readFileSync(file, 'utf8'));
    };
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      const first = await drawnBy('a.png');
      // Busy: the same process draws the next one.
      expect(await drawnBy('b.png')).toBe(first);
      await new Promise((resolve) => setTimeout(resolve, 800));
      // Idle past its time: that process has ended, and a new one draws.
      expect(alive(first)).toBe(false);
      const second = await drawnBy('c.png');
      expect(second).not.toBe(first);
      expect(alive(second)).toBe(true);
    } finally {
      await drawer.close();
    }
  });
});
