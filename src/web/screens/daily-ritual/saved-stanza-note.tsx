import { NotebookPen } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { LIMITS, SAVED_NOTE_TOO_LONG } from '#shared/constants';
import { savedFailureText, useSaveNote, useSavedStanzas } from '../../api/saved-stanzas.js';
import { Button } from '../../components/ui/button.js';
import { FieldError, Label, Textarea } from '../../components/ui/form-controls.js';
import { toast } from '../../hooks/use-toast.js';

/**
 * Once the day's stanza is saved, a private note can go with it right here, as the Saved list
 * promises, without a trip to the Dashboard. The note opens on request and closes once saved.
 */
export function SavedStanzaNote({ day }: { day: number }) {
  const list = useSavedStanzas();
  const entry = list.data?.find((stanza) => stanza.dayNumber === day);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  if (!entry) return null;

  const hasNote = entry.note.trim() !== '';
  return (
    <div className="flex w-full flex-col items-center gap-3">
      {!open && (
        <Button
          ref={toggle}
          variant="link"
          className="h-auto min-h-11 whitespace-normal px-2"
          onClick={() => setOpen(true)}
        >
          <NotebookPen aria-hidden="true" />
          {hasNote ? 'Edit your note' : 'Add a note'}
          <span className="sr-only"> on Day {day}</span>
        </Button>
      )}
      {open && (
        <NoteForm
          day={day}
          note={entry.note}
          onDone={() => {
            setOpen(false);
            // The form goes; the way back to it takes the focus.
            requestAnimationFrame(() => toggle.current?.focus());
          }}
        />
      )}
    </div>
  );
}

function NoteForm({ day, note, onDone }: { day: number; note: string; onDone: () => void }) {
  const id = useId();
  const saveNote = useSaveNote();
  const [draft, setDraft] = useState(note);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const tooLong = draft.length > LIMITS.savedNote;
  const error = tooLong ? SAVED_NOTE_TOO_LONG : failure;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || saveNote.isPending) return;
    saveNote.mutate(
      { day, note: draft },
      {
        onSuccess: () => {
          toast({ title: 'Note saved', description: `Your note on Day ${day} is saved.` });
          onDone();
        },
        onError: (failed) => setFailure(savedFailureText(failed)),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex w-full max-w-md flex-col gap-2 rounded-xl border border-border bg-card p-4 text-left"
    >
      <Label htmlFor={`${id}-note`}>Your note on Day {day}</Label>
      <Textarea
        id={`${id}-note`}
        // Opened to write in: the field is where the reader goes.
        autoFocus
        rows={3}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setFailure(undefined);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder="Only you can see this note"
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={saveNote.isPending}>
          Save note
        </Button>
      </div>
    </form>
  );
}
