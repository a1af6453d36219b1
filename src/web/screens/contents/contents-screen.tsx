import { ArrowLeft } from 'lucide-react';
import { useLayoutEffect, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { STANZAS_PER_SONG, TOTAL_DAYS } from '#shared/constants';
import { progressSummary } from '#shared/progress';
import { useEveryGathaInfo, useTodayThought } from '../../api/thoughts.js';
import { paths } from '../../app/paths.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { useProgress } from '../../hooks/use-progress.js';
import { cn } from '../../lib/cn.js';
import { contentsOutline } from './contents-outline.js';
import { ContentsSearchForm } from './contents-search-form.js';
import { GathaSections } from './gatha-sections.js';

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
        <Skeleton key={index} className="h-14 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** `#day-87` in the address: the day Contents opens at, or null. */
function dayInHash(hash: string): number | null {
  const match = /^#day-(\d{1,3})$/.exec(hash);
  const day = match ? Number(match[1]) : NaN;
  return day >= 1 && day <= TOTAL_DAYS ? day : null;
}

/**
 * The table of contents: all 241 days under their Gatha and Yasna chapter, the reader's
 * completed days and today marked, and every day open so far a link to its reading. Opened
 * from "Day N of 241" it starts at that day.
 */
export function ContentsScreen() {
  const info = useEveryGathaInfo();
  const today = useTodayThought();
  const { record } = useProgress();
  const { hash } = useLocation();
  const outline = useMemo(() => (info.data ? contentsOutline(info.data) : null), [info.data]);
  const currentDay = today.data?.currentDay ?? null;
  const ready = outline !== null && currentDay !== null;
  const shownDay = dayInHash(hash);

  // Opened for a day, Contents starts at that day once it is on the page.
  useLayoutEffect(() => {
    if (ready && shownDay !== null)
      document.getElementById(`day-${shownDay}`)?.scrollIntoView({ block: 'center' });
  }, [ready, shownDay]);

  const { daysCompleted } = progressSummary(record);
  const failed = (info.isError && !info.data) || (today.isError && !today.data);

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={paths.dailyRitual.getHref()}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'self-start')}
      >
        <ArrowLeft aria-hidden="true" /> Back to Daily Reading
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl font-semibold">Contents</h1>
        <p className="font-serif text-lg text-primary">The Gathas &middot; {TOTAL_DAYS} days</p>
        <p className="leading-relaxed text-muted-foreground">
          The Gathas of Zarathushtra are {STANZAS_PER_SONG.length} songs in {TOTAL_DAYS} stanzas,
          grouped in five Gathas and read here one stanza a day. Each one points along the
          three-fold path: good thoughts, good words and good deeds.
        </p>
      </header>
      <ContentsSearchForm />
      {failed ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>The contents could not be loaded.</p>
          <Button
            variant="outline"
            disabled={info.isFetching || today.isFetching}
            onClick={() => {
              if (info.isError) void info.refetch();
              if (today.isError) void today.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : !ready ? (
        <ContentsSkeleton />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Today is day {currentDay}. {daysCompleted} of {TOTAL_DAYS} days completed.
          </p>
          <GathaSections
            outline={outline}
            currentDay={currentDay}
            record={record}
            shownDay={shownDay}
          />
        </>
      )}
    </div>
  );
}
