import { Skeleton } from './ui/skeleton.js';

/** What shows while the sign-in state is loading. */
export function AuthSkeleton() {
  return (
    <div
      className="mx-auto flex min-h-dvh w-full max-w-lg flex-col gap-4 p-6 max-[359px]:p-3"
      role="status"
      aria-busy="true"
      aria-label="Loading"
    >
      <Skeleton className="h-8 w-48 max-w-full" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-6 w-2/3" />
    </div>
  );
}
