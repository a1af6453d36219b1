import { ArrowRight, HandHeart, Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { namesInWords, sharingInWords } from '../../lib/circle-words.js';
import type { JournalEntry } from '#shared/journal-schemas';
import { ENTRY_PART_LABELS, orderedParts, sharesEveryPart } from '#shared/shared-parts';
import { displayDate } from '../../lib/time-display.js';
import { useCircles } from '../../api/circles.js';
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
        <VisibilityBadge entry={entry} />
      </header>
      {(entry.isPublic || (entry.circleIds?.length ?? 0) > 0) &&
        !sharesEveryPart(entry.sharedParts) && (
          <p className="-mt-2 text-xs text-muted-foreground">
            {entry.isPublic ? 'Friends' : 'Your circles'} see only {partNames(entry.sharedParts)};
            the rest stays private.
          </p>
        )}

      <ReflectionParts entryText={entry.entryText} />

      {entry.appreciations && entry.appreciations.length > 0 && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <HandHeart aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          Appreciated by {namesInWords(entry.appreciations.map((a) => a.fullName))}
        </p>
      )}

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

/**
 * Who sees the entry, in words: friends (named so, never "Public"), each circle by its name, or
 * its author alone.
 */
function VisibilityBadge({ entry }: { entry: JournalEntry }) {
  const circles = useCircles((entry.circleIds?.length ?? 0) > 0);
  const names = (entry.circleIds ?? []).flatMap(
    (id) => circles.data?.find((circle) => circle.id === id)?.name ?? [],
  );
  const shared = entry.isPublic || names.length > 0;
  return shared ? (
    <Badge variant="secondary" className="h-auto gap-1 text-left whitespace-normal break-words">
      <Users aria-hidden="true" className="size-3 shrink-0" />
      {sharingInWords(entry.isPublic, names)}
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
