import { PRODUCT_NAME, PRODUCT_SUBTITLE, TAGLINE, TOTAL_DAYS } from '#shared/constants';
import { landingHrefForDay, publicDayHref } from '#shared/shared-day';
import { NO_READING_TYPEFACE, type ReadingTypeface } from './reading-typeface.js';

/** What a visitor reads of a day. */
export interface PublicDay {
  day: number;
  stanza: string;
  /** "Yasna 34.1 • Ahunavaiti": the stanza's reference and the Gatha (song) it belongs to. */
  heading: string;
  explanation: string;
  prompt: string | null;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and quoted attributes, in one pass. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

/**
 * The explanation's first paragraph: up to the first blank line. A blank line is a line break,
 * spaces or tabs, and another line break; no part of the pattern can match the same character
 * two ways, so the search is linear.
 */
export function firstParagraph(text: string): string {
  const end = text.search(/\n[ \t]*\n/);
  return (end === -1 ? text : text.slice(0, end)).trim();
}

/** A short description for link previews: the stanza's first lines, within about 200 characters. */
export function previewDescription(stanza: string): string {
  const flat = stanza
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  if (flat.length <= 200) return flat;
  const cut = flat.lastIndexOf(' ', 199);
  return `${flat.slice(0, cut > 0 ? cut : 199)}\u2026`;
}

/** The app's reading serif (src/web/styles.css): Lora, with the same fallbacks. */
const SERIF = "Lora,'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif";

/**
 * The app's palette (src/web/styles.css), light and dark, with text at WCAG AA contrast or
 * better on its background. Sizes are in rem and widths in ch, so the page reflows at 320 px
 * and at 200% text without scrolling sideways.
 */
const STYLE = `
:root{color-scheme:light dark;--bg:#f7f3ea;--fg:#2a251f;--card:#fffdf8;--muted:#5f574c;--primary:#8a4f12;--on-primary:#fffaf2;--border:#ddd3c0}
@media (prefers-color-scheme:dark){:root{--bg:#171410;--fg:#eee6d8;--card:#201c17;--muted:#b5aa98;--primary:#e3a857;--on-primary:#1c160e;--border:#3a332a}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:1.0625rem/1.65 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;overflow-wrap:break-word}
a{color:var(--primary)}
a:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
.skip{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.skip:focus{width:auto;height:auto;overflow:visible;clip-path:none;left:1rem;top:1rem;background:var(--card);padding:.5rem 1rem;z-index:1}
.wrap{max-width:40rem;margin:0 auto;padding:1.5rem 1.25rem}
header.site{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:.25rem 1rem;border-bottom:1px solid var(--border)}
.brand{font-family:${SERIF};font-weight:600;font-size:1.25rem;text-decoration:none}
.subtitle{margin:0;color:var(--muted);font-style:italic;font-family:${SERIF}}
.eyebrow{margin:2rem 0 .25rem;color:var(--muted);font-size:.9375rem}
h1,h2{font-family:${SERIF};font-weight:600;line-height:1.25}
h1{margin:0 0 1.25rem;font-size:1.75rem;color:var(--primary)}
main>h1:first-child{margin-top:2rem}
h2{margin:2rem 0 .5rem;font-size:1.25rem}
.stanza{margin:0;padding:1.25rem 1.25rem;background:var(--card);border:1px solid var(--border);border-left:4px solid var(--primary);border-radius:.75rem;font-family:${SERIF};font-size:1.25rem;line-height:1.6}
.stanza p{margin:0}
.stanza .line{display:block;padding-left:1.5em;text-indent:-1.5em}
.prompt{font-style:italic}
.invite{margin:2.5rem 0 1rem;padding:1.25rem;border:1px solid var(--border);border-radius:.75rem;background:var(--card)}
.invite h2{margin-top:0}
.button{display:inline-block;margin:.5rem 0;padding:.75rem 1.25rem;border-radius:.5rem;background:var(--primary);color:var(--on-primary);font-weight:600;text-decoration:none}
.button:focus-visible{outline-color:var(--fg)}
nav.days ul{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:1.5rem 0 0;padding:0;list-style:none}
footer.site{border-top:1px solid var(--border);color:var(--muted);text-align:center;font-family:${SERIF}}
`
  .trim()
  .replace(/\n/g, '');

/**
 * Each line of the stanza on a line of its own; a line too long for a narrow screen wraps with
 * a hanging indent, so its continuation never reads as a new line.
 */
function stanzaLines(stanza: string): string {
  return stanza
    .trim()
    .split('\n')
    .map((line) => `<span class="line">${escapeHtml(line.trim())}</span>`)
    .join('\n');
}

interface PageFrame {
  title: string;
  /** Tags in <head> beyond the basics: description, canonical, link previews, robots. */
  head: string;
  main: string;
  typeface: ReadingTypeface;
}

function page({ title, head, main, typeface }: PageFrame): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${head}
<meta name="theme-color" content="#f7f3ea" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="#171410" media="(prefers-color-scheme: dark)">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${typeface.preload}
<style>${typeface.fontFaces}${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reading</a>
<div class="wrap">
<header class="site">
<a class="brand" href="/landing">${escapeHtml(PRODUCT_NAME)}</a>
<p class="subtitle">${escapeHtml(PRODUCT_SUBTITLE)}</p>
</header>
<main id="main">
${main}
</main>
<footer class="site"><p>Good Thoughts &bull; Good Words &bull; Good Deeds</p></footer>
</div>
</body>
</html>
`;
}

/** The invitation to take up the practice, remembering the day the visitor read. */
function invitation(day: number): string {
  return `<section class="invite" aria-labelledby="begin-title">
<h2 id="begin-title">Begin the practice</h2>
<p>${escapeHtml(TAGLINE)}. Each day, one stanza of the Gathas of Zarathushtra, a short explanation, and a reflection in three parts: Good Thoughts, Good Words, Good Deeds.</p>
<a class="button" href="${escapeHtml(landingHrefForDay(day))}">Begin with Day ${day}</a>
</section>`;
}

/** The public page of a day a visitor may open, with its link previews (Open Graph, Twitter). */
export function publicDayPageHtml(
  reading: PublicDay,
  appUrl: string,
  typeface: ReadingTypeface = NO_READING_TYPEFACE,
): string {
  const { day } = reading;
  const url = `${appUrl}${publicDayHref(day)}`;
  const image = `${url}/card.png`;
  const title = `${reading.heading} \u2014 Day ${day} of ${TOTAL_DAYS}`;
  const description = previewDescription(reading.stanza);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const head = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', `${reading.heading}: ${description}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  ].join('\n');
  const previous = day > 1 ? `<li><a href="${publicDayHref(day - 1)}">Day ${day - 1}</a></li>` : '';
  const main = `<article aria-labelledby="day-title">
<p class="eyebrow">Day ${day} of ${TOTAL_DAYS}</p>
<h1 id="day-title">${escapeHtml(reading.heading)}</h1>
<blockquote class="stanza"><p>${stanzaLines(reading.stanza)}</p></blockquote>
<section aria-labelledby="understanding-title">
<h2 id="understanding-title">Understanding</h2>
<p>${escapeHtml(firstParagraph(reading.explanation))}</p>
</section>
${
  reading.prompt
    ? `<section aria-labelledby="reflect-title">
<h2 id="reflect-title">Reflect</h2>
<p class="prompt">${escapeHtml(reading.prompt)}</p>
</section>`
    : ''
}
</article>
${invitation(day)}
<nav class="days" aria-label="Other days">
<ul>${previous}<li><a href="${publicDayHref('today')}">Today's Gatha</a></li></ul>
</nav>`;
  return page({ title: `${title} | ${PRODUCT_NAME}`, head, main, typeface });
}

/** A day not open yet: the spec's future-day screen, for a visitor. */
export function futureDayPageHtml(
  day: number,
  currentDay: number,
  friendlyMessage: string,
  typeface: ReadingTypeface = NO_READING_TYPEFACE,
): string {
  const main = `<h1>Tomorrow's Wisdom Awaits</h1>
<p>${escapeHtml(friendlyMessage)}</p>
<p><a class="button" href="${publicDayHref(currentDay)}">Go to Today's Gatha</a></p>
${invitation(currentDay)}`;
  return page({
    title: `Day ${day} is not open yet | ${PRODUCT_NAME}`,
    head: '<meta name="robots" content="noindex">',
    main,
    typeface,
  });
}

/** An address that names no day of the cycle. */
export function dayNotFoundPageHtml(typeface: ReadingTypeface = NO_READING_TYPEFACE): string {
  return page({
    title: `Day not found | ${PRODUCT_NAME}`,
    head: '<meta name="robots" content="noindex">',
    main: `<h1>Day not found</h1>
<p>The Gathas are read over ${TOTAL_DAYS} days; this address names none of them.</p>
<p><a class="button" href="${publicDayHref('today')}">Go to Today's Gatha</a></p>`,
    typeface,
  });
}

/**
 * A public page opened without a connection and never kept on this device: written into the web
 * build (vite.config.ts), where the service worker keeps it and shows it in the page's place.
 * "Try again" asks for the page the visitor opened, as the link names no other address.
 */
export function offlinePageHtml(typeface: ReadingTypeface = NO_READING_TYPEFACE): string {
  return page({
    title: `You're offline | ${PRODUCT_NAME}`,
    head: '<meta name="robots" content="noindex">',
    main: `<h1>You're offline</h1>
<p>This page needs a connection, and this device has no copy of it yet. Once you are connected again, it opens as usual.</p>
<p><a class="button" href="">Try again</a></p>
<p>If you read with ${escapeHtml(PRODUCT_NAME)} on this device, <a href="/app/daily-ritual">your readings in the app</a> open without a connection.</p>`,
    typeface,
  });
}
