import { ArrowRight, Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { JournalEntry } from '#shared/journal-schemas';
import { ENTRY_PART_LABELS, orderedParts, sharesEveryPart } from '#shared/shared-parts';
import { displayDate } from '#shared/time-display';
import { paths } from '../../app/paths.js';
import { Badge } from '../../components/ui/badge.js';
import { buttonVariants } from '../../components/ui/button.js';
import { ReflectionParts } from '../../components/reflection-parts.js';
import { Card } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';
import { DeleteReflectionButton } from './delete-reflection-button.js';

/**
 * One of the reader's own entries: its day, date, visibility and the parts they wrote. With
 * `onDeleted` (only while the journal is the server's), it can be deleted from here.
 */
export function JournalEntryCard({
  entry,
  onDeleted,
}: {
  entry: JournalEntry;
  onDeleted?: (() => void) | undefined;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <h3 className="font-serif text-xl font-semibold">Day {entry.dayNumber}</h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={entry.createdAt}>{displayDate(entry.createdAt)}</time>
          </p>
        </div>
        <VisibilityBadge isPublic={entry.isPublic} />
      </header>
      {entry.isPublic && !sharesEveryPart(entry.sharedParts) && (
        <p className="-mt-2 text-xs text-muted-foreground">
          Friends see only {partNames(entry.sharedParts)}; the rest stays private.
        </p>
      )}

      <ReflectionParts entryText={entry.entryText} />

      <div className="flex flex-wrap items-center justify-between gap-2">
        {onDeleted && <DeleteReflectionButton entry={entry} onDeleted={onDeleted} />}
        <Link
          to={paths.dailyRitual.getHref(entry.dayNumber)}
          className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'ml-auto text-primary')}
        >
          Reread Day {entry.dayNumber}
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}

/** Who sees the entry: friends (named so, never "Public"), or its author alone. */
function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Badge variant="secondary" className="gap-1">
      <Users aria-hidden="true" className="size-3" />
      Shared with friends
    </Badge>
  ) : (
    <Badge variant="outline" className="gap-1">
      <Lock aria-hidden="true" className="size-3" />
      Private
    </Badge>
  );
}

/** "Good Words", "Good Thoughts and Good Deeds": the parts friends see, in written order. */
function partNames(parts: JournalEntry['sharedParts']): string {
  const names = orderedParts(parts).map((part) => ENTRY_PART_LABELS[part]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}
