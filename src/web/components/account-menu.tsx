import { LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { AccountAvatar } from './account-avatar.js';

const menuItem =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/** The avatar menu of the signed-in shell: who is signed in, Settings and Log out. */
export function AccountMenu(props: {
  fullName: string;
  username: string;
  onSettings: () => void;
  onLogOut: () => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <AccountAvatar fullName={props.fullName} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-2">
            <p className="text-sm font-medium">{props.fullName}</p>
            <p className="text-xs text-muted-foreground">@{props.username}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={menuItem} onSelect={props.onSettings}>
            <Settings className="size-4" aria-hidden="true" /> Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={props.onLogOut}>
            <LogOut className="size-4" aria-hidden="true" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
