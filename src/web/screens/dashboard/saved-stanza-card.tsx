import { Trash2 } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { LIMITS, SAVED_NOTE_TOO_LONG } from '#shared/constants';
import type { SavedStanzaListItem } from '#shared/saved-stanzas';
import { displayDate } from '../../lib/time-display.js';
import { savedFailureText, useSaveNote } from '../../api/saved-stanzas.js';
import { paths } from '../../app/paths.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ConfirmDialog } from '../../components/ui/dialogs.js';
import { FieldError, Label, Textarea } from '../../components/ui/form-controls.js';
import { toast } from '../../hooks/use-toast.js';
import { cn } from '../../lib/cn.js';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * One saved stanza: its day, reference and first line (a link that opens the day), its private
 * note, editable in place, and a way to remove it once the reader confirms.
 */
export function SavedStanzaCard({
  stanza,
  onRemove,
  listHeading,
}: {
  stanza: SavedStanzaListItem;
  /** Removes the day: the list does it, as this card leaves it at once. */
  onRemove: (day: number) => void;
  /** Where the focus goes once this card is removed. */
  listHeading: RefObject<HTMLHeadingElement | null>;
}) {
  const day = stanza.dayNumber;
  const noteId = useId();
  const countId = useId();
  const errorId = useId();
  const saveNote = useSaveNote();
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  // Back to Remove when the reader cancels; to the list when the card goes.
  const focusAfterDialog = useRef<HTMLElement | null>(null);
  const [draft, setDraft] = useState(stanza.note);
  const draftRef = useRef(draft);
  // Typed and not yet saved: the draft is the reader's and never replaced by the server's note.
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  if (!editing && draft !== stanza.note) {
    setDraft(stanza.note);
    draftRef.current = stanza.note;
  }

  const tooLong = draft.length > LIMITS.savedNote;
  const error = tooLong ? SAVED_NOTE_TOO_LONG : failure;

  const onChange = (value: string) => {
    setDraft(value);
    draftRef.current = value;
    setEditing(true);
    setFailure(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || saveNote.isPending) return;
    const note = draft;
    saveNote.mutate(
      { day, note },
      {
        onSuccess: () => {
          // Words typed while the save was on its way stay a draft.
          setEditing(draftRef.current !== note);
          toast({ title: 'Note saved', description: `Your note on Day ${day} is saved.` });
        },
        onError: (failed) => setFailure(savedFailureText(failed)),
      },
    );
  };

  return (
    <Card className="flex flex-col gap-4 p-5">
      <Link
        to={paths.dailyRitual.getHref(day)}
        className="-m-2 flex flex-col gap-1 rounded-lg p-2 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <h3 className="font-serif text-xl font-semibold">
          Day {day}
          {stanza.reference && (
            <span className="font-sans text-sm font-normal text-muted-foreground">
              {' '}
              · {stanza.reference}
            </span>
          )}
        </h3>
        <span className="font-serif italic leading-relaxed text-foreground">
          {stanza.firstLine ?? 'This stanza opens again on its day of the cycle.'}
        </span>
        <span className="text-xs text-muted-foreground">
          Saved <time dateTime={stanza.savedAt}>{displayDate(stanza.savedAt)}</time>
        </span>
      </Link>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={noteId}>Your note on Day {day}</Label>
        <Textarea
          id={noteId}
          value={draft}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(countId, error && errorId)}
          placeholder="Only you can see this note"
          rows={3}
        />
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <p
            id={countId}
            className={cn('text-xs text-muted-foreground', tooLong && 'text-destructive')}
          >
            {countFormat.format(draft.length)} of {countFormat.format(LIMITS.savedNote)} characters
          </p>
          <FieldError id={errorId} message={error} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-destructive"
            ref={removeButton}
            onClick={() => {
              focusAfterDialog.current = removeButton.current;
              setConfirming(true);
            }}
          >
            <Trash2 aria-hidden="true" />
            Remove
            <span className="sr-only"> Day {day} from Saved</span>
          </Button>
          <Button type="submit" size="sm" className="ml-auto">
            Save note
            <span className="sr-only"> on Day {day}</span>
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove Day ${day} from Saved?`}
        description={
          stanza.note.trim()
            ? 'Your note on this stanza will be deleted with it. This cannot be undone.'
            : 'You can save it again from its day.'
        }
        confirmLabel="Remove"
        onConfirm={() => {
          focusAfterDialog.current = listHeading.current;
          onRemove(day);
        }}
        returnFocusTo={focusAfterDialog}
      />
    </Card>
  );
}
