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

/**
 * The payload of a circle notice: which circle, so the notice can name it and open it. It never
 * says who shared (docs/decisions/026-reading-circles.md).
 */
export interface CircleNoticePayload {
  circle: { id: number; name: string };
}

/** Every push the server sends. */
export type PushPayload = ReminderPushPayload | CircleNoticePayload;

/** Reads a circle notice's payload; anything else gives null. */
export function parseCircleNoticePayload(
  text: string | null | undefined,
): CircleNoticePayload | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || !('circle' in value)) return null;
    const circle: unknown = value.circle;
    if (!circle || typeof circle !== 'object' || !('id' in circle) || !('name' in circle)) {
      return null;
    }
    const { id, name } = circle;
    return typeof id === 'number' && Number.isInteger(id) && id > 0 && typeof name === 'string'
      ? { circle: { id, name } }
      : null;
  } catch {
    return null;
  }
}

/** What the notice says: the circle by name, never the person. */
export function circleNoticeMessage(circleName: string): { title: string; body: string } {
  return {
    title: `Someone in ${circleName} shared a reflection`,
    body: 'Open the circle to read it.',
  };
}
