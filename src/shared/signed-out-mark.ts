import { SESSION_ENDINGS, type SessionEnding } from './session-endings.js';

/**
 * Why this device was last signed out without asking for it, kept in the browser until the
 * person signs in again (src/web/api/signed-out-reason.ts), and the mark it puts on the page's
 * root so the landing screen's notice shows the matching sentence from the first paint.
 */
export const SIGNED_OUT_KEY = 'threefold-signed-out';
export const SIGNED_OUT_ATTRIBUTE = 'data-signed-out';

export type SignedOutMark = SessionEnding | 'unknown';

/** The mark for what is stored: the ending the server gave, 'unknown', or null when none. */
export function signedOutMark(stored: string | null): SignedOutMark | null {
  if (stored === null) return null;
  let said: unknown = null;
  try {
    said = (JSON.parse(stored) as { ending?: unknown } | null)?.ending;
  } catch {
    said = null;
  }
  return SESSION_ENDINGS.find((known) => known === said) ?? 'unknown';
}

/**
 * `signedOutMark` applied in the head, before the body is painted: a notice that appeared only
 * once the app is live would move the landing's buttons as the reader reaches for them. Plain
 * ES5 in one string, allowed by the server's Content-Security-Policy by its SHA-256 hash
 * (src/server/http/security.ts), which must match the page byte for byte.
 */
export const SIGNED_OUT_MARK_SCRIPT =
  '(function(){try{' +
  `var s=localStorage.getItem(${JSON.stringify(SIGNED_OUT_KEY)});if(s===null)return;` +
  'var e=null;try{e=(JSON.parse(s)||{}).ending}catch(x){}' +
  `document.documentElement.setAttribute(${JSON.stringify(SIGNED_OUT_ATTRIBUTE)},` +
  `${JSON.stringify(SESSION_ENDINGS)}.indexOf(e)>=0?e:"unknown")` +
  '}catch(x){}})()';
