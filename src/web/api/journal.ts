import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '#shared/api-contract';
import type { JournalEntry } from '#shared/journal-schemas';
import { ApiError, callApi, serverMessage } from './client.js';
import { queryKeys } from './query-keys.js';

export function useJournal(enabled = true) {
  return useQuery({
    queryKey: queryKeys.journal,
    queryFn: () => callApi('GET /api/journal'),
    enabled,
  });
}

/** The signed-in user's entry for a day, or null (404 and other failures alike). */
export function useJournalDay(day: number, signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.journalDay(day),
    enabled: signedIn && day > 0,
    queryFn: async () => {
      try {
        return await callApi('GET /api/journal/day/:dayNumber', { params: { dayNumber: day } });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404))
          console.warn('Failed to fetch journal entry', error);
        return null;
      }
    },
  });
}

/** Friends' shared reflections, refetched every 60 s; any failure gives an empty list. */
export function useFriendsFeed(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.friendsFeed,
    enabled: signedIn,
    refetchInterval: 60_000,
    queryFn: async () => {
      try {
        return await callApi('GET /api/journal/friends');
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404))
          console.warn('Failed to fetch friends entries', error);
        return [];
      }
    },
  });
}

function useRefreshEntry() {
  const queryClient = useQueryClient();
  return (dayNumber: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.journalDay(dayNumber) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.journal }),
    ]);
}

export function useCreateJournalEntry() {
  const refresh = useRefreshEntry();
  return useMutation({
    mutationFn: async (input: ApiBody<'POST /api/journal'>) => {
      try {
        return await postJournalEntry(input);
      } catch (error) {
        throw new Error(serverMessage(error) ?? 'Failed to create journal entry', { cause: error });
      }
    },
    onSuccess: (entry) => refresh(entry.dayNumber),
  });
}

export function useUpdateJournalEntry() {
  const refresh = useRefreshEntry();
  return useMutation({
    mutationFn: async (input: { id: number } & ApiBody<'PUT /api/journal/:id'>) => {
      const { id, ...changes } = input;
      try {
        return await callApi('PUT /api/journal/:id', { params: { id }, body: changes });
      } catch (error) {
        throw new Error(serverMessage(error) ?? 'Failed to update journal entry', { cause: error });
      }
    },
    onSuccess: (entry) => refresh(entry.dayNumber),
  });
}

/**
 * POST /api/journal outside React Query, for saves kept on the device while offline. The
 * server's POST updates the day's entry when one exists, so sending a save twice never makes a
 * second entry. Throws ApiError for a non-OK answer, and what fetch throws when none came; the
 * signal lets the caller give up on an answer that never arrives.
 */
export async function postJournalEntry(
  input: ApiBody<'POST /api/journal'>,
  signal?: AbortSignal,
): Promise<JournalEntry> {
  return callApi('POST /api/journal', { body: input, ...(signal ? { signal } : {}) });
}
