import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { useJournal } from '../../api/journal.js';
import { paths } from '../../app/paths.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';
import { JournalEntryCard } from './journal-entry-card.js';
import { LoadingCards } from './loading-cards.js';

/** The My Journal tab: the reader's own reflections, most recently written first. */
export function MyJournal() {
  const journal = useJournal();

  return (
    <section aria-labelledby="my-journal-entries" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 id="my-journal-entries" className="font-serif text-2xl font-semibold">
          My Journal Entries
        </h2>
        <p className="text-sm text-muted-foreground">Your personal reflections on the Gathas</p>
      </div>

      {journal.isPending ? (
        <LoadingCards withAvatar={false} label="Loading your journal" />
      ) : journal.isError ? (
        <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-8 text-center">
          <p className="text-sm text-muted-foreground">Your journal could not be loaded.</p>
          <Button variant="outline" onClick={() => void journal.refetch()}>
            Try again
          </Button>
        </Card>
      ) : journal.data.length === 0 ? (
        <NoJournalEntries />
      ) : (
        <ul className="flex flex-col gap-4">
          {journal.data.map((entry) => (
            <li key={entry.id}>
              <JournalEntryCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoJournalEntries() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <BookOpen aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-sm leading-relaxed text-muted-foreground">
        No journal entries yet. Start reflecting on today&apos;s Gatha!
      </p>
      <Link to={paths.dailyRitual.getHref()} className={cn(buttonVariants(), 'mt-2')}>
        Go to Today&apos;s Gatha
      </Link>
    </Card>
  );
}
