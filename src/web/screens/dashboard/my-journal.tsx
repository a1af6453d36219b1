import { BookOpen, CloudOff } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { JournalEntry } from '#shared/journal-schemas';
import { useCurrentUser } from '../../api/auth.js';
import { useJournal } from '../../api/journal.js';
import { paths } from '../../app/paths.js';
import { buttonVariants } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';
import { UnavailableNotice, useOfflineFailure } from '../../components/unavailable-notice.js';
import { useKnownJournal } from '../../offline/use-known-entries.js';
import { useOnline } from '../../offline/use-online.js';
import { JournalEntryCard } from './journal-entry-card.js';
import { LoadingCards } from './loading-cards.js';

/**
 * The My Journal tab: the reader's own reflections, most recently written first. When the
 * server cannot be reached, the entries as last saved on this device, saying so.
 */
export function MyJournal() {
  const { data: user } = useCurrentUser();
  const journal = useJournal(user?.id);
  const online = useOnline();
  const offline = useOfflineFailure(journal.error);
  const known = useKnownJournal(user?.id, journal.isError && journal.data === undefined);
  const onDevice = journal.data === undefined && known.entries.length > 0;
  const entries = journal.data ?? (onDevice ? known.entries : undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  // Deleting needs the server: offered only while the list is the server's.
  const deletable = online && !onDevice;

  return (
    <section aria-labelledby="my-journal-entries" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2
          id="my-journal-entries"
          ref={heading}
          tabIndex={-1}
          className="font-serif text-2xl font-semibold focus:outline-none"
        >
          My Journal Entries
        </h2>
        <p className="text-sm text-muted-foreground">Your personal reflections on the Gathas</p>
      </div>

      {entries !== undefined && (!online || onDevice) && (
        <p className="flex items-start gap-2 rounded-xl border border-border bg-secondary px-4 py-3 text-sm text-secondary-foreground">
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {offline
            ? "You're offline: this is your journal as last saved on this device."
            : 'Your journal could not be reached: this is your journal as last saved on this device.'}
        </p>
      )}

      {entries === undefined && journal.isError && known.loaded ? (
        <UnavailableNotice
          offline={offline}
          offlineText="Your journal will load when the connection returns."
          failedText="Your journal could not be loaded."
          onRetry={() => void journal.refetch()}
        />
      ) : entries === undefined ? (
        <LoadingCards withAvatar={false} label="Loading your journal" />
      ) : entries.length === 0 ? (
        <NoJournalEntries />
      ) : (
        <EntryList
          entries={entries}
          // The deleted card takes its focused button with it: focus goes back to the list.
          onDeleted={deletable ? () => heading.current?.focus() : undefined}
        />
      )}
    </section>
  );
}

function EntryList({
  entries,
  onDeleted,
}: {
  entries: readonly JournalEntry[];
  onDeleted: (() => void) | undefined;
}) {
  return (
    <ul className="flex flex-col gap-4">
      {entries.map((entry) => (
        <li key={entry.id}>
          <JournalEntryCard entry={entry} onDeleted={onDeleted} />
        </li>
      ))}
    </ul>
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
