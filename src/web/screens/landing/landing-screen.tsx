import { useSearchParams } from 'react-router';
import { Flame } from 'lucide-react';
import { Suspense, useCallback, useLayoutEffect, useState } from 'react';
import { PRODUCT_NAME, PRODUCT_SUBTITLE, TAGLINE } from '#shared/constants';
import { publicDayHref } from '#shared/shared-day';
import { lazyPart } from '../../components/lazy-part.js';
import { SignedOutNotice } from '../../components/signed-out-notice.js';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link.js';
import { Button } from '../../components/ui/button.js';
import { takeLastEarlyTap } from '../../app/early-taps.js';
import type { AuthTab } from './auth-sheet.js';

// The forms (and their validation) are behind a button, so they load when the reader reaches
// for one, not with the first view.
const loadAuthSheet = () => import('./auth-sheet.js');
const AuthSheet = lazyPart(async () => (await loadAuthSheet()).AuthSheet);
const prepareAuthSheet = () => void loadAuthSheet();

const THREEFOLD_VALUES = ['Good Thoughts', 'Good Words', 'Good Deeds'] as const;

/** The first impression: the name, the promise, and the way in. */
export function LandingScreen() {
  // `?auth=sign-in` or `?auth=create-account` (from a circle's invite) opens the sheet at once.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('auth');
  const askedTab: AuthTab | null = asked === 'sign-in' || asked === 'create-account' ? asked : null;
  const [sheetOpen, setSheetOpen] = useState(askedTab !== null);
  // Once opened, the sheet stays mounted so it can animate closed and keep what was typed.
  const [sheetWanted, setSheetWanted] = useState(askedTab !== null);
  const [tab, setTab] = useState<AuthTab>(askedTab ?? 'create-account');

  // The same function on every render (its setters never change), so the effect below runs once.
  const openSheet = useCallback((on: AuthTab) => {
    setTab(on);
    setSheetWanted(true);
    setSheetOpen(true);
  }, []);

  // The page shows before its scripts run: a tap on either door before then opens its sheet now.
  // Taken in the task the doors' click handlers go live, as useEarlyTap does.
  useLayoutEffect(() => {
    const tapped = takeLastEarlyTap<AuthTab>(['create-account', 'sign-in']);
    if (tapped) openSheet(tapped);
  }, [openSheet]);

  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <SkipLink />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-40 -z-10 mx-auto h-[28rem] w-[28rem] rounded-full bg-primary/10 blur-3xl"
      />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex flex-1 flex-col items-center justify-center px-6 py-12 text-center focus:outline-none"
      >
        <div className="flex w-full max-w-sm flex-col items-center">
          <span
            aria-hidden="true"
            className="mb-8 flex size-20 items-center justify-center rounded-full border border-border bg-card text-primary shadow-sm"
          >
            <Flame className="size-9" strokeWidth={1.5} />
          </span>
          <h1 className="font-serif text-4xl font-semibold tracking-tight sm:text-5xl">
            {PRODUCT_NAME}
          </h1>
          <p className="mt-3 font-serif text-xl italic text-primary">{PRODUCT_SUBTITLE}</p>
          <div aria-hidden="true" className="my-7 h-px w-16 bg-border" />
          <p className="text-lg leading-relaxed text-muted-foreground">{TAGLINE}</p>
          <SignedOutNotice className="mt-8 w-full" />
          <div className="mt-12 flex w-full flex-col gap-3">
            <Button
              size="lg"
              onClick={() => openSheet('create-account')}
              data-early-tap="create-account"
              onPointerEnter={prepareAuthSheet}
              onFocus={prepareAuthSheet}
            >
              Begin Your Journey
            </Button>
            <Button
              size="lg"
              variant="ghost"
              onClick={() => openSheet('sign-in')}
              data-early-tap="sign-in"
              onPointerEnter={prepareAuthSheet}
              onFocus={prepareAuthSheet}
            >
              I already have an account
            </Button>
          </div>
          {/* The server renders today's page for visitors: a full page load, not an app route. */}
          <a
            href={publicDayHref('today')}
            className="mt-6 font-serif text-base text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            {"Read today's Gatha"}
          </a>
        </div>
      </main>
      <footer className="px-6 pb-[max(2rem,env(safe-area-inset-bottom))] pt-4">
        <ul className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 font-serif text-sm text-muted-foreground">
          {THREEFOLD_VALUES.map((value, index) => (
            <li key={value} className="flex items-center gap-3">
              {index > 0 && (
                <span aria-hidden="true" className="text-primary">
                  •
                </span>
              )}
              <span>{value}</span>
            </li>
          ))}
        </ul>
      </footer>
      {sheetWanted && (
        <Suspense fallback={null}>
          <AuthSheet open={sheetOpen} onOpenChange={setSheetOpen} tab={tab} onTabChange={setTab} />
        </Suspense>
      )}
    </div>
  );
}
