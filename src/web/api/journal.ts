import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiBody } from '#shared/api-contract';
import type { JournalEntry } from '#shared/journal-schemas';
import { forgetKnownEntry, rememberEntry, rememberJournal } from '../offline/known-entries.js';
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
 * The signed-in user's entry for a day, or null when there is none (404). Any other failure is
 * an error, so the form can tell "no entry" from "could not ask" and show what the device knows.
 */
export function useJournalDay(day: number, userId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.journalDay(day),
    enabled: userId !== undefined && day > 0,
    queryFn: async () => {
      try {
        const entry = await callApi('GET /api/journal/day/:dayNumber', {
          params: { dayNumber: day },
        });
        await rememberEntry(entry);
        return entry;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
        if (userId !== undefined) await forgetKnownEntry(userId, day);
        return null;
      }
    },
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
