import './app/no-eval-validation.js';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { signOutWhenSessionEnds } from './api/auth.js';
import { browserTimeZone } from './api/client.js';
import { guessSignIn } from './api/sign-in-guess.js';
import { AppRoot } from './app/app-root.js';
import { startEarlyReads } from './app/early-reads.js';
import { nextTask } from './app/next-task.js';
import { createQueryClient } from './app/query-client.js';
import { hydrateInTurns } from './app/hydrate-in-turns.js';
import { readerPageAddresses, seedReaderPage } from './app/reader-page.js';
import { hydratableReaderPage } from './app/reader-page-hydration.js';
import { rememberTimeZone } from './app/time-zone-cookie.js';
import { PRERENDERED_FOR, READER_PAGE_DATA_ID } from './prerender/prerendered-page.js';
import { followReadingComfortOfOtherTabs } from './hooks/use-reading-comfort.js';
import { holdInstallOffers } from './pwa/install-offer.js';
import { registerServiceWorker } from './pwa/register-service-worker.js';
import { noteAnswersInPage } from './pwa/warm-offline-caches.js';
import './styles.css';

holdInstallOffers();
followReadingComfortOfOtherTabs();

/**
 * The app's start, in steps of a task each (nextTask), so none holds the page long on a slow
 * phone: the reader's page is already painted and readable meanwhile.
 */
async function startApp(root: HTMLElement) {
  const queryClient = createQueryClient();
  // Before the first call, so even the first answer can say the session is over.
  signOutWhenSessionEnds(queryClient, guessSignIn);
  const madeFor = root.getAttribute(PRERENDERED_FOR);
  await nextTask();
  // The browser's first look at its time zone sets up its date tables: a step of its own.
  const timeZone = browserTimeZone();
  rememberTimeZone();
  await nextTask();
  const readerPage =
    madeFor === 'reader'
      ? hydratableReaderPage(
          document.getElementById(READER_PAGE_DATA_ID)?.textContent,
          timeZone,
          new Date(),
        )
      : null;
  if (readerPage) {
    seedReaderPage(queryClient, readerPage);
    noteAnswersInPage(readerPageAddresses(readerPage));
  }
  const screenReady = startEarlyReads(queryClient, window.location.pathname);
  const app = (
    <AppRoot
      queryClient={queryClient}
      guessSignIn={guessSignIn}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
      renderedPage={readerPage ? { readerPage: true, requestCookies: null } : undefined}
    />
  );
  if (readerPage) {
    // A reader’s page is hydrated once its screen's code (preloaded by the page) is here, so
    // the whole page is hydrated in one pass, from the answers it was rendered from.
    await screenReady;
    await nextTask();
    hydrateInTurns(root, app);
  } else {
    // A page rendered at build time is hydrated as it is when this browser would render the
    // same thing first (signed out on the landing, checking the sign-in in the shell);
    // otherwise it is replaced, as a page rendered for another state would only flash and
    // mismatch.
    const signedOut = guessSignIn() === 'signed-out';
    const hydrate =
      madeFor !== null && madeFor !== 'reader' && (madeFor === 'signed-out') === signedOut;
    if (hydrate) hydrateInTurns(root, app);
    else createRoot(root).render(app);
  }
}

const root = document.getElementById('root');
if (root) void startApp(root);

registerServiceWorker();
