import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { publicDayPageHtml } from './public-day-page.js';
import { builtReadingTypeface } from './reading-typeface.js';

const made: string[] = [];

/** A web build holding these files under assets/. */
function webBuildWith(files: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reading-typeface-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const file of files) fs.writeFileSync(path.join(dir, 'assets', file), '');
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const day = {
  day: 7,
  stanza: 'Good is the thought,\ngood the word.',
  heading: 'Yasna 28.7 \u2022 Ahunavaiti',
  explanation: 'One.',
  prompt: null,
};

describe("the reading typeface on a day's public page", () => {
  it("names the app's own hashed font files, each face once, and preloads the regular one", () => {
    const build = webBuildWith([
      'lora-latin-400-normal-DnxXpLNu.woff2',
      'lora-latin-400-italic-DYjZp4sZ.woff2',
      'lora-latin-600-normal-B-3RcLOQ.woff2',
      'index-CY1JWRHo.js',
    ]);
    const html = publicDayPageHtml(day, 'https://example.test', builtReadingTypeface(build));
    expect(html).toContain(
      '<link rel="preload" href="/assets/lora-latin-400-normal-DnxXpLNu.woff2" as="font" type="font/woff2" crossorigin>',
    );
    const faces = html.match(/@font-face\{[^}]*\}/g) ?? [];
    expect(faces).toHaveLength(3);
    expect(faces).toContain(
      "@font-face{font-family:Lora;font-style:italic;font-weight:400;font-display:swap;src:url(/assets/lora-latin-400-italic-DYjZp4sZ.woff2) format('woff2')}",
    );
    expect(html).toContain(
      ".stanza{margin:0;padding:1.25rem 1.25rem;background:var(--card);border:1px solid var(--border);border-left:4px solid var(--primary);border-radius:.75rem;font-family:Lora,'Iowan Old Style'",
    );
  });

  it('without a web build the page names no font file and falls back to the system serifs', () => {
    const html = publicDayPageHtml(day, 'https://example.test', builtReadingTypeface('/nowhere'));
    expect(html).not.toContain('@font-face');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain("font-family:Lora,'Iowan Old Style','Palatino Linotype'");
  });
});
