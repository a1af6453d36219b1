import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../api/auth.js';
import { paths } from '../app/paths.js';
import { notificationPermission, showReminder } from './reminder-notification.js';
import { currentPushSubscription, enablePushReminder } from './push-reminders.js';
import {
  REMINDER_CHECK_INTERVAL_MS,
  isReminderDue,
  localDateKey,
  reminderDay,
} from '#shared/reminder-schedule';
import {
  readNotificationSettings,
  storeNotificationSettings,
} from './use-notification-settings.js';

/**
 * While mounted, looks at the clock every 60 s and shows the day's reminder once, in the minute
 * of the chosen time. Settings are read fresh each time, so a change applies at the next check.
 * A device subscribed to reminder pushes gets them from the server instead, even when closed;
 * the in-page reminder then stays quiet so the reminder never comes twice.
 */
export function useDailyReminder() {
  const navigate = useNavigate();
  const signedIn = Boolean(useCurrentUser().data);

  useEffect(() => {
    // Signing out removes the device's reminder on the server; signing in again restores it,
    // the time zone is refreshed in case the reader has travelled, and a reminder turned on
    // before this browser could take pushes moves to them.
    const settings = readNotificationSettings();
    if (signedIn && settings.enabled && notificationPermission() === 'granted')
      void enablePushReminder(settings.time);
  }, [signedIn]);

  useEffect(() => {
    const check = async () => {
      const now = new Date();
      if (notificationPermission() !== 'granted') return;
      if (!isReminderDue(now, readNotificationSettings())) return;
      if (await currentPushSubscription()) return;
      storeNotificationSettings({ lastShown: localDateKey(now) });
      void showReminder(reminderDay(now), (day) => void navigate(paths.dailyRitual.getHref(day)));
    };
    const timer = setInterval(() => void check(), REMINDER_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [navigate]);
}
