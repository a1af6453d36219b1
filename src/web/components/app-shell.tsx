import { clsx } from 'clsx';
import { BookOpen, Flame, LayoutDashboard, Search, Users } from 'lucide-react';
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { PRODUCT_NAME } from '#shared/constants';
import { useCurrentUser, useLogout } from '../api/auth.js';
import { hydratedInTurn } from '../app/hydrate-in-turns.js';
import { paths } from '../app/paths.js';
import { toast } from '../hooks/use-toast.js';
import { OfflineBanner } from './offline-banner.js';
import { AccountAvatar } from './account-avatar.js';
import { lazyPart } from './lazy-part.js';
import { PartLoadBoundary } from './part-load-boundary.js';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.js';
import { Skeleton } from './ui/skeleton.js';
import { keepToastPlace } from './ui/toast-place.js';

// The page and the tab bar are hydrated each in a task of its own, after the header.
const MainInTurn = hydratedInTurn();
const TabBarInTurn = hydratedInTurn();

// The menu and its popover machinery load just after the first paint, off the critical path.
const AccountMenu = lazyPart(async () => (await import('./account-menu.js')).AccountMenu);

const ShellBackgroundWork = lazyPart(
  async () => (await import('./shell-background-work.js')).ShellBackgroundWork,
);

/**
 * The background work, started once the page is live. Its own component, so starting it
 * renders nothing else again: the shell's parts still waiting for their code to hydrate stay
 * as the server sent them.
 */
function BackgroundWorkOnceLive() {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return null;
  return (
    <PartLoadBoundary quietly={null}>
      <ShellBackgroundWork />
    </PartLoadBoundary>
  );
}

/**
 * The app's places, in the tab bar and the side navigation alike. Where the shell is 64rem wide
 * or more (its `@5xl` container size: a desktop at the reader's text size), the side navigation
 * takes the tab bar's place; each is display:none where the other shows.
 */
const tabs = [
  { label: 'Daily Ritual', href: '/app/daily-ritual', icon: BookOpen },
  { label: 'Dashboard', href: '/app/dashboard', icon: LayoutDashboard },
  { label: 'Community', href: '/app/community', icon: Users },
] as const;

/** The signed-in shell: sticky header with the avatar menu, the page, and the bottom tab bar. */
export function AppShell() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  useNewScreenAtTop(pathname, hash);

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Goodbye!', description: 'You have been logged out successfully.' });
        void navigate(paths.landing.getHref(), { replace: true });
      },
      onError: () =>
        toast({ variant: 'destructive', title: 'Failed to logout. Please try again.' }),
    });

  // What the account menu's place shows until its code is here, or when it could not come.
  const avatar = <AccountAvatar fullName={user?.fullName ?? ''} />;
  return (
    <ShellFrame
      activePath={pathname}
      notice={<OfflineBanner />}
      account={
        <PartLoadBoundary loading={avatar} quietly={avatar}>
          <AccountMenu
            fullName={user?.fullName ?? ''}
            username={user?.username ?? ''}
            onLogOut={signOut}
          />
        </PartLoadBoundary>
      }
    >
      <Outlet />
      <BackgroundWorkOnceLive />
    </ShellFrame>
  );
}

/**
 * What the signed-in shell shows while it learns who is signed in: the same header and tab bar,
 * with nothing personal in them. It is also the page the server sends for /app/* before any
 * script has run, so it must not depend on the address or on the person.
 */
export function AppShellPlaceholder() {
  return (
    <ShellFrame activePath={null} account={<Skeleton className="size-9 rounded-full" />}>
      <div role="status" aria-busy="true" className="flex flex-col gap-8">
        <span className="sr-only">Loading</span>
        <Skeleton className="mx-auto h-11 w-full max-w-xs rounded-full" />
        <div className="flex flex-col items-center gap-3">
          <Skeleton className="h-7 w-64 max-w-full" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </div>
        <Skeleton className="h-72 w-full rounded-2xl" />
      </div>
    </ShellFrame>
  );
}

/** The screen an address shows: the daily screen is one screen, whichever day it shows. */
const screenOf = (pathname: string) =>
  pathname.startsWith('/app/daily-ritual') ? '/app/daily-ritual' : pathname;

/**
 * A screen opened from the menu, a tab or a link starts at its top, as a new page would, not
 * at the last screen's scroll position, which the page keeps. Moving between days leaves the
 * daily screen as it is, going back leaves the position to the browser, and an address with a
 * #fragment to the screen it names a place on.
 */
function useNewScreenAtTop(pathname: string, hash: string) {
  const navigationType = useNavigationType();
  const shown = useRef(screenOf(pathname));
  useLayoutEffect(() => {
    const screen = screenOf(pathname);
    if (screen === shown.current) return;
    shown.current = screen;
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

/**
 * Keeps the page's scroll padding (styles.css) equal to the header's and the tab bar's real
 * heights, which grow with the text size and the device's safe-area inset, so a control that
 * is focused or scrolled into view always stops clear of both.
 */
function useBarHeights(
  header: RefObject<HTMLElement | null>,
  tabBar: RefObject<HTMLElement | null>,
) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const keep = (name: string, bar: HTMLElement | null, height: number | undefined) => {
      const value = `${height}px`;
      if (bar && root.getPropertyValue(name) !== value) root.setProperty(name, value);
    };
    const measure = () => {
      // Both read before either is written: a write between them would make the browser work
      // out the whole page's style again at once, in the middle of the app's first render.
      const headerHeight = header.current?.offsetHeight;
      const tabBarHeight = tabBar.current?.offsetHeight;
      keep('--app-header-height', header.current, headerHeight);
      keep('--app-tab-bar-height', tabBar.current, tabBarHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const bar of [header.current, tabBar.current]) if (bar) observer.observe(bar);
    return () => {
      observer.disconnect();
      root.removeProperty('--app-header-height');
      root.removeProperty('--app-tab-bar-height');
    };
  }, [header, tabBar]);
}

/**
 * A control of the page that takes the focus while partly behind the header or the tab bar is
 * brought wholly into view. The browser alone reveals only a text field's caret line.
 */
function useFocusClearOfBars(
  header: RefObject<HTMLElement | null>,
  tabBar: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const reveal = (event: FocusEvent) => {
      const target = event.target;
      // The main region itself takes the focus from the skip link, which places it.
      if (
        !(target instanceof HTMLElement) ||
        !target.closest('main') ||
        target.id === MAIN_CONTENT_ID
      )
        return;
      const box = target.getBoundingClientRect();
      const top = header.current?.getBoundingClientRect().bottom ?? 0;
      // The install offer, while it shows, floats above the tab bar (install-prompt-banner.tsx).
      const offer = document.querySelector('[data-install-offer]')?.getBoundingClientRect().top;
      // A tab bar not shown (on a wide screen, where the side navigation replaces it) has no top.
      const bar = tabBar.current?.getBoundingClientRect();
      const bottom = Math.min(offer ?? Infinity, bar?.height ? bar.top : window.innerHeight);
      if (box.top < top || box.bottom > bottom) target.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('focusin', reveal);
    return () => document.removeEventListener('focusin', reveal);
  }, [header, tabBar]);
}

/** Whether a place of the navigation is the screen shown: its link is marked as the page. */
function isOpen(activePath: string | null, href: string) {
  return activePath?.startsWith(href) ?? false;
}

/**
 * The sticky header with the account slot, the page, and the fixed bottom tab bar; on a wide
 * screen, the side navigation with the app's name instead of the tab bar.
 */
function ShellFrame(props: {
  activePath: string | null;
  account: ReactNode;
  /** Under the header row, sticking with it: the connection's state. */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const header = useRef<HTMLElement>(null);
  const tabBar = useRef<HTMLElement>(null);
  useBarHeights(header, tabBar);
  useFocusClearOfBars(header, tabBar);

  return (
    // The shell is the container its wide layout asks about: its width in rem, so at a larger
    // text size the page keeps the phone's layout until there is room for two columns.
    <div data-app-shell className="@container/shell">
      <SkipLink />
      <SideNavigation activePath={props.activePath} />
      <div className="flex min-h-dvh flex-col @5xl/shell:pl-64 @5xl/shell:[--app-tab-bar-height:0px]">
        <header
          ref={header}
          // Solid, so the name keeps its full contrast whatever scrolls beneath it.
          className="sticky top-0 z-40 border-b border-border bg-background"
        >
          <div className="mx-auto flex min-h-14 max-w-3xl items-center justify-between gap-3 px-4 max-[359px]:gap-1 max-[359px]:px-2 @5xl/shell:max-w-none @5xl/shell:px-8">
            <Link
              to={paths.dailyRitual.getHref()}
              // Like the tab bar's labels, the name grows only to 150%, and no wider than keeps
              // it on one line beside the search button and avatar of a narrow phone: the header
              // stays on the screen as the reader scrolls and must leave room for the page.
              // Where even that cannot fit whole words (a small phone at 200% page zoom), the
              // flame of the app's icon stands for it and the name is left to screen readers.
              // On a wide screen the side navigation carries the name.
              className="flex min-w-0 items-center font-serif text-[min(1.125rem,27px,5vw)] font-semibold text-primary [overflow-wrap:normal] @5xl/shell:hidden"
            >
              <Flame
                aria-hidden="true"
                className="hidden size-6 shrink-0 max-[259px]:block"
                strokeWidth={1.75}
              />
              <span className="max-[259px]:sr-only">{PRODUCT_NAME}</span>
            </Link>
            <div className="ml-auto flex shrink-0 items-center gap-1">
              <Link
                to={paths.search.getHref()}
                aria-label="Search"
                title="Search"
                className="inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <Search className="size-5" aria-hidden="true" />
              </Link>
              {props.account}
            </div>
          </div>
          {props.notice}
          <div ref={keepToastPlace} />
        </header>

        {/* The last control ends well above the tab bar and the install offer, however tall.
            A screen laid out in two columns (data-wide-layout) takes the width a wide screen
            has; a single column keeps a comfortable line length. */}
        <MainInTurn>
          <main
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className="mx-auto w-full max-w-3xl flex-1 px-4 max-[359px]:px-3 pb-[calc(var(--app-tab-bar-height)+var(--install-offer-space,0px)+2rem)] pt-4 focus:outline-none @5xl/shell:px-8 @5xl/shell:pt-6 @5xl/shell:has-[[data-wide-layout]]:max-w-6xl"
          >
            {props.children}
          </main>
        </MainInTurn>
      </div>

      <TabBarInTurn>
        <nav
          ref={tabBar}
          aria-label="Main"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur @5xl/shell:hidden"
        >
          <ul className="mx-auto grid max-w-3xl grid-cols-3">
            {tabs.map(({ label, href, icon: Icon }) => {
              const active = isOpen(props.activePath, href);
              return (
                <li key={href}>
                  <Link
                    to={href}
                    aria-current={active ? 'page' : undefined}
                    className={clsx(
                      // The labels grow with the text size to 125%: at more, three would not fit a
                      // phone. Below 360 px even that does not fit, and the icons stand alone, each
                      // still named for screen readers; the open one is marked by more than colour.
                      'flex flex-col items-center gap-1 py-2.5 text-[min(0.75rem,15px)] font-medium transition-colors max-[359px]:py-2',
                      active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                    )}
                  >
                    <span
                      className={clsx(
                        'flex items-center justify-center rounded-full max-[359px]:h-8 max-[359px]:w-12',
                        active && 'max-[359px]:bg-primary/10',
                      )}
                    >
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="max-[359px]:sr-only">{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </TabBarInTurn>
    </div>
  );
}

/**
 * On a wide screen: the app's name and its three places down the left side, always in view,
 * the open one marked by a tint and a bar as well as by its colour.
 */
function SideNavigation({ activePath }: { activePath: string | null }) {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col gap-6 overflow-y-auto border-r border-border bg-background px-3 py-3 @5xl/shell:flex"
    >
      <Link
        to={paths.dailyRitual.getHref()}
        className="flex min-h-11 items-center gap-2 rounded-lg px-3 font-serif text-lg font-semibold text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Flame aria-hidden="true" className="size-6 shrink-0" strokeWidth={1.75} />
        {PRODUCT_NAME}
      </Link>
      <ul className="flex flex-col gap-1">
        {tabs.map(({ label, href, icon: Icon }) => {
          const active = isOpen(activePath, href);
          return (
            <li key={href}>
              <Link
                to={href}
                aria-current={active ? 'page' : undefined}
                className={clsx(
                  'flex min-h-11 items-center gap-3 rounded-lg border-l-4 px-3 py-2 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  active
                    ? 'border-primary bg-primary/10 text-primary'
                    : 'border-transparent text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
