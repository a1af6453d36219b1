import type { GathaInfo } from '#shared/thought-types';
import { useGathaInfo } from '../../api/thoughts.js';
import { Skeleton } from '../../components/ui/skeleton.js';

/** Days 2 and 3 are the short prayers, titled by name (docs/product.md#the-daily-header). */
const PRAYER_TITLES: Record<number, string> = { 2: 'Ashem Vohu', 3: 'Yatha Ahu' };

export function stanzaTitle(day: number, info: GathaInfo): string {
  const title = PRAYER_TITLES[day] ?? info.songTitle;
  // Stanza 0 marks an opening or introduction, which holds no stanza of its own.
  const stanza = info.stanzaNumber > 0 ? `Stanza ${info.stanzaNumber}` : 'Introduction';
  return `${stanza} \u2022 Yasna ${info.songNumber} \u2022 ${title}`;
}

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
        {info ? stanzaTitle(day, info) : `Day ${day}`}
      </h1>
      {info?.description && (
        <p className="max-w-prose text-sm leading-relaxed text-muted-foreground text-pretty">
          {info.description}
        </p>
      )}
    </header>
  );
}
