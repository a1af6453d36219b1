/** localStorage flag: the app was installed from this browser (docs/product.md#the-screens). */
export const INSTALLED_KEY = 'pwa-installed';
/** sessionStorage flag: the reader said "not now" in this tab (docs/product.md#the-screens). */
export const PROMPT_DISMISSED_KEY = 'pwa-prompt-dismissed';
/** iOS and Safari on a Mac have no install event, so their manual hint waits this long after load. */
export const IOS_HINT_DELAY_MS = 3000;

/**
 * What the install banner shows: nothing, the iOS Share steps, Safari's Add to Dock steps on a
 * Mac, or the browser's Install button. Firefox on a computer cannot install a web app: nothing.
 */
export type InstallPromptView =
  'hidden' | 'ios-instructions' | 'dock-instructions' | 'install-button';

export interface InstallPromptFacts {
  /** The app already runs from the home screen (display-mode standalone or navigator.standalone). */
  isStandalone: boolean;
  /** localStorage pwa-installed is set. */
  installed: boolean;
  /** sessionStorage pwa-prompt-dismissed is set. */
  dismissedThisSession: boolean;
  isIOS: boolean;
  /** Safari 17 or later on a Mac, which adds web apps to the Dock (canAddToDock). */
  canAddToDock: boolean;
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
  // Safari on a Mac neither: File, then Add to Dock.
  if (facts.canAddToDock) {
    return facts.elapsedMs >= IOS_HINT_DELAY_MS ? 'dock-instructions' : 'hidden';
  }
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

/**
 * True in Safari 17 or later on a Mac, which installs a web app with File, then Add to Dock.
 * Chrome, Edge, Opera and Firefox on a Mac also name Safari in their user agent, but not
 * "Version/": they are told apart by their own names.
 */
export function canAddToDock(userAgent: string, maxTouchPoints = 0): boolean {
  if (!/Macintosh/i.test(userAgent) || isIOSUserAgent(userAgent, maxTouchPoints)) return false;
  if (/Chrome|Chromium|Edg|OPR|Firefox/i.test(userAgent)) return false;
  const version = /Version\/(\d+)[\d.]* (?:.* )?Safari\//.exec(userAgent)?.[1];
  return version !== undefined && Number(version) >= 17;
}

/** A stored flag counts as set only with the value the banner writes. */
export function isFlagSet(value: string | null): boolean {
  return value === 'true';
}
