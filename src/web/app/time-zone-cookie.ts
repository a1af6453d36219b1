import { TIME_ZONE_COOKIE } from '#shared/constants';
import { browserTimeZone } from '../api/client.js';

const YEAR_SECONDS = 365 * 86_400;

/**
 * Tells the server the reader's time zone for the pages it renders (TIME_ZONE_COOKIE), so the
 * daily screen it sends is the reader's today. Written only when it changed.
 */
export function rememberTimeZone(): void {
  const zone = browserTimeZone();
  const value = encodeURIComponent(zone);
  if (document.cookie.split('; ').includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
