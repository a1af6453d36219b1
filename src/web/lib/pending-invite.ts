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
 * Where a person who just signed up or in goes to accept the invite they came with, once; null
 * when there is none. Only an invite's own address is built, so it can send no one elsewhere.
 */
export function takePendingInvitePath(): string | null {
  try {
    const code = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return code && CODE.test(code) ? `${paths.join.getHref(code)}?welcome=1` : null;
  } catch {
    return null;
  }
}
