/** A friend's reflection longer than this is cut, with Read more / Show less. */
export const READ_MORE_CUT_OFF = 200;

export function isLongText(text: string): boolean {
  return text.length > READ_MORE_CUT_OFF;
}

/**
 * Where a long text is cut: after the last whole word that ends within the first 200
 * characters, so no word is broken. A first word longer than that (a long link) is cut at 200.
 * One pass back from the limit: linear in its length, whatever the text.
 */
function cutIndex(text: string): number {
  // The limit falls between two words: everything before it is whole.
  if (/\s/.test(text.charAt(READ_MORE_CUT_OFF))) return READ_MORE_CUT_OFF;
  for (let index = READ_MORE_CUT_OFF; index > 0; index--) {
    if (/\s/.test(text.charAt(index - 1))) {
      const end = text.slice(0, index).trimEnd().length;
      if (end > 0) return end;
    }
  }
  return READ_MORE_CUT_OFF;
}

/** The text as shown: cut at a word boundary within 200 characters plus an ellipsis unless expanded. */
export function readMoreText(text: string, expanded: boolean): string {
  if (!isLongText(text) || expanded) return text;
  return `${text.slice(0, cutIndex(text)).trimEnd()}...`;
}
