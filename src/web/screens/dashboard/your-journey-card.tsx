import { Flame } from 'lucide-react';
import { useJourney } from '../../api/progress.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { useProgressSync } from '../../hooks/use-progress.js';
import { cn } from '../../lib/cn.js';
import { useOfflineFailure } from '../../components/unavailable-notice.js';
import type { JourneyCalendarDate } from '#shared/progress-sync';
import {
  calendarCellLabel,
  calendarDescription,
  DAYS_PER_COLUMN,
  dayCount,
  monthLabels,
  restDaysSentence,
} from './journey-calendar.js';

/** One number, named with what it counts, so it agrees with the calendar beside it. */
function Stat({ label, detail, value }: { label: string; detail: string; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-muted/60 px-3 py-2.5">
      <dt className="text-xs text-muted-foreground">
        {label}
        <span className="block">({detail})</span>
      </dt>
      <dd className="font-serif text-xl font-semibold">{value}</dd>
    </div>
  );
}

/**
 * The last 84 dates, a column a week (oldest first), each filled when a reflection was saved
 * that day, under the short names of the months where they begin. The columns shrink to the
 * width there is, so the calendar never scrolls sideways, at any text size; the month names are
 * for the eye only, since every date reads its own month aloud.
 */
function JourneyCalendar({ calendar }: { calendar: readonly JourneyCalendarDate[] }) {
  const columns = Math.ceil(calendar.length / DAYS_PER_COLUMN);
  // Each column at most a cell wide, the space left shared between them; narrower when the
  // width runs short. The month names use the same columns, so each sits over its own.
  const grid = { gridTemplateColumns: `repeat(${columns}, minmax(0, var(--cell)))` };
  const labels = monthLabels(calendar);
  return (
    <div className="flex flex-col gap-1 [--cell:1.25rem] sm:[--cell:1.5rem]">
      <div
        aria-hidden="true"
        data-testid="journey-months"
        className="@container grid justify-between gap-x-[3px] text-xs text-muted-foreground sm:gap-x-1"
        style={grid}
      >
        {labels.map(({ column, month }, index) => (
          // From its column to the end: the name starts over its column, and one too long
          // for the last columns ends at the calendar's edge instead of past it. Where the
          // calendar is only a few names wide (large text on a narrow screen), that last name
          // takes a line of its own rather than run into the one before.
          <span
            key={column}
            className={cn(
              'row-start-1 flex justify-end',
              index === labels.length - 1 && index > 0 && '@max-[11em]:row-start-2',
            )}
            style={{ gridColumn: `${column + 1} / -1` }}
          >
            <span className="mr-auto shrink-0">{month}</span>
          </span>
        ))}
      </div>
      <ol
        aria-labelledby="journey-calendar-heading"
        aria-describedby="journey-calendar-description"
        className="grid grid-flow-col grid-rows-7 justify-between gap-[3px] sm:gap-1"
        style={grid}
      >
        {calendar.map((entry) => {
          const label = calendarCellLabel(entry);
          return (
            <li
              key={entry.date}
              aria-label={label}
              title={label}
              data-reflected={entry.reflected}
              data-rest={entry.rest}
              className={cn(
                'aspect-square w-full rounded-sm',
                entry.reflected
                  ? 'bg-primary'
                  : entry.rest
                    ? 'border-2 border-dashed border-primary/70 bg-transparent'
                    : 'border border-input bg-muted',
              )}
            />
          );
        })}
      </ol>
      <p id="journey-calendar-description" className="sr-only">
        {calendarDescription(calendar)}
      </p>
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
        <CardDescription>
          A streak grows with each day you save a reflection, and keeps through one rest day in any
          seven.
        </CardDescription>
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
            {/* Three across, or fewer where large text would not fit in three. */}
            <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,5.5rem),1fr))] gap-2">
              <Stat
                label="Days completed"
                detail="stanzas read or reflected on"
                value={String(journey.data.journey.daysCompleted)}
              />
              <Stat
                label="Current streak"
                detail="dates with a reflection"
                value={dayCount(journey.data.journey.currentStreak)}
              />
              <Stat
                label="Longest streak"
                detail="dates with a reflection"
                value={dayCount(journey.data.journey.longestStreak)}
              />
            </dl>
            {restDaysSentence(journey.data.journey) && (
              <p data-testid="rest-days" className="text-sm text-muted-foreground">
                {restDaysSentence(journey.data.journey)}
              </p>
            )}
            <div data-testid="journey-calendar" className="flex flex-col gap-2">
              <h3 id="journey-calendar-heading" className="text-sm font-medium">
                Dates you saved a reflection, last 12 weeks
              </h3>
              <JourneyCalendar calendar={journey.data.journey.calendar} />
              {/* Each key stays whole and goes to the next line when large text needs it. */}
              <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
                <span className="flex items-center gap-2">
                  <span aria-hidden="true" className="size-3 shrink-0 rounded-sm bg-primary" />
                  Reflection saved
                </span>
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-sm border-2 border-dashed border-primary/70"
                  />
                  Rest day
                </span>
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-sm border border-input bg-muted"
                  />
                  None
                </span>
              </p>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
