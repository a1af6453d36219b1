/**
 * Whether a terminal acts on this character rather than shows it: C0 controls (escape,
 * carriage return, backspace, line feed...), DEL, C1 controls (CSI, OSC...), and the
 * bidirectional marks, embeddings, overrides and isolates that reorder what follows them;
 * line and paragraph separators too, which some viewers break lines at.
 */
function acts(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

const NAMED: Record<number, string> = { 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x5c: '\\\\' };

function visible(code: number): string {
  const named = NAMED[code];
  if (named) return named;
  const hex = code.toString(16).toUpperCase();
  return code < 0x100 ? `\\x${hex.padStart(2, '0')}` : `\\u{${hex}}`;
}

/**
 * Text made safe to print on an operator's terminal: every character a terminal would act on
 * is written as a visible escape (`\x1B`, `\n`, `\u{202E}`), and a backslash as `\\`, so what
 * is printed reads back as exactly what was stored. One pass over the text.
 */
export function terminalSafe(text: string): string {
  let safe = '';
  let plainFrom = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x5c || acts(code)) {
      safe += text.slice(plainFrom, i) + visible(code);
      plainFrom = i + 1;
    }
  }
  return plainFrom === 0 ? text : safe + text.slice(plainFrom);
}
