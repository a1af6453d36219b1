import { Skeleton } from '../../components/ui/skeleton.js';

/** The day strip's place while the day itself is not yet known. */
export function DayStripSkeleton() {
  return <Skeleton className="mx-auto h-11 w-full max-w-xs rounded-full" />;
}

/**
 * The day's heading while it is on its way, in the heading's and the description's own line
 * boxes, so the reading under it stays put when they arrive: the description takes two lines
 * on a phone, and mostly one on a wider screen.
 */
export function DayHeaderSkeleton() {
  return (
    <div className="flex flex-col items-center gap-2" aria-hidden="true">
      <div className="flex w-full justify-center text-xl leading-snug sm:text-2xl">
        <Skeleton className="my-[0.1875em] h-[1em] w-64 max-w-full" />
      </div>
      <div className="flex w-full max-w-prose flex-col items-center text-sm leading-relaxed">
        <Skeleton className="my-[0.3125em] h-[1em] w-72 max-w-full" />
        <Skeleton className="my-[0.3125em] h-[1em] w-48 max-w-full sm:hidden" />
      </div>
    </div>
  );
}

/** The shape of the day's reading while it is on its way. */
export function ReadingSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-8">
      <span className="sr-only">Loading the day&apos;s Gatha</span>
      <DayHeaderSkeleton />
      <div className="flex flex-col gap-4 rounded-2xl border border-border bg-card px-6 py-10 sm:px-12">
        {['w-11/12', 'w-4/5', 'w-full', 'w-3/4', 'w-5/6', 'w-2/3'].map((width, index) => (
          <Skeleton key={index} className={`h-5 ${width}`} />
        ))}
      </div>
      <Skeleton className="mx-auto h-12 w-48 rounded-lg" />
    </div>
  );
}

/** The reflection form's place beside the reading on a wide screen, while its code comes. */
export function ReflectionSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">Loading the reflection form</span>
      <Skeleton className="h-8 w-56 max-w-full" />
      <Skeleton className="h-5 w-full" />
      {[0, 1, 2].map((field) => (
        <div key={field} className="flex flex-col gap-2">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-24 w-full rounded-lg" />
        </div>
      ))}
    </div>
  );
}
