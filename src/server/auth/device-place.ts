/** Prefixes of zones that name a country's clock, not a place: 'US/Eastern', 'Etc/GMT+3'. */
const PLACELESS_AREAS = new Set(['Etc', 'US', 'Canada', 'Mexico', 'Brazil', 'Chile', 'SystemV']);

/**
 * Roughly where a device is, from the time zone it last named: the zone's city, such as
 * 'Europe/Berlin' → 'Berlin' or 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. Null for
 * none, or for a zone that names no place ('UTC', 'Etc/GMT+3').
 */
export function placeOfTimeZone(zone: string | null): string | null {
  if (!zone) return null;
  const parts = zone.split('/');
  const area = parts[0];
  const city = parts.at(-1);
  if (parts.length < 2 || !area || !city || PLACELESS_AREAS.has(area)) return null;
  return city.replace(/_/g, ' ');
}
