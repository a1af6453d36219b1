import { Ban, Flag, MoreHorizontal } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { BlockPersonDialog } from './block-person-dialog.js';
import { ReportDialog } from './report-dialog.js';
import { buttonVariants } from './ui/button.js';
import { cn } from '../lib/cn.js';
import { MenuContent } from './ui/menu-content.js';

const menuItem =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/**
 * The quieter actions on a person's card, Report and Block, behind one small "…" button so
 * they don't stand as tall as the card's own action. Each opens its dialog; the focus comes
 * back to the button when the dialog is dismissed.
 */
export function PersonActionsMenu(props: {
  person: { id: number; fullName: string; username?: string };
  /** The reflection of theirs the card shows: Report is then about it. */
  entryId?: number;
}) {
  const name = props.person.fullName;
  const trigger = useRef<HTMLButtonElement>(null);
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          ref={trigger}
          aria-label={`More for ${name}`}
          className={cn(
            buttonVariants({ variant: 'ghost', size: 'icon' }),
            'text-muted-foreground',
          )}
        >
          <MoreHorizontal aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <MenuContent
            align="end"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-[min(11rem,var(--radix-dropdown-menu-content-available-width))] max-w-[var(--radix-dropdown-menu-content-available-width)] overflow-y-auto rounded-xl border border-border bg-card p-1 text-card-foreground shadow-lg"
          >
            <DropdownMenu.Item className={menuItem} onSelect={() => setReporting(true)}>
              <Flag className="size-4" aria-hidden="true" />
              {props.entryId === undefined ? 'Report' : 'Report reflection'}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={cn(menuItem, 'text-destructive')}
              onSelect={() => setBlocking(true)}
            >
              <Ban className="size-4" aria-hidden="true" /> Block
            </DropdownMenu.Item>
          </MenuContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReportDialog
        targetType={props.entryId === undefined ? 'user' : 'entry'}
        targetId={props.entryId ?? props.person.id}
        name={name}
        open={reporting}
        onOpenChange={setReporting}
        returnFocusTo={trigger}
      />
      <BlockPersonDialog
        person={props.person}
        open={blocking}
        onOpenChange={setBlocking}
        returnFocusTo={trigger}
      />
    </>
  );
}
