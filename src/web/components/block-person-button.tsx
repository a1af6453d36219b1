import { Ban } from 'lucide-react';
import { useState } from 'react';
import { useBlockPerson } from '../api/blocks.js';
import { Button } from './ui/button.js';
import { ConfirmDialog } from './ui/dialogs.js';
import { toast } from '../hooks/use-toast.js';

export const BLOCK_EXPLANATION =
  "They won't be told. You'll no longer see each other anywhere in the app; any friendship or request between you ends.";

/** Blocks one person after saying what blocking does; the button sits on any card of theirs. */
export function BlockPersonButton(props: {
  person: { id: number; fullName: string; username?: string };
}) {
  const block = useBlockPerson();
  const [confirming, setConfirming] = useState(false);
  const name = props.person.fullName;

  // mutateAsync: the card holding this button leaves its list once the lists refresh.
  const onConfirm = () =>
    block.mutateAsync(props.person).then(
      () =>
        toast({ title: `${name} is blocked`, description: 'You can unblock them in Settings.' }),
      () => toast({ variant: 'destructive', title: 'Failed to block. Please try again.' }),
    );

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground hover:text-destructive"
        onClick={() => setConfirming(true)}
        disabled={block.isPending}
        title="Block"
      >
        <Ban aria-hidden="true" />
        <span className="sr-only">Block {name}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${name}?`}
        description={BLOCK_EXPLANATION}
        confirmLabel="Block"
        onConfirm={() => void onConfirm()}
      />
    </>
  );
}
