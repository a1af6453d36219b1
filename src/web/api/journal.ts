import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiBody } from '#shared/api-contract';
import type { JournalEntry } from '#shared/journal-schemas';
import { forgetReflectionOnDevice } from '../offline/forget-reflection.js';
import { forgetKnownEntry, rememberEntry, rememberJournal } from '../offline/known-entries.js';
import { withOutboxLock } from '../offline/outbox.js';
import { ApiError, callApi } from './client.js';
import { queryKeys } from './query-keys.js';

/**
 * The reader's own entries, kept on the device as they arrive for reading offline, and read
 * again when the connection returns, since another device may have written meanwhile.
 */
export function journalQuery(userId: number) {
  return queryOptions({
    queryKey: queryKeys.journal,
    queryFn: async () => {
      const entries = await callApi('GET /api/journal');
      await rememberJournal(userId, entries);
      return entries;
    },
    refetchOnReconnect: 'always',
  });
}

export function useJournal(userId: number | undefined) {
  return useQuery({ ...journalQuery(userId ?? 0), enabled: userId !== undefined });
}

/**
 * The reader's entry for a day, or null when there is none. Asked with `ifNone=empty`, an empty
 * day is an answer like any other (no failed request in the console); a server from before that
 * answers 404, which means the same.
 */
async function entryForDay(day: number): Promise<JournalEntry | null> {
  try {
    const answer = await callApi('GET /api/journal/day/:dayNumber', {
      params: { dayNumber: day },
      query: { ifNone: 'empty' },
    });
    return 'id' in answer ? answer : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The signed-in user's entry for a day, or null when there is none. Any other failure is an
 * error, so the form can tell "no entry" from "could not ask" and show what the device knows.
 */
export function useJournalDay(day: number, userId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.journalDay(day),
    enabled: userId !== undefined && day > 0,
    queryFn: async () => {
      const entry = await entryForDay(day);
      if (entry) await rememberEntry(entry);
      else if (userId !== undefined) await forgetKnownEntry(userId, day);
      return entry;
    },
  });
}

/**
 * The reader's saved entry for a day, for the stanza panel to recall it; null when there is
 * none, and nothing is kept on the device (the form keeps its own copy).
 */
export function useEarlierReflection(day: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.earlierReflection(day),
    enabled,
    retry: false,
    queryFn: () => entryForDay(day),
  });
}

/** Friends' shared reflections, refetched every 60 s and whenever the connection returns. */
export function useFriendsFeed(signedIn: boolean) {
  return useQuery({
    queryKey: queryKeys.friendsFeed,
    enabled: signedIn,
    refetchInterval: 60_000,
    refetchOnReconnect: 'always',
    queryFn: async () => {
      try {
        return await callApi('GET /api/journal/friends');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

/**
 * POST /api/journal, the one way the app saves a reflection, from the form and from the outbox
 * alike. The server's POST updates the day's entry when one exists, so sending a save twice
 * never makes a second entry; with `baseUpdatedAt` it refuses (409) to replace a version the
 * save did not begin from. Throws ApiError for a non-OK answer, and what fetch throws when none
 * came; the signal lets the caller give up on an answer that never arrives.
 */
export async function postJournalEntry(
  input: ApiBody<'POST /api/journal'>,
  signal?: AbortSignal,
): Promise<JournalEntry> {
  return callApi('POST /api/journal', { body: input, ...(signal ? { signal } : {}) });
}

/**
 * DELETE /api/journal/{id}, then forgets the reflection on this device as well (see
 * forgetReflectionOnDevice). It runs while no sync does, so a save of the day still waiting here
 * cannot reach the server after the delete and bring the reflection back. An entry already gone
 * (404, deleted from another device) counts as deleted.
 */
export function useDeleteReflection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: JournalEntry) =>
      withOutboxLock(async () => {
        try {
          await callApi('DELETE /api/journal/:id', { params: { id: entry.id } });
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
        }
        await forgetReflectionOnDevice(entry.userId, entry.dayNumber);
      }),
    onSuccess: (_answer, entry) => {
      queryClient.setQueryData<JournalEntry | null>(queryKeys.journalDay(entry.dayNumber), null);
      queryClient.setQueryData(queryKeys.earlierReflection(entry.dayNumber), null);
      queryClient.setQueryData<JournalEntry[]>(queryKeys.journal, (entries) =>
        entries?.filter((kept) => kept.id !== entry.id),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.journal });
    },
  });
}
