import { Heart } from 'lucide-react';
import { useId, useState } from 'react';
import type { FriendJournalEntry } from '#shared/journal-schemas';
import { initials } from '../../lib/people.js';
import { isLongText, readMoreText } from '../../lib/read-more.js';
import { sharedSections } from '#shared/shared-parts';
import { displayTime } from '../../lib/time-display.js';
import { AppreciateButton } from '../../components/appreciate-button.js';
import { PersonActionsMenu } from '../../components/person-actions-menu.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';

interface FriendReflectionCardProps {
  entry: FriendJournalEntry;
  liked: boolean;
  onToggleLike: () => void;
}

/**
 * One friend's shared reflection: who, when, each shared part under its badge, an appreciation
 * the author sees, and a favourite kept on this device.
 */
export function FriendReflectionCard({ entry, liked, onToggleLike }: FriendReflectionCardProps) {
  const name = entry.user.fullName;
  const sections = sharedSections(entry.entryText, entry.sharedParts);
  const likeNoteId = useId();

  return (
    <Card className="flex flex-col gap-4 p-5">
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
        >
          {initials(name)}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="truncate font-semibold">{name}</h3>
          <p className="text-xs text-muted-foreground">
            Day {entry.dayNumber}
            {entry.reference && `, ${entry.reference}`} •{' '}
            <time dateTime={entry.updatedAt}>{displayTime(entry.updatedAt)}</time>
          </p>
        </div>
      </header>

      {sections.length > 0 && (
        <dl className="flex flex-col gap-4">
          {sections.map(({ part, label, text }) => (
            <SharedSection key={part} label={label} text={text} />
          ))}
        </dl>
      )}

      <div className="flex flex-col items-end gap-0.5">
        <div className="flex flex-wrap items-center justify-end gap-1">
          <AppreciateButton entryId={entry.id} appreciated={entry.appreciatedByMe} name={name} />
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={liked}
            aria-describedby={liked ? likeNoteId : undefined}
            onClick={onToggleLike}
            // The heart is the reader's own favourite, kept here; Appreciate is what reaches them.
            title={liked ? 'Favourite, kept on this device' : 'Mark as a favourite on this device'}
            className={cn('gap-1.5', liked && 'text-pink-700 dark:text-pink-400')}
          >
            <Heart
              aria-hidden="true"
              className={cn(
                liked && 'fill-pink-600 text-pink-600 dark:fill-pink-400 dark:text-pink-400',
              )}
            />
            Favourite<span className="sr-only"> reflection by {name}</span>
          </Button>
          <PersonActionsMenu person={{ id: entry.userId, fullName: name }} entryId={entry.id} />
        </div>
        {/* A favourite is never sent: the card says where this one is kept. */}
        {liked && (
          <p id={likeNoteId} className="px-3 text-xs text-muted-foreground">
            Saved on this device
          </p>
        )}
      </div>
    </Card>
  );
}

/**
 * One shared part under its badge. A long one is cut at a word and has its own Read more just
 * below it, so the toggle sits with the words it opens.
 */
function SharedSection({ label, text }: { label: string; text: string }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  return (
    <div className="flex flex-col items-start gap-1.5">
      <dt>
        <Badge variant="secondary">{label}</Badge>
      </dt>
      <dd className="flex flex-col items-start gap-1">
        <p
          id={textId}
          className="whitespace-pre-wrap break-words font-serif text-base leading-relaxed"
        >
          {readMoreText(text, expanded)}
        </p>
        {isLongText(text) && (
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0 py-1"
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Show less' : 'Read more'}
            <span className="sr-only"> of {label}</span>
          </Button>
        )}
      </dd>
    </div>
  );
}
