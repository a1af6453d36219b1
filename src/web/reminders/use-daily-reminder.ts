import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths.js';
import { notificationPermission, showReminder } from './reminder-notification.js';
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
 */
export function useDailyReminder() {
  const navigate = useNavigate();
  useEffect(() => {
    const check = () => {
      const now = new Date();
      if (notificationPermission() !== 'granted') return;
      if (!isReminderDue(now, readNotificationSettings())) return;
      storeNotificationSettings({ lastShown: localDateKey(now) });
      void showReminder(reminderDay(now), (day) => void navigate(paths.dailyRitual.getHref(day)));
    };
    const timer = setInterval(check, REMINDER_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [navigate]);
}
