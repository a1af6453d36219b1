import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FriendJournalEntry, JournalEntry } from '#shared/journal-schemas';
import { ApiError, getJson, sendJson, serverMessage } from './client.js';
import { queryKeys } from './query-keys.js';

export function useJournal(enabled = true) {
  return useQuery({
    queryKey: queryKeys.journal,
    queryFn: () => getJson<JournalEntry[]>('/api/journal'),
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
        return await getJson<JournalEntry>(`/api/journal/day/${day}`);
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
        return await getJson<FriendJournalEntry[]>('/api/journal/friends');
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
    mutationFn: async (input: { dayNumber: number; entryText: string; isPublic: boolean }) => {
      try {
        return await sendJson<JournalEntry>('POST', '/api/journal', input);
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
    mutationFn: async (input: { id: number; entryText?: string; isPublic?: boolean }) => {
      const { id, ...changes } = input;
      try {
        return await sendJson<JournalEntry>('PUT', `/api/journal/${id}`, changes);
      } catch (error) {
        throw new Error(serverMessage(error) ?? 'Failed to update journal entry', { cause: error });
      }
    },
    onSuccess: (entry) => refresh(entry.dayNumber),
  });
}
