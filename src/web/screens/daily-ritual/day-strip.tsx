import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { TOTAL_DAYS } from '#shared/constants';
import { paths } from '../../app/paths.js';
import { useEarlyTap } from '../../app/use-early-tap.js';
import { Button } from '../../components/ui/button.js';

/**
 * The faded strip above the reading: one day back, one day on, and where this day sits, which
 * opens Contents at this day.
 */
export function DayStrip({ day }: { day: number }) {
  const navigate = useNavigate();
  const go = (to: number) => void navigate(paths.dailyRitual.getHref(to));
  // The strip is on the page the server sent: a tap on it before the app is live still moves.
  useEarlyTap('previous-day', () => go(day - 1), day > 1);
  useEarlyTap('next-day', () => go(day + 1), day < TOTAL_DAYS);

  return (
    <nav
      aria-label="Days"
      className="mx-auto flex w-full max-w-xs items-center justify-between rounded-full bg-muted/50 px-1 py-1 text-muted-foreground"
    >
      <Button
        variant="quiet"
        size="round"
        aria-label="Previous day"
        data-early-tap="previous-day"
        disabled={day <= 1}
        onClick={() => go(day - 1)}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <p className="text-sm tabular-nums tracking-wide" aria-live="polite">
        <Link
          to={paths.contents.getHref(day)}
          aria-label={`Day ${day} of ${TOTAL_DAYS}, open Contents`}
          className="inline-flex min-h-9 items-center rounded-full px-3 underline decoration-muted-foreground/40 underline-offset-4 transition-colors hover:bg-card hover:text-foreground hover:decoration-current focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Day {day} of {TOTAL_DAYS}
        </Link>
      </p>
      <Button
        variant="quiet"
        size="round"
        aria-label="Next day"
        data-early-tap="next-day"
        disabled={day >= TOTAL_DAYS}
        onClick={() => go(day + 1)}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
