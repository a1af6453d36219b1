import { toast } from '../hooks/use-toast.js';
import { useOfflineSync } from '../offline/use-offline-sync.js';
import { useOpenDaysKeptOffline } from '../pwa/use-open-days-kept-offline.js';
import { useDailyReminder } from '../reminders/use-daily-reminder.js';

/**
 * What the signed-in shell does in the background wherever it is open: the in-page reminder
 * checks every minute, and reflections saved while offline are sent when the connection returns, and every day the
 * reader may open is kept for reading offline.
 * Nothing of it shows, so it loads once the page is live rather than with the first screen.
 */
export function ShellBackgroundWork() {
  useDailyReminder();
  useOfflineSync(toast);
  useOpenDaysKeptOffline();
  return null;
}
