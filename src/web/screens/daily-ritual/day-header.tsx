import { stanzaHeading } from '#shared/stanza-heading';
import { useGathaInfo } from '../../api/thoughts.js';
import { Skeleton } from '../../components/ui/skeleton.js';

/** The day's heading: where this stanza sits in the songs, and what its chapter is about. */
export function DayHeader({ day }: { day: number }) {
  const { data: info, isLoading } = useGathaInfo(day);

  if (isLoading) {
    return (
      <header className="flex flex-col items-center gap-3" aria-busy="true">
        <Skeleton className="h-7 w-64 max-w-full" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </header>
    );
  }

  return (
    <header className="flex flex-col items-center gap-2 text-center">
      <h1 className="font-serif text-xl font-semibold leading-snug tracking-wide text-primary text-balance sm:text-2xl">
        {info ? stanzaHeading(day, info) : `Day ${day}`}
      </h1>
      {info?.description && (
        <p className="max-w-prose text-sm leading-relaxed text-muted-foreground text-pretty">
          {info.description}
        </p>
      )}
    </header>
  );
}
