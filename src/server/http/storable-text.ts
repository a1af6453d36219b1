/**
 * Text the databases cannot keep as sent: PostgreSQL refuses NUL in text, and an unpaired
 * UTF-16 surrogate has no UTF-8 form, so either database would store something else.
 */
const unpairedSurrogate = /\p{Cs}/u;

function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || unpairedSurrogate.test(text);
}

/** True when any string in a parsed JSON value (keys included) could not be stored exactly. */
export function hasUnstorableText(value: unknown): boolean {
  // Walked with a list rather than recursion: a body may nest thousands of levels deep.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (isUnstorable(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (isUnstorable(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** True when a request address carries an encoded NUL, in its path or its query. */
export function addressHasNul(url: string): boolean {
  return /%00/.test(url);
}

export const UNSTORABLE_TEXT_MESSAGE =
  'The request contains characters that cannot be stored (NUL or a broken Unicode character)';
