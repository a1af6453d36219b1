/** A friend's reflection longer than this is cut, with Read more / Show less. */
export const READ_MORE_CUT_OFF = 200;

export function isLongText(text: string): boolean {
  return text.length > READ_MORE_CUT_OFF;
}

/** The text as shown: cut to 200 characters plus an ellipsis unless expanded. */
export function readMoreText(text: string, expanded: boolean): string {
  return isLongText(text) && !expanded ? `${text.slice(0, READ_MORE_CUT_OFF)}...` : text;
}
