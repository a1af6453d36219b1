import { Bookmark, BookmarkCheck } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { firstLineOf } from '#shared/stanza-heading';
import type { Thought } from '#shared/thought-types';
import { useRemoveSavedStanza, useSaveStanza, useSavedStanzas } from '../../api/saved-stanzas.js';
import { useEarlyTap } from '../../app/use-early-tap.js';
import { lazyPart } from '../../components/lazy-part.js';
import { Button } from '../../components/ui/button.js';

// The dialog (and the dialog library) is needed only to take off a day with a note: it loads
// then, not with the stanza.
const ConfirmDialog = lazyPart(
  async () => (await import('../../components/ui/dialogs.js')).ConfirmDialog,
);

/**
 * Saves the day's stanza to the reader's Saved list, or takes it off again. Taking off a day
 * that has a note asks first, since the note goes with it.
 */
export function SaveStanzaButton({ thought }: { thought: Thought }) {
  const day = thought.dayNumber;
  const list = useSavedStanzas();
  const save = useSaveStanza();
  const remove = useRemoveSavedStanza();
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Once loaded the dialog stays, closed, so it closes as any dialog does and gives the focus back.
  const [dialogWanted, setDialogWanted] = useState(false);
  const entry = list.data?.find((stanza) => stanza.dayNumber === day);
  // Before the list has come, a save under way already shows as saved.
  const saved = entry !== undefined || (list.data === undefined && save.isPending);

  // Presses while a change is under way are let go rather than the button disabled, so a
  // keyboard's focus stays on it.
  const onPress = () => {
    if (save.isPending || remove.isPending) return;
    if (!saved) {
      save.mutate({ day, firstLine: firstLineOf(thought.thought) });
    } else if (entry?.note.trim()) {
      setDialogWanted(true);
      setConfirming(true);
    } else {
      remove.mutate(day);
    }
  };

  // A tap made before the server-rendered page was live is answered once the list is here, so
  // it does what the button said when tapped: save, or take off.
  useEarlyTap('save-stanza', onPress, list.data !== undefined);

  return (
    <>
      <Button
        variant={saved ? 'secondary' : 'outline'}
        size="lg"
        ref={button}
        aria-pressed={saved}
        onClick={onPress}
        data-early-tap="save-stanza"
      >
        {saved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
        {saved ? 'Saved' : 'Save stanza'}
      </Button>
      {dialogWanted && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Remove Day ${day} from Saved?`}
            description="Your note on this stanza will be deleted with it. This cannot be undone."
            confirmLabel="Remove"
            onConfirm={() => remove.mutate(day)}
            returnFocusTo={button}
          />
        </Suspense>
      )}
    </>
  );
}
