import { Flame, X } from 'lucide-react';
import {
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_NAME } from '#shared/constants';
import {
  INSTALLED_KEY,
  IOS_HINT_DELAY_MS,
  PROMPT_DISMISSED_KEY,
  canAddToDock,
  installPromptView,
  isFlagSet,
  isIOSUserAgent,
} from '../pwa/install-prompt.js';
import { paths } from '../app/paths.js';
import { cn } from '../lib/cn.js';
import {
  type BeforeInstallPromptEvent,
  forgetInstallOffer,
  heldInstallOffer,
  onInstallOffer,
} from '../pwa/install-offer.js';
import { runsStandalone, subscribeToDisplayMode } from '../pwa/display-mode.js';
import { FileThenAddToDock, ShareThenAddToHomeScreen } from './install-steps.js';
import { Button } from './ui/button.js';

// Storage can throw (blocked cookies, private modes); the banner then simply forgets.
function readFlag(storage: () => Storage, key: string): boolean {
  try {
    return isFlagSet(storage().getItem(key));
  } catch {
    return false;
  }
}

function writeFlag(storage: () => Storage, key: string) {
  try {
    storage().setItem(key, 'true');
  } catch (error) {
    console.warn(`Could not remember ${key}`, error);
  }
}

/** The install offer and the reader's answers to it (docs/product.md#the-screens). */
function useInstallPrompt() {
  const isStandalone = useSyncExternalStore(subscribeToDisplayMode, runsStandalone, () => false);
  const [isIOS] = useState(() => isIOSUserAgent(navigator.userAgent, navigator.maxTouchPoints));
  const [dock] = useState(() => canAddToDock(navigator.userAgent, navigator.maxTouchPoints));
  const [installed, setInstalled] = useState(() => readFlag(() => localStorage, INSTALLED_KEY));
  const [dismissed, setDismissed] = useState(() =>
    readFlag(() => sessionStorage, PROMPT_DISMISSED_KEY),
  );
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(heldInstallOffer);
  const [prompting, setPrompting] = useState(false);
  // Milliseconds since the page loaded; only the manual steps (iOS, the Dock) need it to move on.
  const [elapsedMs, setElapsedMs] = useState(() => performance.now());

  const markInstalled = useCallback(() => {
    writeFlag(() => localStorage, INSTALLED_KEY);
    setInstalled(true);
  }, []);

  const dismiss = useCallback(() => {
    writeFlag(() => sessionStorage, PROMPT_DISMISSED_KEY);
    setDismissed(true);
  }, []);

  useEffect(() => {
    // The offer is held from the app's start (pwa/install-offer.ts); this shows the latest.
    const stopListening = onInstallOffer(setOffer);
    // An offer made between the first render and this effect reached no listener.
    setOffer(heldInstallOffer());
    window.addEventListener('appinstalled', markInstalled);
    return () => {
      stopListening();
      window.removeEventListener('appinstalled', markInstalled);
    };
  }, [markInstalled]);

  useEffect(() => {
    if (!(isIOS || dock) || elapsedMs >= IOS_HINT_DELAY_MS) return;
    const timer = window.setTimeout(
      // A timer may wake a hair before the clock reads the full delay; it has waited long enough.
      () => setElapsedMs(Math.max(performance.now(), IOS_HINT_DELAY_MS)),
      // Counted from now, not from the render: time may pass between the render and this effect.
      Math.max(0, IOS_HINT_DELAY_MS - performance.now()),
    );
    return () => window.clearTimeout(timer);
  }, [isIOS, dock, elapsedMs]);

  const install = useCallback(async () => {
    if (!offer) return;
    setPrompting(true);
    try {
      await offer.prompt();
      const { outcome } = await offer.userChoice;
      if (outcome === 'accepted') markInstalled();
      else dismiss();
    } catch (error) {
      // An offer can be used once; the browser sends a fresh one when it may ask again.
      console.warn('The install prompt could not be shown', error);
    } finally {
      forgetInstallOffer();
      setOffer(null);
      setPrompting(false);
    }
  }, [offer, markInstalled, dismiss]);

  const view = installPromptView({
    isStandalone,
    installed,
    dismissedThisSession: dismissed,
    isIOS,
    canAddToDock: dock,
    hasDeferredPrompt: offer !== null,
    elapsedMs,
  });
  return { view, prompting, install, dismiss };
}

/**
 * While the offer shows, the page keeps room for it below its last line (styles.css and the
 * shell's main area read --install-offer-space), so whatever the reader scrolls or tabs to
 * stops above the offer rather than under it.
 */
function useSpaceKeptFor(card: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = card.current;
    if (!shown || !element) return;
    const root = document.documentElement.style;
    // The card's height and the 0.75rem it floats above the tab bar or the bottom edge.
    const measure = () =>
      root.setProperty('--install-offer-space', `calc(${element.offsetHeight}px + 0.75rem)`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty('--install-offer-space');
    };
  }, [card, shown]);
}

/**
 * A slim card inviting the reader to install the app, on every screen. Inside the signed-in
 * shell it floats above the fixed tab bar; elsewhere it sits near the bottom edge. The page
 * keeps room for it, so it never lies over a control.
 */
export function InstallPromptBanner() {
  const { view, prompting, install, dismiss } = useInstallPrompt();
  const { pathname } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  useSpaceKeptFor(card, view !== 'hidden');
  if (view === 'hidden') return null;

  const inShell = pathname === paths.app.path || pathname.startsWith(`${paths.app.path}/`);
  return (
    <section
      role="region"
      aria-label="Install app"
      className={cn(
        // Under dialogs (z-50), so it never covers a sheet's buttons; the tab bar (z-40) grows by the
        // same safe-area inset the offset adds.
        'pointer-events-none fixed inset-x-0 z-30 px-4 max-[359px]:px-2',
        inShell
          ? 'bottom-[calc(var(--app-tab-bar-height)+0.75rem)]'
          : 'bottom-[max(1rem,env(safe-area-inset-bottom))]',
      )}
    >
      <div
        ref={card}
        data-install-offer=""
        className="pointer-events-auto mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-3 @container max-[359px]:p-2 text-card-foreground shadow-lg motion-safe:transition motion-safe:duration-500 motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0"
      >
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary @max-[22rem]:hidden"
        >
          <Flame className="size-5" strokeWidth={1.75} />
        </span>
        {/*
         * At large text the words take the first line and the buttons the next. Where the card is
         * narrower still (a small phone zoomed), the name is left out: the offer keeps to its one
         * sentence, and as little of the screen as it can.
         */}
        <div className="min-w-0 flex-[1_1_8rem]">
          <p className="font-serif text-base font-semibold leading-tight @max-[14rem]:hidden">
            {PRODUCT_NAME}
          </p>
          {view === 'ios-instructions' ? (
            <p className="mt-0.5 text-sm text-muted-foreground">
              To install, <ShareThenAddToHomeScreen />.
            </p>
          ) : view === 'dock-instructions' ? (
            <p className="mt-0.5 text-sm text-muted-foreground">
              To install, <FileThenAddToDock />.
            </p>
          ) : (
            <p className="mt-0.5 text-sm text-muted-foreground">
              Read each day from your home screen.
            </p>
          )}
        </div>
        {view === 'install-button' && (
          <Button size="sm" onClick={() => void install()} disabled={prompting}>
            Install
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="-mr-1 size-9 shrink-0 text-muted-foreground hover:text-foreground"
          aria-label="Dismiss"
          onClick={dismiss}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
