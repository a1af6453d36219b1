import { QueryClient } from '@tanstack/react-query';
import { fetchJson } from '../api/client.js';

/**
 * Data never goes stale, no refetch on focus, no polling, no retry
 * (docs/product.md#the-screens).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => fetchJson(queryKey.join('/')),
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
