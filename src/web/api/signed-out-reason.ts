import { useSyncExternalStore } from 'react';
import { SESSION_ENDINGS, type SessionEnding } from '#shared/session-endings';

/**
 * Why this device was signed out without asking for it, kept in the browser until the person
 * signs in again (or out), so the landing screen can say it even after a reload.
 */
export interface SignedOutReason {
  /** What the server said ended the session; null when it did not know. */
  ending: SessionEnding | null;
}

const KEY = 'threefold-signed-out';
const listeners = new Set<() => void>();
let cached: { raw: string | null; reason: SignedOutReason | null } | null = null;

function stored(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function read(): SignedOutReason | null {
  const raw = stored();
  if (cached?.raw === raw) return cached.reason;
  let reason: SignedOutReason | null = null;
  if (raw !== null) {
    try {
      const said = (JSON.parse(raw) as { ending?: unknown }).ending;
      reason = { ending: SESSION_ENDINGS.find((known) => known === said) ?? null };
    } catch {
      reason = { ending: null };
    }
  }
  cached = { raw, reason };
  return reason;
}

function write(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, value);
  } catch (error) {
    // Storage the browser refuses: the landing screen simply says nothing.
    console.warn('Could not keep why this device was signed out', error);
  }
  listeners.forEach((listener) => listener());
}

export function rememberSignedOut(ending: SessionEnding | null): void {
  write(JSON.stringify({ ending }));
}

/** Forgets the reason: the person signed in again, or out of their own accord. */
export function forgetSignedOut(): void {
  if (stored() !== null) write(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** Why this device was last signed out, or null; null too while a page is being hydrated. */
export function useSignedOutReason(): SignedOutReason | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
