import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { losslessCompressPng } from '@napi-rs/image';
import type { renderAsync } from '@resvg/resvg-js';
import type satori from 'satori';
import type { SatoriOptions } from 'satori';
import { PRODUCT_NAME, PRODUCT_SUBTITLE, TOTAL_DAYS } from '#shared/constants';

/** The two shapes a day is shared in: a link preview card and a phone-screen story. */
export type ShareImageFormat = 'card' | 'story';

/** What a share image shows of a day. */
export interface SharedStanza {
  day: number;
  /** The stanza, its lines separated by line breaks. */
  stanza: string;
  /** "Yasna 34.1 • Ahunavaiti". */
  heading: string;
}

interface Layout {
  width: number;
  height: number;
  padding: number;
  /** The rows above and below the stanza: the app's name, the stanza's reference and day. */
  headerHeight: number;
  footerHeight: number;
  /** The box the stanza must fit in, inside the padding and clear of the header and footer. */
  stanzaWidth: number;
  stanzaHeight: number;
  /** The font sizes tried for the stanza, largest first; the first that fits is taken. */
  largestFontSize: number;
  smallestFontSize: number;
  brandSize: number;
  headingSize: number;
}

/**
 * The two layouts. The stanza box is what is left of the image once the header (the app's name)
 * and the footer (the stanza's reference and the day) have their room.
 */
export const SHARE_LAYOUTS: Record<ShareImageFormat, Layout> = {
  card: {
    width: 1200,
    height: 630,
    padding: 64,
    headerHeight: 56,
    footerHeight: 72,
    stanzaWidth: 1200 - 2 * 64,
    stanzaHeight: 630 - 2 * 64 - 56 - 72,
    largestFontSize: 54,
    smallestFontSize: 10,
    brandSize: 26,
    headingSize: 30,
  },
  story: {
    width: 1080,
    height: 1920,
    padding: 104,
    headerHeight: 180,
    footerHeight: 200,
    stanzaWidth: 1080 - 2 * 104,
    stanzaHeight: 1920 - 2 * 104 - 180 - 200,
    largestFontSize: 76,
    smallestFontSize: 14,
    brandSize: 40,
    headingSize: 42,
  },
};

/** The stanza's line height, as a multiple of its font size. */
const STANZA_LINE_HEIGHT = 1.4;

/** The app's light palette (src/web/styles.css): warm paper, deep ink, the amber of the fire. */
const COLOURS = {
  background: '#f7f3ea',
  foreground: '#2a251f',
  muted: '#5f574c',
  primary: '#8a4f12',
  border: '#ddd3c0',
};

const FONT_FAMILY = 'Lora';

/**
 * Lora (SIL Open Font License 1.1, from @fontsource/lora, whose LICENSE ships with it), in the
 * WOFF files satori reads (it cannot read WOFF2). Latin and Latin Extended, so an operator's
 * pack with accented names draws too.
 */
function loadFonts(): SatoriOptions['fonts'] {
  const require = createRequire(import.meta.url);
  const file = (subset: string, weight: number, style: 'normal' | 'italic') =>
    fs.readFileSync(
      require.resolve(`@fontsource/lora/files/lora-${subset}-${weight}-${style}.woff`),
    );
  const faces = [
    { weight: 400, style: 'normal' },
    { weight: 400, style: 'italic' },
    { weight: 600, style: 'normal' },
  ] as const;
  return ['latin', 'latin-ext'].flatMap((subset) =>
    faces.map(({ weight, style }) => ({
      name: FONT_FAMILY,
      data: file(subset, weight, style),
      weight,
      style,
    })),
  );
}

let fonts: SatoriOptions['fonts'] | undefined;
const sharedFonts = () => (fonts ??= loadFonts());

type Satori = typeof satori;
type RenderAsync = typeof renderAsync;
type LosslessCompressPng = typeof losslessCompressPng;

let engines:
  | Promise<{ satori: Satori; renderAsync: RenderAsync; losslessCompressPng: LosslessCompressPng }>
  | undefined;

/**
 * satori (with its layout engine), resvg and oxipng, loaded when the first image is drawn: they
 * take tens of megabytes, and most processes serve no share image before their cache has one.
 */
function drawingEngines() {
  engines ??= Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
    import('@napi-rs/image'),
  ]).then(
    ([layout, painter, packer]) => ({
      satori: layout.default,
      renderAsync: painter.renderAsync,
      losslessCompressPng: packer.losslessCompressPng,
    }),
    (error: unknown) => {
      engines = undefined;
      throw error;
    },
  );
  return engines;
}

/** A satori element: the shape of a React element, without React. */
interface Element {
  type: string;
  key?: string;
  props: { style?: Record<string, unknown>; children?: Element[] | string };
}

const box = (style: Record<string, unknown>, children?: Element[] | string, key?: string) =>
  ({
    type: 'div',
    ...(key ? { key } : {}),
    props: { style: { display: 'flex', ...style }, children },
  }) as Element;

/** Each line of the stanza a block of its own, wrapped at spaces only when it is too long. */
function stanzaBlock(stanza: string, fontSize: number, width: number): Element {
  const lines = stanza.split('\n').map((line) => line.trim());
  return box(
    {
      flexDirection: 'column',
      width,
      fontFamily: FONT_FAMILY,
      fontSize,
      lineHeight: STANZA_LINE_HEIGHT,
      color: COLOURS.foreground,
    },
    lines.map((line, index) => box({ width, flexWrap: 'wrap' }, line || '\u00a0', `line-${index}`)),
    'stanza',
  );
}

/** Every word of the stanza on a line of its own, unconstrained, to measure the widest. */
function wordsBlock(stanza: string, fontSize: number): Element {
  const words = [...new Set(stanza.split(/\s+/).filter(Boolean))];
  return box(
    { flexDirection: 'column', alignItems: 'flex-start', fontFamily: FONT_FAMILY, fontSize },
    words.map((word, index) => box({ whiteSpace: 'pre' }, word, `word-${index}`)),
  );
}

/** Lays `element` out at `width` and reports each keyed node's size. */
async function measure(
  element: Element,
  width: number,
): Promise<Map<string, { width: number; height: number }>> {
  const sizes = new Map<string, { width: number; height: number }>();
  const { satori } = await drawingEngines();
  await satori(element as unknown as Parameters<Satori>[0], {
    width,
    fonts: sharedFonts(),
    onNodeDetected: (node) => {
      if (node.key !== undefined)
        sizes.set(String(node.key), { width: node.width, height: node.height });
    },
  });
  return sizes;
}

/** How the stanza is set in a layout: the size chosen, and the room it takes at that size. */
export interface StanzaFit {
  fontSize: number;
  /** The stanza's height at that size, every line wrapped as it is drawn. */
  height: number;
  /** The widest single word at that size: no word is ever cut, so it must fit a line. */
  widestWord: number;
}

/** Widths are measured at this size and scaled: the font has no hinting, so they scale exactly. */
const MEASURE_SIZE = 100;

/**
 * The largest font size at which the whole stanza fits its box: every word within a line's
 * width (a line wraps only between words) and every line within the box's height. Sizes are
 * tried by bisection; the smallest size is taken when even it does not fit, which no stanza of
 * the shipped readings comes near (the longest, day 135, is set at well above it).
 */
export async function fitStanza(stanza: string, format: ShareImageFormat): Promise<StanzaFit> {
  const layout = SHARE_LAYOUTS[format];
  const words = await measure(wordsBlock(stanza, MEASURE_SIZE), 4 * layout.width);
  const widestAt100 = Math.max(0, ...[...words.values()].map((size) => size.width));
  // A pixel of room per word for rounding in the measure.
  const widestFor = (size: number) => Math.ceil((widestAt100 * size) / MEASURE_SIZE) + 1;
  const heightAt = async (size: number) =>
    (await measure(stanzaBlock(stanza, size, layout.stanzaWidth), layout.stanzaWidth)).get('stanza')
      ?.height ?? Infinity;
  const fits = async (size: number) =>
    widestFor(size) <= layout.stanzaWidth && (await heightAt(size)) <= layout.stanzaHeight;

  let low = layout.smallestFontSize;
  let high = layout.largestFontSize;
  if (await fits(high)) low = high;
  else {
    // Invariant: `high` does not fit; `low` fits, or is the smallest size allowed.
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (await fits(middle)) low = middle;
      else high = middle;
    }
  }
  return { fontSize: low, height: await heightAt(low), widestWord: widestFor(low) };
}

function shareImageElement(
  shared: SharedStanza,
  format: ShareImageFormat,
  fontSize: number,
): Element {
  const layout = SHARE_LAYOUTS[format];
  const story = format === 'story';
  const inner = layout.stanzaWidth;
  // The image is its own size; the padding is the room around a column of exactly the stanza's
  // width, so nothing depends on how the layout engine counts padding.
  return box(
    {
      width: layout.width,
      height: layout.height,
      alignItems: 'center',
      justifyContent: 'center',
      backgroundColor: COLOURS.background,
      fontFamily: FONT_FAMILY,
      color: COLOURS.foreground,
    },
    [
      box({ width: inner, height: layout.height - 2 * layout.padding, flexDirection: 'column' }, [
        box(
          {
            width: inner,
            height: layout.headerHeight,
            flexDirection: story ? 'column' : 'row',
            alignItems: story ? 'flex-start' : 'center',
            justifyContent: story ? 'flex-start' : 'space-between',
            fontSize: layout.brandSize,
            color: COLOURS.primary,
          },
          [
            box({ fontWeight: 600 }, PRODUCT_NAME, 'brand'),
            box({ fontStyle: 'italic', color: COLOURS.muted }, PRODUCT_SUBTITLE, 'subtitle'),
          ],
        ),
        box({ width: inner, height: layout.stanzaHeight, alignItems: 'center' }, [
          stanzaBlock(shared.stanza, fontSize, inner),
        ]),
        box(
          {
            width: inner,
            height: layout.footerHeight,
            flexDirection: story ? 'column' : 'row',
            alignItems: story ? 'flex-start' : 'center',
            justifyContent: story ? 'flex-end' : 'space-between',
            borderTop: `2px solid ${COLOURS.border}`,
            fontSize: layout.headingSize,
          },
          [
            box({ fontStyle: 'italic', color: COLOURS.primary }, shared.heading, 'heading'),
            box(
              { color: COLOURS.muted, fontSize: layout.brandSize, marginTop: story ? 16 : 0 },
              `Day ${shared.day} of ${TOTAL_DAYS}`,
              'day',
            ),
          ],
        ),
      ]),
    ],
  );
}

export interface ShareImage {
  png: Buffer;
  etag: string;
}

/**
 * What the drawing code is: a hash of this module's own text, so any change to how an image is
 * drawn gives every image a new name and they are all drawn again. A new version of satori,
 * resvg or the font draws the same images from the same code; raise the number to draw anew.
 */
export const DRAWING_VERSION = createHash('sha256')
  .update('1\n')
  .update(fs.readFileSync(fileURLToPath(import.meta.url)))
  .digest('base64url')
  .slice(0, 16);

/**
 * Draws a day's share image: satori sets it as SVG, resvg paints the PNG off the main thread, and
 * oxipng packs it without changing a pixel. An image holds a few dozen colours, so it becomes a
 * palette PNG about a third of resvg's size: a third of the bytes for every preview and crawler
 * that fetches it, and for the server that sends them.
 */
export async function renderShareImage(
  shared: SharedStanza,
  format: ShareImageFormat,
): Promise<ShareImage> {
  const layout = SHARE_LAYOUTS[format];
  const { fontSize } = await fitStanza(shared.stanza, format);
  const { satori, renderAsync, losslessCompressPng } = await drawingEngines();
  const svg = await satori(
    shareImageElement(shared, format, fontSize) as unknown as Parameters<Satori>[0],
    { width: layout.width, height: layout.height, fonts: sharedFonts() },
  );
  const painted = (await renderAsync(svg, { fitTo: { mode: 'original' } })).asPng();
  // Rows unfiltered (0): a palette image packs as small so, in three quarters of the time.
  const png = await losslessCompressPng(painted, { filter: [0] });
  const etag = `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`;
  return { png, etag };
}
