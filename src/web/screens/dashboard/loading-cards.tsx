import { Card } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';

/** How many placeholder cards a loading list shows. */
const SKELETON_COUNT = 3;

/** Three placeholder cards shaped like the ones that are on their way. */
export function LoadingCards({ label, withAvatar }: { label: string; withAvatar: boolean }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <Card key={index} data-testid="loading-card" className="flex flex-col gap-4 p-5">
          <div className="flex items-center gap-3">
            {withAvatar && <Skeleton className="size-10 rounded-full" />}
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-11/12" />
          <Skeleton className="h-3 w-3/5" />
        </Card>
      ))}
    </div>
  );
}
