import { TOTAL_DAYS } from './constants.js';

/** The payload of a reminder push; the service worker writes the text from the day. */
export interface ReminderPushPayload {
  day: number;
}

/** Reads a push payload; anything without a valid day gives null. */
export function parseReminderPushPayload(
  text: string | null | undefined,
): ReminderPushPayload | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || !('day' in value)) return null;
    const day = value.day;
    return typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= TOTAL_DAYS
      ? { day }
      : null;
  } catch {
    return null;
  }
}
