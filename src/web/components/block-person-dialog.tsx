import type { RefObject } from 'react';
import { useBlockPerson } from '../api/blocks.js';
import { ConfirmDialog } from './ui/dialogs.js';
import { toast } from '../hooks/use-toast.js';

export const BLOCK_EXPLANATION =
  "They won't be told. You'll no longer see each other anywhere in the app; any friendship or request between you ends.";

/** Blocks one person once the reader confirms, after saying what blocking does. */
export function BlockPersonDialog(props: {
  person: { id: number; fullName: string; username?: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when the reader cancels (the card, and this, leave once blocked). */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const block = useBlockPerson();
  const name = props.person.fullName;

  // mutateAsync: the card this was opened from leaves its list once the lists refresh.
  const onConfirm = () =>
    block.mutateAsync(props.person).then(
      () =>
        toast({ title: `${name} is blocked`, description: 'You can unblock them in Settings.' }),
      () => toast({ variant: 'destructive', title: 'Failed to block. Please try again.' }),
    );

  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={`Block ${name}?`}
      description={BLOCK_EXPLANATION}
      confirmLabel="Block"
      onConfirm={() => void onConfirm()}
      returnFocusTo={props.returnFocusTo}
    />
  );
}
