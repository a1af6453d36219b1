import { MutationCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { fetchJson } from '../api/client.js';
import { toast } from '../hooks/use-toast.js';

/**
 * Data never goes stale, no refetch on focus, no polling, no retry
 * (docs/product.md#the-screens); what could not load is asked again when the connection
 * returns. Calls are made even while the browser says it is offline: the service worker may
 * answer them, and a failure says so at once rather than leaving a screen waiting.
 */
export function createQueryClient(): QueryClient {
  // The data layer starts from the browser's own idea of the connection, so a page opened
  // offline still learns when it returns.
  if (typeof window !== 'undefined') onlineManager.setOnline(window.navigator.onLine);
  return new QueryClient({
    // A change that fails tells the reader in the words its data layer chose.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const notice = mutation.meta?.failureNotice?.(error);
        if (notice) toast(notice);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => fetchJson(queryKey.join('/')),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        refetchInterval: false,
        retry: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
