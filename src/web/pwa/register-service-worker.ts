import {
  SERVICE_WORKER_URL,
  SKIP_WAITING_MESSAGE,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_PROMPT_TEXT,
} from './offline-policy.js';
import { cacheWhatThePageAlreadyRead } from './warm-offline-caches.js';

/**
 * Installs the offline service worker: registered at /service-worker.js,
 * checked for a new version every hour, a new version offered with a confirm, and the page
 * reloaded once when a new worker takes over. Where service workers are unavailable (an old
 * browser, an insecure origin, a private mode that forbids them) the app simply runs without.
 */
export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    startServiceWorker().catch((error: unknown) => {
      console.warn('The offline service worker could not start', error);
    });
  };
  // After the load event, so installing (which downloads every asset) never slows the first page.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

async function startServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  reloadWhenANewWorkerTakesOver(container);
  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
  offerEachNewVersion(registration);
  setInterval(() => {
    // Offline, or the server restarting: the next hourly check tries again.
    registration.update().catch(() => undefined);
  }, UPDATE_CHECK_INTERVAL_MS);
}

/**
 * The first worker to control the page only caches what the page already read; any later
 * change of controller means new code, so the page reloads, once, to run it.
 */
function reloadWhenANewWorkerTakesOver(container: ServiceWorkerContainer): void {
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      if (container.controller) cacheWhatThePageAlreadyRead(container.controller);
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
}

/** Asks, when a new version has installed behind the running one, whether to switch now. */
function offerEachNewVersion(registration: ServiceWorkerRegistration): void {
  const offer = (worker: ServiceWorker) => {
    // With no controller this is the first install: there is no older version to replace.
    if (!navigator.serviceWorker.controller) return;
    // Agreeing lets the new worker take over; its controllerchange reloads the page.
    if (window.confirm(UPDATE_PROMPT_TEXT)) worker.postMessage({ type: SKIP_WAITING_MESSAGE });
  };
  // Installed on an earlier visit and still waiting for its turn.
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
}
