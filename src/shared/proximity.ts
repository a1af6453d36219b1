export type DistanceCategory = 'near' | 'area' | 'region' | 'city' | 'other';

export const DISTANCE_ORDER: readonly DistanceCategory[] = [
  'near',
  'area',
  'region',
  'city',
  'other',
];

/** How many leading characters of a postal code anyone but a friend may learn. */
export const PUBLIC_POSTAL_PREFIX_LENGTH = 3;

export function normalizePostalCode(code: string | null | undefined): string {
  return (code ?? '').replace(/\s+/g, '').toUpperCase();
}

/**
 * The part of a postal code shown to strangers: its first 3 characters, spaces removed. Counted
 * in characters (code points), as both databases count them, so that a character outside the
 * Basic Multilingual Plane is never cut in half.
 */
export function publicPostalPrefix(code: string | null | undefined): string {
  return Array.from(normalizePostalCode(code)).slice(0, PUBLIC_POSTAL_PREFIX_LENGTH).join('');
}

/**
 * Proximity from the shared leading characters of two postal codes, spaces removed and
 * upper-cased: 5 or more is near, 3-4 area, 2 region, 1 city, 0 other.
 */
export function distanceCategory(
  a: string | null | undefined,
  b: string | null | undefined,
): DistanceCategory {
  const x = Array.from(normalizePostalCode(a));
  const y = Array.from(normalizePostalCode(b));
  let shared = 0;
  while (shared < x.length && shared < y.length && x[shared] === y[shared]) shared++;
  if (shared >= 5) return 'near';
  if (shared >= 3) return 'area';
  if (shared === 2) return 'region';
  if (shared === 1) return 'city';
  return 'other';
}

/**
 * Proximity as shown to someone who is not a friend (discover): judged on the two 3-character
 * prefixes alone, so it never tells more of a stranger's code than the prefix shown beside it.
 * The same prefix is area, 2 shared characters region, 1 city, none other; near, which needs 5
 * characters, is never given. Otherwise, by changing their own code and watching the category,
 * anyone could read a stranger's whole code one character at a time.
 */
export function publicDistanceCategory(
  a: string | null | undefined,
  b: string | null | undefined,
): DistanceCategory {
  return distanceCategory(publicPostalPrefix(a), publicPostalPrefix(b));
}

export function compareDistance(a: DistanceCategory, b: DistanceCategory): number {
  return DISTANCE_ORDER.indexOf(a) - DISTANCE_ORDER.indexOf(b);
}
