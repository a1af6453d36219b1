import { Flame } from 'lucide-react';
import { useJourney } from '../../api/progress.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { useProgressSync } from '../../hooks/use-progress.js';
import { cn } from '../../lib/cn.js';
import { useOfflineFailure } from '../../offline/unavailable-notice.js';
import { calendarCellLabel, dayCount } from './journey-calendar.js';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-muted/60 px-3 py-2.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-serif text-xl font-semibold">{value}</dd>
    </div>
  );
}

/** Days completed, the reflection streaks and a 12-week calendar of days with a reflection. */
export function YourJourneyCard() {
  // Opening the dashboard first still brings this device's progress to the server.
  useProgressSync();
  const journey = useJourney();
  const offline = useOfflineFailure(journey.error);

  return (
    <Card role="region" aria-labelledby="your-journey-heading">
      <CardHeader>
        <h2
          id="your-journey-heading"
          className="flex items-center gap-2 font-serif text-lg font-semibold leading-tight"
        >
          <Flame className="size-5 text-primary" aria-hidden="true" />
          Your journey
        </h2>
        <CardDescription>A streak grows with each day you save a reflection.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {journey.data === undefined && journey.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">
              {offline
                ? "You're offline: your journey will load when the connection returns."
                : 'Your journey could not be loaded.'}
            </p>
            <Button variant="outline" size="sm" onClick={() => void journey.refetch()}>
              Try again
            </Button>
          </div>
        ) : journey.data === undefined ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading your journey</span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2">
              <Stat label="Days completed" value={String(journey.data.journey.daysCompleted)} />
              <Stat label="Current streak" value={dayCount(journey.data.journey.currentStreak)} />
              <Stat label="Longest streak" value={dayCount(journey.data.journey.longestStreak)} />
            </dl>
            <div className="flex flex-col gap-2">
              <h3 id="journey-calendar-heading" className="text-sm font-medium">
                Last 12 weeks
              </h3>
              <ol
                aria-labelledby="journey-calendar-heading"
                className="grid grid-flow-col grid-rows-7 justify-between gap-1"
              >
                {journey.data.journey.calendar.map((entry) => {
                  const label = calendarCellLabel(entry);
                  return (
                    <li
                      key={entry.date}
                      aria-label={label}
                      title={label}
                      data-reflected={entry.reflected}
                      className={cn(
                        'size-5 rounded-sm sm:size-6',
                        entry.reflected ? 'bg-primary' : 'border border-input bg-muted',
                      )}
                    />
                  );
                })}
              </ol>
              <p className="flex items-center gap-2 text-xs text-muted-foreground">
                <span aria-hidden="true" className="size-3 rounded-sm bg-primary" />
                Reflection saved
                <span
                  aria-hidden="true"
                  className="ml-2 size-3 rounded-sm border border-input bg-muted"
                />
                None
              </p>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
