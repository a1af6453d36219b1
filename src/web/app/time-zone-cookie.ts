import { TIME_ZONE_COOKIE } from '#shared/constants';
import { browserTimeZone } from '../api/client.js';
import { cookieValue, setPageCookie } from '../lib/cookies.js';

const YEAR_SECONDS = 365 * 86_400;

/**
 * Tells the server the reader's time zone for the pages it renders (TIME_ZONE_COOKIE), so the
 * daily screen it sends is the reader's today. Written only when it changed.
 */
export function rememberTimeZone(): void {
  const zone = browserTimeZone();
  const value = encodeURIComponent(zone);
  if (cookieValue(document.cookie, TIME_ZONE_COOKIE) === value) return;
  setPageCookie(TIME_ZONE_COOKIE, value, YEAR_SECONDS);
}
