import { REMINDER_AUTO_CLOSE_MS, reminderMessage } from '#shared/reminder-schedule';
import { runsStandalone } from '../pwa/display-mode.js';
import type { ReminderBrowserFacts } from './reminder-offer.js';

/** The reminder needs both notifications and a service worker (docs/product.md#the-screens). */
export function remindersSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator;
}

/** What the reminder card needs to know of this browser (reminder-offer.ts decides from it). */
export function reminderBrowserFacts(): ReminderBrowserFacts {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    isStandalone: runsStandalone(),
    hasNotification: 'Notification' in window,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
  };
}

export function notificationPermission(): NotificationPermission | 'unsupported' {
  return remindersSupported() ? Notification.permission : 'unsupported';
}

/** Asks the browser; a dismissed prompt counts as not granted. */
export async function requestNotificationPermission(): Promise<boolean> {
  if (!remindersSupported()) return false;
  try {
    return (await Notification.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}

/**
 * Shows the reminder for `day`: through the service worker registration when there is one
 * (the only way on Android, and its click handler opens the day), else as a page notification.
 * It closes itself after 10 s. Resolves false when the browser refuses to show it.
 */
export async function showReminder(day: number, openDay: (day: number) => void): Promise<boolean> {
  const { title, body } = reminderMessage(day);
  const tag = 'daily-gatha-reminder';
  const url = `/app/daily-ritual/${day}`;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration) {
      await registration.showNotification(title, { body, tag, data: { url } });
      setTimeout(() => {
        void registration
          .getNotifications({ tag })
          .then((shown) => shown.forEach((n) => n.close()));
      }, REMINDER_AUTO_CLOSE_MS);
      return true;
    }
    const notification = new Notification(title, { body, tag, data: { url } });
    notification.onclick = () => {
      window.focus();
      openDay(day);
      notification.close();
    };
    setTimeout(() => notification.close(), REMINDER_AUTO_CLOSE_MS);
    return true;
  } catch (error) {
    console.warn('Could not show the reminder', error);
    return false;
  }
}
