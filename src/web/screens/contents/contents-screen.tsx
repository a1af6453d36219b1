import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { STANZAS_PER_SONG, TOTAL_DAYS } from '#shared/constants';
import type { Thought } from '#shared/thought-types';
import { useThoughts } from '../../api/thoughts.js';
import { paths } from '../../app/paths.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/cn.js';

const SKELETON_ROWS = 10;

function ContentsSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading the readings"
      className="flex flex-col gap-3"
    >
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Skeleton key={index} className="h-28 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** One day: the whole card opens it, through a single link named after the day. */
function DayItem({ thought }: { thought: Thought }) {
  return (
    <li className="relative flex flex-col gap-2 rounded-xl border border-border bg-card p-5 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted/40">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="font-serif text-lg font-semibold">
          <Link
            to={paths.day.getHref(thought.dayNumber)}
            className="text-primary after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
          >
            Day {thought.dayNumber}
          </Link>
        </h2>
        <span className="text-right text-xs text-muted-foreground">{thought.author}</span>
      </div>
      <p className="font-serif leading-relaxed">{thought.thought}</p>
      <p className="line-clamp-2 text-sm text-muted-foreground">{thought.explanation}</p>
    </li>
  );
}

/** The table of contents: every day readable so far, in order. */
export function ContentsScreen() {
  const { data: thoughts, isPending, isError, refetch, isFetching } = useThoughts();

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-3xl flex-col gap-6 px-4 pb-12 pt-6">
      <Link
        to={paths.root.getHref()}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'self-start')}
      >
        <ArrowLeft aria-hidden="true" /> Back to Daily Reading
      </Link>
      <header className="flex flex-col gap-3">
        <h1 className="font-serif text-3xl font-semibold">
          Daily Reflections{thoughts ? ` (${thoughts.length} Gathas)` : ''}
        </h1>
        <p className="leading-relaxed text-muted-foreground">
          The Gathas of Zarathushtra are {STANZAS_PER_SONG.length} songs in {TOTAL_DAYS} stanzas,
          read here one stanza a day. Each one points along the three-fold path: good thoughts, good
          words and good deeds, where what we hold in mind shapes what we say, and what we say
          shapes what we do.
        </p>
      </header>
      {isPending ? (
        <ContentsSkeleton />
      ) : isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>The readings could not be loaded.</p>
          <Button variant="outline" disabled={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ol className="flex flex-col gap-3">
          {thoughts.map((thought) => (
            <DayItem key={thought.dayNumber} thought={thought} />
          ))}
        </ol>
      )}
    </main>
  );
}
