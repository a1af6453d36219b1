import { createContext } from 'react';
import { SESSION_DAYS, SIGNED_IN_HINT_COOKIE } from '#shared/constants';
import { SESSION_CACHE } from '../pwa/offline-policy.js';
import { cookieValue, setPageCookie } from '../lib/cookies.js';

/**
 * What the page can tell about the sign-in before asking the server:
 * - 'signed-in': the server's hint says a session cookie is there, so ask who it is;
 * - 'signed-out': no session cookie (or one found over), so there is nobody to ask about;
 * - 'ask-device': no hint, but an installed app may have kept who was signed in offline.
 */
export type SignInGuess = 'signed-in' | 'signed-out' | 'ask-device';

function hintValue(): string | undefined {
  return cookieValue(document.cookie, SIGNED_IN_HINT_COOKIE);
}

export function guessSignIn(): SignInGuess {
  if (typeof document === 'undefined') return 'signed-out';
  const hint = hintValue();
  if (hint === '1') return 'signed-in';
  // A page the service worker serves never met the server that sets the hint.
  if (hint === undefined && navigator.serviceWorker?.controller) return 'ask-device';
  return 'signed-out';
}

/** The page's own guess; a page rendered at build time supplies the state it was made for. */
export const SignInGuessContext = createContext<() => SignInGuess>(guessSignIn);

/** Whether this installed app kept a signed-in answer from an earlier visit. */
export async function deviceKeptASession(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  try {
    return (await caches.match('/api/auth/me', { cacheName: SESSION_CACHE })) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The server said the session is over: the page stops asking until the next sign-in sets the
 * hint again. '0' rather than nothing, so a leftover session cookie does not bring it back.
 */
export function forgetSignedInHint(): void {
  setPageCookie(SIGNED_IN_HINT_COOKIE, '0', SESSION_DAYS * 86_400);
}
