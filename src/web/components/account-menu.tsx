import { BookA, Info, LogOut, Settings, TableOfContents } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEarlyTap } from '../app/use-early-tap.js';
import { paths } from '../app/paths.js';
import { AccountAvatar } from './account-avatar.js';
import { MenuContent } from './ui/menu-content.js';

const menuItem =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/** The screens the menu leads to, in the order it lists them. */
const screens = [
  { label: 'Contents', href: paths.contents.getHref(), icon: TableOfContents },
  { label: 'Glossary', href: paths.glossary.getHref(), icon: BookA },
  { label: 'About', href: paths.about.getHref(), icon: Info },
  { label: 'Settings', href: paths.settings.getHref(), icon: Settings },
] as const;

/**
 * The avatar menu of the signed-in shell: who is signed in, the screens no tab leads to
 * (Contents, Glossary, About, Settings), and Log out. Each screen is a real link, chosen by pointer or
 * from the keyboard (arrows, Enter) like any item of the menu.
 */
export function AccountMenu(props: { fullName: string; username: string; onLogOut: () => void }) {
  const [open, setOpen] = useState(false);
  // A tap on the avatar of a server-rendered page, made before the app was live, opens it now.
  useEarlyTap('account-menu', () => setOpen(true));
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        data-early-tap="account-menu"
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <AccountAvatar fullName={props.fullName} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent
          align="end"
          sideOffset={8}
          collisionPadding={8}
          // At large text on a small phone the menu would be wider and taller than the screen:
          // it keeps within it, and scrolls.
          className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-[min(14rem,var(--radix-dropdown-menu-content-available-width))] max-w-[var(--radix-dropdown-menu-content-available-width)] overflow-y-auto rounded-xl border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-2">
            <p className="text-sm font-medium">{props.fullName}</p>
            {/* A long username at 200% zoom is cut short on its one line, never broken. */}
            <p className="truncate text-xs text-muted-foreground">@{props.username}</p>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {screens.map(({ label, href, icon: Icon }) => (
            <DropdownMenu.Item key={href} className={menuItem} asChild>
              <Link to={href}>
                <Icon className="size-4" aria-hidden="true" /> {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={menuItem} onSelect={props.onLogOut}>
            <LogOut className="size-4" aria-hidden="true" /> Log out
          </DropdownMenu.Item>
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
