/**
 * Plain text written into a Markdown document so that it reads as exactly that text: no
 * heading, link, image, list, quote, code block, table or HTML can come out of it, so each
 * section of a document built from people's words stays the section it is.
 *
 * Every function here walks the text once, character by character or line by line (no
 * regular expression that can backtrack over what someone typed), so its time grows with the
 * length of the text and no more.
 */

/**
 * Characters that start Markdown or HTML anywhere in a line. CommonMark lets any ASCII
 * punctuation be escaped with a backslash; these are the ones that mean something.
 */
const SIGNIFICANT = '\\`*_[]<>#|~&';

/** Block markers that only count at the start of a line: list items and heading underlines. */
const LINE_START_MARKERS = '-+=';

const NO_BREAK_SPACE = '\u00a0';

/** What each character code below 128 needs: 1 a backslash, 2 a space in its place. */
const ASCII_ACTION = new Uint8Array(128);
for (let code = 0; code < 0x20; code++) ASCII_ACTION[code] = 2;
ASCII_ACTION[0x7f] = 2;
for (const char of SIGNIFICANT) ASCII_ACTION[char.charCodeAt(0)] = 1;

/** Line breaks and control characters beyond ASCII: C1 controls, line and paragraph separators. */
const isOtherControl = (code: number) =>
  (code >= 0x80 && code < 0xa0) || code === 0x2028 || code === 0x2029;

/** Text within one line (a name, a title): escaped, with line breaks and controls as spaces. */
export function markdownInline(text: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const action = code < 128 ? ASCII_ACTION[code] : isOtherControl(code) ? 2 : 0;
    if (action === 0) continue;
    out += text.slice(copied, i) + (action === 1 ? `\\${text[i]}` : ' ');
    copied = i + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The lines of a text, split at \n, \r\n and \r alike (CommonMark's line endings). */
function linesOf(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char !== '\n' && char !== '\r') continue;
    lines.push(text.slice(start, i));
    if (char === '\r' && text[i + 1] === '\n') i++;
    start = i + 1;
  }
  lines.push(text.slice(start));
  return lines;
}

/** Where a line's ordered-list marker ('12.' or '12)') ends, or -1 when it has none. */
function orderedMarkerEnd(line: string): number {
  let i = 0;
  while (i < line.length && i < 9 && line[i]! >= '0' && line[i]! <= '9') i++;
  return i > 0 && (line[i] === '.' || line[i] === ')') ? i : -1;
}

function markdownLine(line: string): string {
  let indent = 0;
  while (indent < line.length && (line[indent] === ' ' || line[indent] === '\t')) indent++;
  // A line of nothing but spaces stays a blank line, which separates paragraphs.
  if (indent === line.length) return '';
  // Indentation is kept as no-break spaces, which read the same but never open a code block.
  let lead = '';
  for (let i = 0; i < indent; i++)
    lead += line[i] === '\t' ? NO_BREAK_SPACE.repeat(4) : NO_BREAK_SPACE;
  let rest = markdownInline(line.slice(indent));
  if (LINE_START_MARKERS.includes(rest[0]!)) rest = `\\${rest}`;
  else {
    const marker = orderedMarkerEnd(rest);
    if (marker > 0) rest = `${rest.slice(0, marker)}\\${rest.slice(marker)}`;
  }
  return lead + rest;
}

/** Text of several lines (a reflection): each line escaped, the line breaks kept. */
export function markdownBody(text: string): string {
  return linesOf(text).map(markdownLine).join('\n');
}
