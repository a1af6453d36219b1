import { QueryClient, onlineManager } from '@tanstack/react-query';
import { fetchJson } from '../api/client.js';

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
