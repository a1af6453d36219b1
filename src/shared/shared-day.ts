import { PRODUCT_NAME, TOTAL_DAYS } from './constants.js';

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

/** The picture of a day made for stories, which a share sheet may carry beside the link. */
export function storyImageHref(day: number): string {
  return `${publicDayHref(day)}/story.png`;
}

/** The picture of a day made for link previews, the one a reader may download. */
export function cardImageHref(day: number): string {
  return `${publicDayHref(day)}/card.png`;
}

/** What sharing a day sends: never anything the reader wrote, only the day's public page. */
export interface DayShare {
  title: string;
  text: string;
  url: string;
}

/**
 * A day shared from the app: its stanza's reference (or "Day N" before that is known), a short
 * line saying what it is, and the absolute address of its public page at `origin`.
 */
export function dayShare(day: number, reference: string | null, origin: string): DayShare {
  const name = reference ?? `Day ${day}`;
  return {
    title: `${name} \u2014 ${PRODUCT_NAME}`,
    text: `${name}: a stanza of the Gathas of Zarathushtra, one for each day.`,
    url: new URL(publicDayHref(day), origin).href,
  };
}
