import { Heart } from 'lucide-react';
import { useId, useState } from 'react';
import { entryHighlight } from '#shared/journal-entry';
import type { FriendJournalEntry } from '#shared/journal-schemas';
import { initials } from '#shared/people';
import { displayTime } from '#shared/time-display';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ReportButton } from '../../components/report-dialog.js';
import { cn } from '../../lib/cn.js';
import { BlockPersonButton } from '../../components/block-person-button.js';
import { isLongText, readMoreText } from '#shared/read-more';

/** Longer reflections are shown cut to this many characters until opened. */

interface FriendReflectionCardProps {
  entry: FriendJournalEntry;
  liked: boolean;
  onToggleLike: () => void;
}

/** One friend's shared reflection: who, which part of the path, when, and a local like. */
export function FriendReflectionCard({ entry, liked, onToggleLike }: FriendReflectionCardProps) {
  const { category, text } = entryHighlight(entry.entryText);
  const name = entry.user.fullName;

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
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="truncate font-semibold">{name}</h3>
            <Badge variant="secondary">{category}</Badge>
          </div>
          <p className="text-xs text-muted-foreground">
            Day {entry.dayNumber} •{' '}
            <time dateTime={entry.updatedAt}>{displayTime(entry.updatedAt)}</time>
          </p>
        </div>
      </header>
      <ReflectionText text={text} />
      <div className="flex items-center justify-end gap-1">
        <ReportButton targetType="entry" targetId={entry.id} name={name} />
        <BlockPersonButton person={{ id: entry.userId, fullName: name }} />
        <LikeButton liked={liked} name={name} onToggle={onToggleLike} />
      </div>
    </Card>
  );
}

function ReflectionText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const isLong = isLongText(text);
  const shown = readMoreText(text, expanded);

  return (
    <div className="flex flex-col items-start gap-1">
      <p id={textId} className="whitespace-pre-wrap font-serif text-base leading-relaxed">
        {shown}
      </p>
      {isLong && (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0 py-1"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : 'Read more'}
        </Button>
      )}
    </div>
  );
}

function LikeButton({
  liked,
  name,
  onToggle,
}: {
  liked: boolean;
  name: string;
  onToggle: () => void;
}) {
  // The visible count stays part of the button's name, so what is read matches what is seen.
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={liked}
      onClick={onToggle}
      className={cn('gap-1.5', liked && 'text-pink-700 dark:text-pink-400')}
    >
      <Heart
        aria-hidden="true"
        className={cn(liked && 'fill-pink-600 text-pink-600 dark:fill-pink-400 dark:text-pink-400')}
      />
      <span className="sr-only">Like reflection by {name}, likes:</span>
      <span data-testid="like-count">{liked ? 1 : 0}</span>
    </Button>
  );
}
