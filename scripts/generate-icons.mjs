// Draws the app's icons from scripts/icons/flame.svg: the PNGs the web manifest and iOS ask for,
// and the SVG favicon. Chromium (already there for the end-to-end tests) rasterises the SVG, so
// the PNGs are exactly the drawing. Run it after changing the drawing and commit what it writes:
//   node scripts/generate-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from './chromium.mjs';

const source = fs.readFileSync('scripts/icons/flame.svg', 'utf8');
const publicDir = 'public';

/**
 * One drawing, three framings. "any" icons keep the rounded paper tile. Maskable and Apple
 * icons are full-bleed squares that the system crops itself, so the flame shrinks to stay inside
 * the safe zone (a centred circle of 80% of the width for maskable icons).
 */
function variant({ fullBleed, flameScale }) {
  let svg = source;
  if (fullBleed) svg = svg.replace('rx="112"', 'rx="0"');
  if (flameScale) svg = svg.replace('scale(0.8)', `scale(${flameScale})`);
  return svg;
}

const outputs = [
  { file: 'icons/icon-192.png', size: 192, svg: variant({}) },
  { file: 'icons/icon-512.png', size: 512, svg: variant({}) },
  {
    file: 'icons/icon-maskable-512.png',
    size: 512,
    svg: variant({ fullBleed: true, flameScale: 0.68 }),
  },
  {
    file: 'apple-touch-icon.png',
    size: 180,
    svg: variant({ fullBleed: true, flameScale: 0.76 }),
  },
];

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('width="512" height="512"', `width="${size}" height="${size}"`);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    const target = path.join(publicDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await page.screenshot({
      path: target,
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`wrote ${target} (${size}x${size})`);
  }
} finally {
  await browser.close();
}

fs.writeFileSync(path.join(publicDir, 'favicon.svg'), source);
console.log(`wrote ${path.join(publicDir, 'favicon.svg')}`);
