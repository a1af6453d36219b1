import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { JournalEntry } from '#shared/journal-schemas';
import { useDeleteReflection } from '../../api/journal.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { ConfirmDialog } from '../../components/ui/dialogs.js';
import { toast } from '../../hooks/use-toast.js';
import { isNetworkFailure } from '../../offline/network-failure.js';

/**
 * What deleting takes away and what it leaves. Progress keeps the day: completed days and
 * streaks record the practice done, and every device merges its own record of it back
 * (docs/decisions/008-one-model-of-progress.md).
 */
export function deleteExplanation(entry: Pick<JournalEntry, 'dayNumber' | 'isPublic'>): string {
  const day = `Day ${entry.dayNumber}`;
  const from = entry.isPublic
    ? "from your journal, from this device and from your friends' feed"
    : 'from your journal and from this device';
  return (
    `Your reflection for ${day} will be removed ${from}. This cannot be undone. ` +
    `${day} stays complete in your progress, and your streak is kept.`
  );
}

/** Deletes one of the reader's reflections once they confirm; `onDeleted` follows success. */
export function DeleteReflectionButton(props: { entry: JournalEntry; onDeleted: () => void }) {
  const { entry, onDeleted } = props;
  const deletion = useDeleteReflection();
  const [confirming, setConfirming] = useState(false);

  // mutateAsync: this button's card leaves the list once the journal is read again.
  const onConfirm = () =>
    deletion.mutateAsync(entry).then(
      () => {
        toast({
          title: 'Reflection deleted',
          description: `Your reflection for Day ${entry.dayNumber} is deleted.`,
        });
        onDeleted();
      },
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: 'Could not delete',
          description: isNetworkFailure(error)
            ? 'The journal could not be reached. Please try again when you are online.'
            : (serverMessage(error) ?? 'Please try again.'),
        }),
    );

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground hover:text-destructive"
        onClick={() => setConfirming(true)}
        disabled={deletion.isPending}
      >
        <Trash2 aria-hidden="true" />
        Delete
        <span className="sr-only"> reflection for Day {entry.dayNumber}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete your reflection for Day ${entry.dayNumber}?`}
        description={deleteExplanation(entry)}
        confirmLabel="Delete reflection"
        onConfirm={() => void onConfirm()}
      />
    </>
  );
}
