import { differenceInHours, format, formatDistance } from 'date-fns';

/**
 * How a shared reflection's time reads: under 24 hours relative ("3 hours ago"), under a week
 * the weekday and time ("Tuesday 8:15 AM"), otherwise month, day and time ("Mar 4, 8:15 AM").
 */
export function displayTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hours = differenceInHours(now, date);
  if (hours < 24) return formatDistance(date, now, { addSuffix: true });
  if (hours < 168) return format(date, 'EEEE h:mm a');
  return format(date, 'MMM d, h:mm a');
}

/** A journal entry's date as the My Journal list shows it: "Mar 4, 2026". */
export function displayDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}
