import { stanzaHeading } from '#shared/stanza-heading';
import { useGathaInfo } from '../../api/thoughts.js';
import { DayHeaderSkeleton } from './reading-skeleton.js';

/** The day's heading: where this stanza sits in the songs, and what its chapter is about. */
export function DayHeader({ day }: { day: number }) {
  const { data: info, isLoading } = useGathaInfo(day);

  if (isLoading) return <DayHeaderSkeleton />;

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
