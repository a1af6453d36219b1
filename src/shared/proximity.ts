export type DistanceCategory = 'near' | 'area' | 'region' | 'city' | 'other';

export const DISTANCE_ORDER: readonly DistanceCategory[] = [
  'near',
  'area',
  'region',
  'city',
  'other',
];

export function normalizePostalCode(code: string | null | undefined): string {
  return (code ?? '').replace(/\s+/g, '').toUpperCase();
}

/**
 * Proximity from the shared leading characters of two postal codes, spaces removed and
 * upper-cased: 5 or more is near, 3-4 area, 2 region, 1 city, 0 other.
 */
export function distanceCategory(
  a: string | null | undefined,
  b: string | null | undefined,
): DistanceCategory {
  const x = normalizePostalCode(a);
  const y = normalizePostalCode(b);
  let shared = 0;
  while (shared < x.length && shared < y.length && x[shared] === y[shared]) shared++;
  if (shared >= 5) return 'near';
  if (shared >= 3) return 'area';
  if (shared === 2) return 'region';
  if (shared === 1) return 'city';
  return 'other';
}

export function compareDistance(a: DistanceCategory, b: DistanceCategory): number {
  return DISTANCE_ORDER.indexOf(a) - DISTANCE_ORDER.indexOf(b);
}
