import { describe, expect, it } from 'vitest';
import {
  type ReminderBrowserFacts,
  allowNotificationsSteps,
  reminderOffer,
} from './reminder-offer.js';

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const iPhoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const macSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const macSafari16 =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15';
const firefoxLinux = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const everything: ReminderBrowserFacts = {
  userAgent: androidChrome,
  maxTouchPoints: 5,
  isStandalone: false,
  hasNotification: true,
  hasServiceWorker: true,
  hasPushManager: true,
};
/** An iOS browser tab: no Notification, no PushManager, whichever browser it is. */
const iosTab = {
  ...everything,
  hasNotification: false,
  hasPushManager: false,
};

describe('what the reminder card offers', () => {
  it('a switch by push where the browser has notifications, a worker and push', () => {
    expect(reminderOffer(everything)).toEqual({ kind: 'switch', delivery: 'push' });
    expect(reminderOffer({ ...everything, userAgent: firefoxLinux, maxTouchPoints: 0 })).toEqual({
      kind: 'switch',
      delivery: 'push',
    });
  });

  it('a switch for the open tab only where push is missing but notifications work', () => {
    expect(reminderOffer({ ...everything, hasPushManager: false })).toEqual({
      kind: 'switch',
      delivery: 'in-page',
    });
  });

  it('in an iPhone or iPad tab, adding to the Home Screen rather than a switch', () => {
    expect(reminderOffer({ ...iosTab, userAgent: iPhoneSafari })).toEqual({
      kind: 'add-to-home-screen',
    });
    expect(reminderOffer({ ...iosTab, userAgent: iPhoneChrome })).toEqual({
      kind: 'add-to-home-screen',
    });
    // An iPad calls itself a Mac, with a touch screen.
    expect(reminderOffer({ ...iosTab, userAgent: macSafari, maxTouchPoints: 5 })).toEqual({
      kind: 'add-to-home-screen',
    });
  });

  it('on the Home Screen: the switch from iOS 16.4, else a word about updating', () => {
    expect(reminderOffer({ ...everything, userAgent: iPhoneSafari, isStandalone: true })).toEqual({
      kind: 'switch',
      delivery: 'push',
    });
    expect(reminderOffer({ ...iosTab, userAgent: iPhoneSafari, isStandalone: true })).toEqual({
      kind: 'update-ios',
    });
  });

  it('no switch without notifications or a worker; Add to Dock only in Safari 17 on a Mac', () => {
    const bare = { ...everything, maxTouchPoints: 0, hasNotification: false };
    expect(reminderOffer(bare)).toEqual({ kind: 'unavailable', addToDock: false });
    expect(reminderOffer({ ...everything, hasServiceWorker: false })).toEqual({
      kind: 'unavailable',
      addToDock: false,
    });
    expect(reminderOffer({ ...bare, userAgent: macSafari })).toEqual({
      kind: 'unavailable',
      addToDock: true,
    });
    expect(reminderOffer({ ...bare, userAgent: macSafari, isStandalone: true })).toEqual({
      kind: 'unavailable',
      addToDock: false,
    });
    expect(reminderOffer({ ...bare, userAgent: macSafari16 })).toEqual({
      kind: 'unavailable',
      addToDock: false,
    });
    expect(reminderOffer({ ...bare, userAgent: firefoxLinux })).toEqual({
      kind: 'unavailable',
      addToDock: false,
    });
  });
});

describe('how to allow notifications once refused', () => {
  it("names each browser's own place for it", () => {
    expect(allowNotificationsSteps({ ...everything, userAgent: iPhoneSafari })).toMatch(
      /^To allow them, open Settings, then Notifications, choose The Threefold Path/,
    );
    expect(
      allowNotificationsSteps({ ...everything, userAgent: macSafari, maxTouchPoints: 0 }),
    ).toMatch(/Safari, then Settings, then Websites, then Notifications/);
    expect(
      allowNotificationsSteps({ ...everything, userAgent: macSafari16, maxTouchPoints: 0 }),
    ).toMatch(/Safari, then Settings, then Websites/);
    expect(
      allowNotificationsSteps({
        ...everything,
        userAgent: macSafari,
        maxTouchPoints: 0,
        isStandalone: true,
      }),
    ).toMatch(/System Settings, then Notifications/);
    expect(allowNotificationsSteps({ ...everything, userAgent: firefoxLinux })).toMatch(
      /permissions icon beside the address/,
    );
    expect(allowNotificationsSteps(everything)).toMatch(/set Notifications to Allow/);
  });
});
