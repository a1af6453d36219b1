import { PRODUCT_NAME } from '#shared/constants';
import { canAddToDock, isIOSUserAgent } from '../pwa/install-prompt.js';

/** What this browser is and has, as the reminder card reads it from the page. */
export interface ReminderBrowserFacts {
  userAgent: string;
  maxTouchPoints: number;
  /** Opened from the Home Screen or the Dock (display-mode standalone, navigator.standalone). */
  isStandalone: boolean;
  hasNotification: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
}

/**
 * What the reminder card can honestly offer here:
 * - `switch`: the reminder works; by push (even with the app closed) or only in an open tab;
 * - `add-to-home-screen`: an iPhone or iPad tab, where only the app added to the Home Screen
 *   has notifications (iOS 16.4 and later);
 * - `update-ios`: added to the Home Screen on an iOS older than 16.4, which has no Web Push;
 * - `unavailable`: no notifications or no service worker; `addToDock` when Safari on this Mac
 *   can add the app to the Dock, where it has them.
 */
export type ReminderOffer =
  | { kind: 'switch'; delivery: 'push' | 'in-page' }
  | { kind: 'add-to-home-screen' }
  | { kind: 'update-ios' }
  | { kind: 'unavailable'; addToDock: boolean };

export function reminderOffer(facts: ReminderBrowserFacts): ReminderOffer {
  const ios = isIOSUserAgent(facts.userAgent, facts.maxTouchPoints);
  // On iOS only a Home Screen app is given Web Push, and with it notifications: in a tab of
  // any iOS browser a switch could never work.
  if (ios && !facts.isStandalone) return { kind: 'add-to-home-screen' };
  if (ios && !facts.hasPushManager) return { kind: 'update-ios' };
  if (!facts.hasNotification || !facts.hasServiceWorker) {
    const addToDock = !facts.isStandalone && canAddToDock(facts.userAgent, facts.maxTouchPoints);
    return { kind: 'unavailable', addToDock };
  }
  return { kind: 'switch', delivery: facts.hasPushManager ? 'push' : 'in-page' };
}

/** How to allow notifications again once they were refused, in this browser's own words. */
export function allowNotificationsSteps(facts: ReminderBrowserFacts): string {
  if (isIOSUserAgent(facts.userAgent, facts.maxTouchPoints)) {
    return `To allow them, open Settings, then Notifications, choose ${PRODUCT_NAME} and turn on Allow Notifications.`;
  }
  if (facts.isStandalone && canAddToDock(facts.userAgent, facts.maxTouchPoints)) {
    return `To allow them, open System Settings, then Notifications, choose ${PRODUCT_NAME} and turn on Allow notifications.`;
  }
  if (isMacSafari(facts.userAgent)) {
    return 'To allow them, choose Safari, then Settings, then Websites, then Notifications, and set this website to Allow.';
  }
  if (/Firefox\//.test(facts.userAgent)) {
    return 'To allow them, select the permissions icon beside the address, clear the block on notifications, and reload the page.';
  }
  return 'To allow them, select the icon beside the address, set Notifications to Allow, and turn the reminder on again.';
}

function isMacSafari(userAgent: string): boolean {
  return (
    /Macintosh/.test(userAgent) &&
    /Version\/\d+[\d.]* (?:.* )?Safari\//.test(userAgent) &&
    !/Chrome|Chromium|Edg|OPR|Firefox/.test(userAgent)
  );
}
