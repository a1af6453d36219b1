import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useGlossary } from '../../api/glossary.js';
import { paths } from '../../app/paths.js';
import { buttonVariants } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';
import { GlossaryFailed, GlossarySkeleton } from './glossary-states.js';

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * The glossary: each Avestan word the readings keep, its short definition in the editors'
 * own words, and a link to the days that use it.
 */
export function GlossaryScreen() {
  const glossary = useGlossary();
  return (
    <div className="flex flex-col gap-6">
      <Link
        to={paths.dailyRitual.getHref()}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'self-start')}
      >
        <ArrowLeft aria-hidden="true" /> Back to Daily Reading
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl font-semibold">Glossary</h1>
        <p className="leading-relaxed text-muted-foreground">
          The Avestan words the readings keep, each said briefly in plain English. In an
          explanation, a word with a dotted underline opens its meaning.
        </p>
      </header>
      {glossary.data ? (
        <ul className="flex flex-col gap-3">
          {glossary.data.map((entry) => (
            <li
              key={entry.slug}
              className="flex flex-col gap-2 rounded-2xl border border-border bg-card px-4 py-4 text-card-foreground shadow-sm sm:px-5"
            >
              <h2 className="font-serif text-xl font-semibold">{entry.term}</h2>
              <p className="leading-relaxed">{entry.definition}</p>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link
                  to={paths.glossaryTerm.getHref(entry.slug)}
                  className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
                >
                  Days with {entry.term}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
                <span className="text-sm text-muted-foreground">{dayCount(entry.days.length)}</span>
              </p>
            </li>
          ))}
        </ul>
      ) : glossary.isError ? (
        <GlossaryFailed retrying={glossary.isFetching} onRetry={() => void glossary.refetch()} />
      ) : (
        <GlossarySkeleton rows={6} />
      )}
    </div>
  );
}
