import { clsx } from 'clsx';
import { ArrowRight, CircleCheck, Flame } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useJourney } from '../../api/progress.js';
import { paths } from '../../app/paths.js';
import { Button } from '../../components/ui/button.js';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * The short pause after a save: the day is complete, the streak it keeps, and what comes next,
 * before the screen moves on (docs/product.md#the-screens).
 */
export function DayCompleteMoment({
  day,
  opened,
  moving,
  isToday,
  onStay,
  containerRef,
}: {
  day: number;
  /** The day this one opened on the reader's path, when it is open to read. */
  opened: number | null;
  /** Whether the screen is about to move to `opened`. */
  moving: boolean;
  isToday: boolean;
  onStay: () => void;
  containerRef: RefObject<HTMLDivElement | null>;
}) {
  // Read after the save, so the streak counts it; an older answer is not shown meanwhile.
  const journey = useJourney();
  const streak = journey.isSuccess && !journey.isFetching ? journey.data.journey.currentStreak : 0;
  const shown = streak > 0;

  // In the middle of the screen: at its bottom edge the "Saved!" toast, rising above the tab
  // bar at the same moment, would lie over "Stay on day N" until the screen moved on. One too
  // tall for the middle (very large text on a small phone) brings its choice to the top, below
  // the header: there the toast, a third of such a screen, cannot cover it in the moment before
  // the screen moves on; the day's status above it is read out all the same.
  const choiceRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const moment = containerRef.current;
    if (!moment) return;
    if (moment.getBoundingClientRect().height < window.innerHeight / 2) {
      moment.scrollIntoView({ block: 'center' });
    } else {
      (choiceRef.current ?? moment).scrollIntoView({ block: 'start' });
    }
  }, [containerRef]);

  return (
    <div
      ref={containerRef}
      role="status"
      className="flex items-start gap-4 rounded-2xl border border-primary/30 bg-secondary/50 px-5 py-4 motion-safe:animate-[day-complete_400ms_ease-out]"
    >
      <CircleCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="font-serif text-lg font-semibold">Day {day} complete</p>
        {/* Its line is kept while the streak loads, so the moment never grows under the tab bar. */}
        <p
          aria-hidden={shown ? undefined : true}
          className={clsx(
            'flex items-center gap-1.5 text-sm text-muted-foreground',
            !shown && 'invisible',
          )}
        >
          <Flame className="size-4 text-primary" aria-hidden="true" />
          Reflection streak: {shown ? days(streak) : '…'}
        </p>
        {opened !== null && moving && (
          <div ref={choiceRef} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span>Opening day {opened}…</span>
            <Button variant="outline" size="sm" onClick={onStay}>
              Stay on day {day}
            </Button>
          </div>
        )}
        {opened !== null && !moving && (
          <Button asChild variant="outline" size="sm" className="self-start">
            <Link to={paths.dailyRitual.getHref(opened)}>
              Go to day {opened} <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        )}
        {opened === null && isToday && (
          <p className="text-sm text-muted-foreground">The next reading opens tomorrow.</p>
        )}
      </div>
    </div>
  );
}
