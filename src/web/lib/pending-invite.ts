import { paths } from '../app/paths.js';

const KEY = 'tfp_pending_invite';
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Remembers, for this tab, the invite a signed-out visitor is signing up or in to accept. */
export function rememberInvite(code: string): void {
  try {
    if (CODE.test(code)) sessionStorage.setItem(KEY, code);
  } catch {
    // Without storage the visitor opens the link again after signing in.
  }
}

/**
 * Where a person who just signed up or in goes to accept the invite they came with; null when
 * there is none. Only an invite's own address is built, so it can send no one elsewhere. It is
 * only read here: the screens that send a person on may render more than once, and each must
 * send them to the same place. The invite is forgotten once its page is reached (forgetInvite).
 */
export function pendingInvitePath(): string | null {
  try {
    const code = sessionStorage.getItem(KEY);
    return code && CODE.test(code) ? `${paths.join.getHref(code)}?welcome=1` : null;
  } catch {
    return null;
  }
}

/** The invite's page has been reached by a signed-in person: nothing is pending any more. */
export function forgetInvite(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
