import { useCallback, useState } from 'react';
import {
  NOTIFICATION_SETTINGS_KEY,
  type NotificationSettings,
  parseNotificationSettings,
} from '#shared/reminder-schedule';

export function readNotificationSettings(): NotificationSettings {
  try {
    return parseNotificationSettings(localStorage.getItem(NOTIFICATION_SETTINGS_KEY));
  } catch {
    return parseNotificationSettings(null);
  }
}

/** Merges `patch` into what is stored now, so a write never undoes another one's lastShown. */
export function storeNotificationSettings(
  patch: Partial<NotificationSettings>,
): NotificationSettings {
  const next = { ...readNotificationSettings(), ...patch };
  try {
    localStorage.setItem(NOTIFICATION_SETTINGS_KEY, JSON.stringify(next));
  } catch (error) {
    console.warn('Could not save the reminder settings', error);
  }
  return next;
}

/** The reminder settings kept in this browser (localStorage gatha_notification_settings). */
export function useNotificationSettings() {
  const [settings, setSettings] = useState(readNotificationSettings);
  const update = useCallback((patch: Partial<NotificationSettings>) => {
    setSettings(storeNotificationSettings(patch));
  }, []);
  return { settings, update };
}
