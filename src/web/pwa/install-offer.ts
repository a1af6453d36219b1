/** Chromium's install offer; not in the DOM typings. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isInstallOffer(event: Event): event is BeforeInstallPromptEvent {
  return typeof (event as Partial<BeforeInstallPromptEvent>).prompt === 'function';
}

let pending: BeforeInstallPromptEvent | null = null;
const listeners = new Set<(offer: BeforeInstallPromptEvent) => void>();

/**
 * Holds the browser's install offer from the moment the app starts, before any screen is up:
 * the browser makes it once, whenever it decides, and an offer nobody held back is lost.
 * Holding it back also stops the browser's own mini-bar, so the app's calmer banner asks instead.
 */
export function holdInstallOffers(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallOffer(event)) return;
    event.preventDefault();
    pending = event;
    for (const listener of listeners) listener(event);
  });
}

/** The offer held so far, if it has not been used. */
export function heldInstallOffer(): BeforeInstallPromptEvent | null {
  return pending;
}

/** An offer can be used once; the browser sends a fresh one when it may ask again. */
export function forgetInstallOffer(): void {
  pending = null;
}

export function onInstallOffer(listener: (offer: BeforeInstallPromptEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
