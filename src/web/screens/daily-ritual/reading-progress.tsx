import { Check, CircleCheck } from 'lucide-react';
import { progressPercentage } from '#shared/progress';
import { Button } from '../../components/ui/button.js';
import { useProgress } from '../../hooks/use-progress.js';

/** A quiet line under the reading: how far the path has come, and a way to mark this day read. */
export function ReadingProgress({ day }: { day: number }) {
  const { record, markRead } = useProgress();
  const percentage = progressPercentage(record);
  const read = record.readDays.includes(day);

  return (
    <footer className="flex flex-col gap-3 border-t border-border pt-5">
      <div className="flex items-center justify-between gap-4 text-sm text-muted-foreground">
        <span id="path-progress-label">Your progress: {percentage}%</span>
        {read ? (
          <span className="inline-flex h-9 items-center gap-1.5 px-3">
            <Check className="size-4 text-primary" aria-hidden="true" /> Marked as read
          </span>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-foreground"
            onClick={() => markRead(day)}
          >
            <CircleCheck aria-hidden="true" /> Mark as read
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-labelledby="path-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        className="h-1 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary/70 transition-[width] duration-500 motion-reduce:transition-none"
          style={{ width: `${percentage}%` }}
        />
      </div>
    </footer>
  );
}
