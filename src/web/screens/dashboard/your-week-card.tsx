import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { weekLookBack } from '../../lib/look-back.js';
import { useCurrentUser } from '../../api/auth.js';
import { browserTimeZone } from '../../api/client.js';
import { useJournal } from '../../api/journal.js';
import { useJourney } from '../../api/progress.js';
import { paths } from '../../app/paths.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { formatCalendarDate } from '../../lib/calendar-dates.js';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Apr 4" for a YYYY-MM-DD date. */
const shortDate = (key: string) => formatCalendarDate(key, 'MMM d');

/**
 * A look back on the seven dates ending today: the days read, and the deeds written in the
 * reflections of that week, each with the day it answered.
 */
export function YourWeekCard() {
  const user = useCurrentUser().data;
  const journey = useJourney().data?.journey;
  const entries = useJournal(user?.id).data;
  // Without the connection the journey card says so; this card waits for it silently.
  if (!journey && !entries) return null;

  const look =
    journey && entries ? weekLookBack(journey.week, entries, browserTimeZone()) : undefined;

  return (
    <Card role="region" aria-labelledby="your-week-heading">
      <CardHeader>
        <h2
          id="your-week-heading"
          className="flex items-center gap-2 font-serif text-lg font-semibold leading-tight"
        >
          <CalendarDays className="size-5 text-primary" aria-hidden="true" />
          Your week
        </h2>
        {look && (
          <CardDescription>
            {shortDate(look.first)} to {shortDate(look.last)}:{' '}
            {count(look.daysRead.length, 'day read', 'days read')},{' '}
            {count(look.reflections.length, 'reflection written', 'reflections written')}.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!look ? (
          <div role="status">
            <span className="sr-only">Loading your week</span>
            <Skeleton className="h-16 w-full" />
          </div>
        ) : look.daysRead.length === 0 && look.reflections.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing read this week yet. Today&apos;s stanza is a good place to begin again.
          </p>
        ) : (
          <>
            {look.daysRead.length > 0 && (
              <div className="flex flex-col gap-2">
                <h3 id="week-days-read" className="text-sm font-medium">
                  Days read
                </h3>
                <ul aria-labelledby="week-days-read" className="flex flex-wrap gap-2">
                  {look.daysRead.map(({ dayNumber, date }) => (
                    <li key={dayNumber}>
                      <Link
                        to={paths.dailyRitual.getHref(dayNumber)}
                        className="inline-flex min-h-11 items-center rounded-full border border-border px-3 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        Day {dayNumber}
                        <span className="sr-only">, read on {shortDate(date)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <div className="flex flex-col gap-2">
              <h3 id="week-deeds" className="text-sm font-medium">
                Deeds you wrote
              </h3>
              {look.deeds.length === 0 ? (
                <p className="text-sm text-muted-foreground">No Good Deeds written this week.</p>
              ) : (
                <ul aria-labelledby="week-deeds" className="flex flex-col gap-3">
                  {look.deeds.map(({ dayNumber, date, deeds }) => (
                    <li
                      key={dayNumber}
                      className="flex flex-col gap-1 border-l-2 border-primary/40 pl-3"
                    >
                      <span className="text-xs text-muted-foreground">
                        Day {dayNumber}, {shortDate(date)}
                      </span>
                      <span className="whitespace-pre-wrap font-serif leading-relaxed">
                        {deeds}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
