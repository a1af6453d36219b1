import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './app/query-client.js';
import { createAppRouter } from './app/router.js';
import { Toaster } from './components/ui/toaster.js';
import './styles.css';

const queryClient = createQueryClient();
const router = createAppRouter();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          <RouterProvider router={router} />
          <Toaster />
        </Tooltip.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
