import { useQuery } from '@tanstack/react-query';
import { callApi } from './client.js';
import { queryKeys } from './query-keys.js';

/** The glossary with the days each word appears on; the same for every reader. */
export function useGlossary() {
  return useQuery({
    queryKey: queryKeys.glossary,
    queryFn: () => callApi('GET /api/glossary'),
    staleTime: 60 * 60 * 1000,
  });
}
