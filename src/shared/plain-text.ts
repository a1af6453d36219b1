/**
 * Control characters: C0 (line breaks and tabs among them), DEL and C1, and the Unicode line
 * and paragraph separators. None belongs in a name or any other one-line field: they can break
 * a line of a mail header or a document made from it.
 */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029;
}

export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/** The text on one line: each control character (a line break too) becomes a space. */
export function withoutControlCharacters(text: string): string {
  if (!hasControlCharacters(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += isControl(code) ? ' ' : text[i];
  }
  return out;
}

/** The message for a one-line field that holds a line break or another control character. */
export const controlCharactersMessage = (label: string) =>
  `${label} cannot contain line breaks or control characters`;
