import { ChevronDown } from 'lucide-react';
import { writtenBefore } from '../../lib/look-back.js';
import { localDateKey } from '#shared/date-keys';
import { useCurrentUser } from '../../api/auth.js';
import { browserTimeZone } from '../../api/client.js';
import { useEarlierReflection } from '../../api/journal.js';
import { useProgress } from '../../hooks/use-progress.js';
import { ReflectionParts } from '../../components/reflection-parts.js';
import { formatCalendarDate } from '../../lib/calendar-dates.js';

/**
 * A stanza the reader wrote on before (in an earlier cycle, or an earlier day read again): what
 * they wrote, under the date, closed until they open it, so the stanza is met fresh first.
 */
export function EarlierReflection({ day }: { day: number }) {
  const user = useCurrentUser().data;
  // Asked only for a day with a saved reflection on record, so an unwritten day costs no call.
  const written = useProgress().record.reflectionSaved.includes(day);
  const entry = useEarlierReflection(day, written && user !== undefined).data;
  if (!entry) return null;
  const zone = browserTimeZone();
  const date = writtenBefore(entry, localDateKey(new Date(), zone), zone);
  if (!date) return null;
  return (
    <details
      data-testid="earlier-reflection"
      className="group w-full rounded-2xl border border-border bg-card/60 px-5 py-3"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-medium [&::-webkit-details-marker]:hidden">
        <span>You wrote on this stanza on {formatCalendarDate(date)}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <div className="pb-2 pt-3">
        <ReflectionParts entryText={entry.entryText} />
      </div>
    </details>
  );
}
