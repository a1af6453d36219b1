import type { SessionEnding } from '#shared/session-endings';
import { SIGNED_OUT_ATTRIBUTE, SIGNED_OUT_KEY, signedOutMark } from '#shared/signed-out-mark';

function stored(): string | null {
  try {
    return window.localStorage.getItem(SIGNED_OUT_KEY);
  } catch {
    return null;
  }
}

function write(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(SIGNED_OUT_KEY);
    else window.localStorage.setItem(SIGNED_OUT_KEY, value);
  } catch (error) {
    // Storage the browser refuses: the landing screen says it until the page is left.
    console.warn('Could not keep why this device was signed out', error);
  }
  if (value === null) document.documentElement.removeAttribute(SIGNED_OUT_ATTRIBUTE);
  else document.documentElement.setAttribute(SIGNED_OUT_ATTRIBUTE, signedOutMark(value)!);
}

/**
 * Why this device was signed out without asking for it, kept in the browser until the person
 * signs in again (or out), so the landing screen can say it even after a reload. The page's root
 * carries it as a mark (src/shared/signed-out-mark.ts), set before the first paint by the head
 * script and changed here with it; the landing's notice shows the sentence for the mark. A
 * change another tab makes shows here from the next load, not under the reader's finger.
 */
export function rememberSignedOut(ending: SessionEnding | null): void {
  write(JSON.stringify({ ending }));
}

/** Forgets the reason: the person signed in again, or out of their own accord. */
export function forgetSignedOut(): void {
  if (stored() !== null || document.documentElement.hasAttribute(SIGNED_OUT_ATTRIBUTE)) {
    write(null);
  }
}
