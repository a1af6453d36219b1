import { MapPin } from 'lucide-react';
import type { DistanceCategory } from '#shared/proximity';
import { Badge } from '../../components/ui/badge.js';

const PROXIMITY_LABELS: Record<DistanceCategory, string> = {
  near: 'Nearby',
  area: 'Same area',
  region: 'Same region',
  city: 'Same city',
  other: 'Elsewhere',
};

/** How close a suggested person lives, judged by postal codes (docs/product.md#finding-people). */
export function ProximityBadge({ category }: { category: DistanceCategory }) {
  return (
    <Badge
      variant={category === 'near' ? 'default' : category === 'other' ? 'outline' : 'secondary'}
      data-distance={category}
      className="mt-1.5 max-w-full gap-1"
    >
      <MapPin className="size-3 shrink-0" aria-hidden="true" />
      {PROXIMITY_LABELS[category]}
    </Badge>
  );
}
