import { CircleCheck } from 'lucide-react';
import { isDayComplete, progressSummary } from '#shared/progress';
import { readerPartMark } from '#shared/reader-page-parts';
import { useEarlyTap } from '../../app/use-early-tap.js';
import { useReaderPartsMarked } from '../../app/reader-page.js';
import { Button } from '../../components/ui/button.js';
import { useProgress } from '../../hooks/use-progress.js';

/**
 * A quiet line under the reading: how many of the 241 days are complete, counted as the
 * dashboard counts them, and whether this one is, with a way to mark it read.
 */
export function ReadingProgress({ day }: { day: number }) {
  // A page rendered for every reader leaves its place to each reader's own line.
  return useReaderPartsMarked() ? readerPartMark('progress') : <DayProgress day={day} />;
}

function DayProgress({ day }: { day: number }) {
  const { record, markRead } = useProgress();
  const { daysCompleted, totalDays } = progressSummary(record);
  const complete = isDayComplete(record, day);
  const label = `Days completed: ${daysCompleted} of ${totalDays}`;
  // A tap made before the server-rendered page was live marks the day now.
  useEarlyTap('mark-read', () => markRead(day));

  return (
    <footer className="flex flex-col gap-3 border-t border-border pt-5">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <span id="path-progress-label" className="tabular-nums">
          {label}
        </span>
        {complete ? (
          <span className="inline-flex min-h-9 items-center gap-1.5 px-3">
            <CircleCheck className="size-4 text-primary" aria-hidden="true" /> Day complete
          </span>
        ) : (
          <Button
            variant="subtle"
            size="sm"
            onClick={() => markRead(day)}
            data-early-tap="mark-read"
          >
            <CircleCheck aria-hidden="true" /> Mark as read
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-labelledby="path-progress-label"
        aria-valuemin={0}
        aria-valuemax={totalDays}
        aria-valuenow={daysCompleted}
        aria-valuetext={`${daysCompleted} of ${totalDays} days completed`}
        className="h-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary/70 transition-[width] duration-500 motion-reduce:transition-none"
          style={{ width: `${(daysCompleted / totalDays) * 100}%` }}
        />
      </div>
    </footer>
  );
}
