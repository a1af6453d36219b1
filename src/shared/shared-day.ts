import { TOTAL_DAYS } from './constants.js';

/** Where the public pages of the days live, for visitors (docs/product.md#sharing-and-visitors). */
export const PUBLIC_DAY_PATH = '/read';

/** The query parameter by which the landing screen remembers the day a visitor came from. */
export const SHARED_DAY_PARAM = 'day';

/** Digits only, no sign or leading zero, so '01', '1e2' or ' 5' name no day. */
const dayDigits = /^[1-9]\d{0,2}$/;

/**
 * The day a visitor came from, read from the landing screen's address, or null when the value
 * names no day of the cycle. Only a number ever leaves this function, so the address the reader
 * is sent to after signing up is always one of the app's own (never an open redirect).
 */
export function sharedDayFrom(value: string | null | undefined): number | null {
  if (!value || !dayDigits.test(value)) return null;
  const day = Number(value);
  return day <= TOTAL_DAYS ? day : null;
}

/** The landing screen, remembering the shared day the visitor chose to begin from. */
export function landingHrefForDay(day: number): string {
  return `/landing?${SHARED_DAY_PARAM}=${day}`;
}

/** The public page of a day. */
export function publicDayHref(day: number | 'today'): string {
  return `${PUBLIC_DAY_PATH}/${day}`;
}
