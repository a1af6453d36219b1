import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './app/query-client.js';
import { AppRoutes } from './app/router.js';
import { InstallPromptBanner } from './components/install-prompt-banner.js';
import { registerServiceWorker } from './pwa/register-service-worker.js';
import './styles.css';

// Toasts only follow an action, so their component loads after the first paint.
const Toaster = lazy(async () => ({
  default: (await import('./components/ui/toaster.js')).Toaster,
}));

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
          <InstallPromptBanner />
        </BrowserRouter>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </StrictMode>,
  );
}

registerServiceWorker();
