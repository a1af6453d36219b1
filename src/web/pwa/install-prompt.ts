/** localStorage flag: the app was installed from this browser (docs/product.md#the-screens). */
export const INSTALLED_KEY = 'pwa-installed';
/** sessionStorage flag: the reader said "not now" in this tab (docs/product.md#the-screens). */
export const PROMPT_DISMISSED_KEY = 'pwa-prompt-dismissed';
/** iOS has no install event, so its manual hint waits this long after load. */
export const IOS_HINT_DELAY_MS = 3000;

/** What the install banner shows: nothing, the iOS Share steps, or the browser's Install button. */
export type InstallPromptView = 'hidden' | 'ios-instructions' | 'install-button';

export interface InstallPromptFacts {
  /** The app already runs from the home screen (display-mode standalone or navigator.standalone). */
  isStandalone: boolean;
  /** localStorage pwa-installed is set. */
  installed: boolean;
  /** sessionStorage pwa-prompt-dismissed is set. */
  dismissedThisSession: boolean;
  isIOS: boolean;
  /** The browser offered installation (a kept `beforeinstallprompt` event). */
  hasDeferredPrompt: boolean;
  /** Milliseconds since the page loaded. */
  elapsedMs: number;
}

/** When the install offer shows (docs/product.md#the-screens), rules in the order they win. */
export function installPromptView(facts: InstallPromptFacts): InstallPromptView {
  if (facts.isStandalone || facts.installed || facts.dismissedThisSession) return 'hidden';
  // iOS browsers never fire the install event; the only way is Share, then Add to Home Screen.
  if (facts.isIOS) return facts.elapsedMs >= IOS_HINT_DELAY_MS ? 'ios-instructions' : 'hidden';
  return facts.hasDeferredPrompt ? 'install-button' : 'hidden';
}

/**
 * True on an iPhone, iPod or iPad. iPadOS 13+ presents itself as a Mac, so a "Macintosh" with a
 * touch screen counts too (real Macs report no touch points).
 */
export function isIOSUserAgent(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

/** A stored flag counts as set only with the value the banner writes. */
export function isFlagSet(value: string | null): boolean {
  return value === 'true';
}
