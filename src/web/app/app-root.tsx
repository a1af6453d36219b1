import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect, useState } from 'react';
import { type SignInGuess, SignInGuessContext } from '../api/sign-in-guess.js';
import { progressStoreFor } from '../progress/progress-store.js';
import { ProgressStoreContext } from '../hooks/use-progress.js';
import { lazyPart } from '../components/lazy-part.js';
import { PartLoadBoundary } from '../components/part-load-boundary.js';
import { toast } from '../hooks/use-toast.js';
import { type RenderedPage, RenderedPageContext } from './reader-page.js';
import { AppRoutes } from './router.js';

// Toasts only follow an action, so their component loads after the first paint.
const Toaster = lazyPart(async () => (await import('../components/ui/toaster.js')).Toaster);

// The install offer shows only in the live page, after a while: its code loads with it.
const InstallPromptBanner = lazyPart(
  async () => (await import('../components/install-prompt-banner.js')).InstallPromptBanner,
);

/**
 * What depends on this browser alone (its storage, its install offer) appears once the page
 * is live, so a page rendered at build time and the first render in the browser agree.
 */
function OnceLive({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live ? children : null;
}

const plainPage: RenderedPage = { readerPage: false, requestCookies: null };

/**
 * The whole app inside a router: the browser's own, or a fixed address when a page is
 * rendered at build time. Both render exactly this tree, so the browser can hydrate the page.
 */
export function AppRoot(props: {
  queryClient: QueryClient;
  guessSignIn: () => SignInGuess;
  router: (app: ReactNode) => ReactNode;
  /** What the page in the browser was rendered for; a plain page when left out. */
  renderedPage?: RenderedPage;
}) {
  const renderedPage = props.renderedPage ?? plainPage;
  // The reader's progress belongs to this app alone: a page rendered on the server for one
  // reader never sees another's, nor does a second app in the same page.
  const [progressStore] = useState(() => progressStoreFor(renderedPage.requestCookies, toast));
  return (
    <StrictMode>
      <RenderedPageContext.Provider value={renderedPage}>
        <SignInGuessContext.Provider value={props.guessSignIn}>
          <QueryClientProvider client={props.queryClient}>
            <ProgressStoreContext.Provider value={progressStore}>
              {props.router(
                <>
                  <AppRoutes />
                  <OnceLive>
                    <PartLoadBoundary quietly={null}>
                      <InstallPromptBanner />
                      <Toaster />
                    </PartLoadBoundary>
                  </OnceLive>
                </>,
              )}
            </ProgressStoreContext.Provider>
          </QueryClientProvider>
        </SignInGuessContext.Provider>
      </RenderedPageContext.Provider>
    </StrictMode>
  );
}
