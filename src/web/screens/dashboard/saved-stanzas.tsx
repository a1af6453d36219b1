import { Bookmark, CloudOff } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useRemoveSavedStanza, useSavedStanzas } from '../../api/saved-stanzas.js';
import { paths } from '../../app/paths.js';
import { buttonVariants } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { toast } from '../../hooks/use-toast.js';
import { cn } from '../../lib/cn.js';
import { UnavailableNotice, useOfflineFailure } from '../../components/unavailable-notice.js';
import { useOnline } from '../../offline/use-online.js';
import { LoadingCards } from './loading-cards.js';
import { SavedStanzaCard } from './saved-stanza-card.js';

/**
 * The Saved tab: the stanzas the reader saved, newest first, each with its private note. When
 * the list cannot be reached it says so (offline, or a failure to retry), never an empty list.
 */
export function SavedStanzas() {
  const saved = useSavedStanzas();
  const online = useOnline();
  const offline = useOfflineFailure(saved.error);
  const remove = useRemoveSavedStanza();
  const heading = useRef<HTMLHeadingElement>(null);

  const onRemove = (day: number) => {
    remove.mutate(day, {
      onSuccess: () =>
        toast({ title: 'Removed from Saved', description: `Day ${day} is no longer saved.` }),
    });
  };

  return (
    <section aria-labelledby="saved-stanzas-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2
          id="saved-stanzas-heading"
          ref={heading}
          tabIndex={-1}
          className="font-serif text-2xl font-semibold focus:outline-none"
        >
          Saved Stanzas
        </h2>
        <p className="text-sm text-muted-foreground">
          Stanzas you kept, each with a note only you can see
        </p>
      </div>

      {saved.data !== undefined && !online && (
        <p className="flex items-start gap-2 rounded-xl border border-border bg-secondary px-4 py-3 text-sm text-secondary-foreground">
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          You&apos;re offline: these are your saved stanzas as last loaded. Changes need the
          connection.
        </p>
      )}

      {saved.data === undefined && saved.isError ? (
        <UnavailableNotice
          offline={offline}
          offlineText="Your saved stanzas will load when the connection returns."
          failedText="Your saved stanzas could not be loaded."
          onRetry={() => void saved.refetch()}
        />
      ) : saved.data === undefined ? (
        <LoadingCards withAvatar={false} label="Loading your saved stanzas" />
      ) : saved.data.length === 0 ? (
        <NoSavedStanzas />
      ) : (
        <ul className="flex flex-col gap-4">
          {saved.data.map((stanza) => (
            <li key={stanza.dayNumber}>
              <SavedStanzaCard stanza={stanza} onRemove={onRemove} listHeading={heading} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoSavedStanzas() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Bookmark aria-hidden="true" className="size-6" />
      </span>
      <p className="max-w-sm leading-relaxed text-muted-foreground">
        No saved stanzas yet. Tap &ldquo;Save stanza&rdquo; under a day&apos;s reading to keep it
        here with a note of your own.
      </p>
      <Link to={paths.dailyRitual.getHref()} className={cn(buttonVariants(), 'mt-2')}>
        Go to Today&apos;s Gatha
      </Link>
    </Card>
  );
}
