import { useQuery } from '@tanstack/react-query';
import type { SearchResults } from '#shared/search-schemas';
import { isNetworkFailure } from '../offline/network-failure.js';
import { callApi } from './client.js';
import { queryKeys } from './query-keys.js';

/** An answer, and whether it came from the readings on this device for want of a connection. */
export type FoundResults = SearchResults & { offline: boolean };

/**
 * Searches the readings and the reader's journal (GET /api/search). Without a connection the
 * readings kept on this device are searched instead, by code loaded only then.
 */
export function useContentSearch(query: string) {
  return useQuery({
    queryKey: queryKeys.contentSearch(query),
    enabled: query.length > 0,
    retry: false,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<FoundResults> => {
      try {
        const found = await callApi('GET /api/search', { query: { q: query }, signal });
        return { ...found, offline: false };
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        const { searchCachedReadings } = await import('../search/offline-readings-search.js');
        return { readings: await searchCachedReadings(query), journal: [], offline: true };
      }
    },
  });
}
