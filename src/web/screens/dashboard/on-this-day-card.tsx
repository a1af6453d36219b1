import { ArrowRight, History } from 'lucide-react';
import { Link } from 'react-router';
import { writtenBefore } from '../../lib/look-back.js';
import { localDateKey } from '#shared/date-keys';
import { useCurrentUser } from '../../api/auth.js';
import { browserTimeZone } from '../../api/client.js';
import { useJournal } from '../../api/journal.js';
import { useTodayThought } from '../../api/thoughts.js';
import { paths } from '../../app/paths.js';
import { ReflectionParts } from '../../components/reflection-parts.js';
import { buttonVariants } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';
import { formatCalendarDate } from '../../lib/calendar-dates.js';

/**
 * "On this day": what the reader wrote on today's stanza when they last met it, on an earlier
 * date. Shown only when there is such a reflection.
 */
export function OnThisDayCard() {
  const user = useCurrentUser().data;
  const today = useTodayThought().data?.currentDay;
  const entries = useJournal(user?.id).data;
  const entry = entries?.find((candidate) => candidate.dayNumber === today);
  if (!entry || today === undefined) return null;
  const zone = browserTimeZone();
  const date = writtenBefore(entry, localDateKey(new Date(), zone), zone);
  if (!date) return null;

  return (
    <Card role="region" aria-labelledby="on-this-day-heading">
      <CardHeader>
        <h2
          id="on-this-day-heading"
          className="flex items-center gap-2 font-serif text-lg font-semibold leading-tight"
        >
          <History className="size-5 text-primary" aria-hidden="true" />
          On this day
        </h2>
        <CardDescription>
          On {formatCalendarDate(date)} you wrote on today&apos;s stanza, Day {today}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ReflectionParts entryText={entry.entryText} />
        <Link
          to={paths.dailyRitual.getHref(today)}
          className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'self-end text-primary')}
        >
          Read today&apos;s stanza
          <ArrowRight aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}
