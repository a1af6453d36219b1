import './app/no-eval-validation.js';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { guessSignIn } from './api/sign-in-guess.js';
import { AppRoot } from './app/app-root.js';
import { startEarlyReads } from './app/early-reads.js';
import { createQueryClient } from './app/query-client.js';
import { PRERENDERED_FOR } from './prerender/prerendered-page.js';
import { holdInstallOffers } from './pwa/install-offer.js';
import { registerServiceWorker } from './pwa/register-service-worker.js';
import './styles.css';

holdInstallOffers();

const root = document.getElementById('root');
if (root) {
  const queryClient = createQueryClient();
  startEarlyReads(queryClient, window.location.pathname);
  const app = (
    <AppRoot
      queryClient={queryClient}
      guessSignIn={guessSignIn}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
    />
  );
  // A page rendered at build time is adopted as it is when this browser would render the same
  // thing first (signed out on the landing, checking the sign-in in the shell); otherwise it is
  // replaced, as a page rendered for another state would only flash and mismatch.
  const madeFor = root.getAttribute(PRERENDERED_FOR);
  const signedOut = guessSignIn() === 'signed-out';
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread (and the reader's taps) until the whole tree is done.
  startTransition(() => {
    if (madeFor && (madeFor === 'signed-out') === signedOut) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

registerServiceWorker();
