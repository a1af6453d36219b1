import { ArrowLeft, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useGlossary } from '../../api/glossary.js';
import { useEveryGathaInfo, useTodayThought } from '../../api/thoughts.js';
import { paths } from '../../app/paths.js';
import { buttonVariants } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { GlossaryFailed, GlossarySkeleton } from './glossary-states.js';

const tile = 'flex min-h-12 flex-col justify-center rounded-xl border px-3 py-2 text-sm';

/** The stanza each day holds ("Yasna 28.1"), from the outline Contents reads too. */
function useReferences(): Map<number, string> {
  const info = useEveryGathaInfo();
  const references = new Map<number, string>();
  for (const row of info.data ?? []) {
    for (let day = row.startDay; day <= row.endDay; day++) {
      references.set(
        day,
        row.stanzaNumber > 0 ? `Yasna ${row.songNumber}.${row.stanzaNumber}` : row.songTitle,
      );
    }
  }
  return references;
}

/**
 * One glossary word: its definition and every day whose reading uses it. Days open to the reader
 * link to their reading; later ones are listed, locked, as opening on their day.
 */
export function GlossaryTermScreen() {
  const { slug } = useParams();
  const glossary = useGlossary();
  const currentDay = useTodayThought().data?.currentDay ?? null;
  const references = useReferences();
  const entry = glossary.data?.find((candidate) => candidate.slug === slug);

  return (
    <div className="flex flex-col gap-6">
      <Link
        to={paths.glossary.getHref()}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'self-start')}
      >
        <ArrowLeft aria-hidden="true" /> Glossary
      </Link>
      {!glossary.data ? (
        glossary.isError ? (
          <GlossaryFailed retrying={glossary.isFetching} onRetry={() => void glossary.refetch()} />
        ) : (
          <GlossarySkeleton rows={2} />
        )
      ) : !entry ? (
        <div className="flex flex-col gap-2">
          <h1 className="font-serif text-3xl font-semibold">Word not found</h1>
          <p>The glossary has no word by that name.</p>
        </div>
      ) : (
        <>
          <header className="flex flex-col gap-3">
            <h1 className="font-serif text-3xl font-semibold">{entry.term}</h1>
            <p className="text-lg leading-relaxed">{entry.definition}</p>
          </header>
          <section aria-labelledby="glossary-days-heading" className="flex flex-col gap-3">
            <h2 id="glossary-days-heading" className="font-serif text-xl font-semibold">
              Days with this word
            </h2>
            <p className="text-sm text-muted-foreground">
              {entry.days.length === 1
                ? 'One reading uses it.'
                : `${entry.days.length} readings use it.`}
              {currentDay !== null && ` Today is day ${currentDay}; later days open on their day.`}
            </p>
            <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {entry.days.map((day) => {
                const reference = references.get(day);
                const open = currentDay !== null && day <= currentDay;
                const dayName = <span className="font-medium tabular-nums">Day {day}</span>;
                const place = reference && (
                  <>
                    {' '}
                    <span className="text-xs text-muted-foreground">{reference}</span>
                  </>
                );
                return (
                  <li key={day} data-day={day}>
                    {open ? (
                      <Link
                        to={paths.dailyRitual.getHref(day)}
                        className={cn(
                          tile,
                          'border-border bg-card transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        )}
                      >
                        {dayName}
                        {place}
                      </Link>
                    ) : (
                      <div
                        className={cn(tile, 'border-dashed border-border text-muted-foreground')}
                      >
                        <span className="flex items-center justify-between gap-2">
                          {dayName}
                          <Lock aria-hidden="true" className="size-3.5 shrink-0" />
                        </span>
                        {place}
                        <span className="text-xs"> Opens on its day</span>
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
