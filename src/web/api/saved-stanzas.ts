import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedStanza, SavedStanzaListItem } from '#shared/saved-stanzas';
import { isNetworkFailure } from '../offline/network-failure.js';
import { ApiError, callApi, serverMessage } from './client.js';
import { queryKeys } from './query-keys.js';

/**
 * The reader's saved stanzas, newest first (docs/product.md#saved-stanzas), read again when the
 * connection returns, since another device may have saved or removed one meanwhile.
 */
export function useSavedStanzas(enabled = true) {
  return useQuery({
    queryKey: queryKeys.saved,
    queryFn: () => callApi('GET /api/saved'),
    enabled,
    refetchOnReconnect: 'always',
  });
}

type SavedList = SavedStanzaListItem[];

/** Why a change could not be made, in words for a toast. */
export function savedFailureText(error: unknown): string {
  if (isNetworkFailure(error))
    return 'Your saved stanzas could not be reached. Please try again when you are online.';
  return serverMessage(error) ?? 'Please try again.';
}

/**
 * The list is changed at once, before the server answers; a failure puts back the list as it
 * was and says so (the app shows the mutation's failure notice), and every answer is followed
 * by reading the list again.
 */
function useOptimisticSavedChange<Input, Answer>(options: {
  send: (input: Input) => Promise<Answer>;
  change: (list: SavedList, input: Input) => SavedList;
  failureTitle: string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.send,
    meta: {
      failureNotice: (error) => ({
        variant: 'destructive',
        title: options.failureTitle,
        description: savedFailureText(error),
      }),
    },
    onMutate: async (input: Input) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.saved });
      const before = queryClient.getQueryData<SavedList>(queryKeys.saved);
      if (before)
        queryClient.setQueryData<SavedList>(queryKeys.saved, options.change(before, input));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(queryKeys.saved, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.saved }),
  });
}

export interface StanzaToSave {
  day: number;
  /** The stanza's first line, shown in the list until the server's answer replaces it. */
  firstLine: string;
  /** Left out, the note already there is kept. */
  note?: string;
}

/** Saves a day (PUT /api/saved/{day}); saving a saved day again only changes its note. */
export function useSaveStanza() {
  return useOptimisticSavedChange<StanzaToSave, SavedStanza>({
    send: ({ day, note }) =>
      callApi('PUT /api/saved/:day', {
        params: { day },
        body: note === undefined ? {} : { note },
      }),
    change: (list, { day, firstLine, note }) => {
      if (list.some((stanza) => stanza.dayNumber === day)) {
        return list.map((stanza) =>
          stanza.dayNumber === day && note !== undefined ? { ...stanza, note } : stanza,
        );
      }
      const saved = { dayNumber: day, note: note ?? '', savedAt: new Date().toISOString() };
      return [{ ...saved, reference: null, firstLine }, ...list];
    },
    failureTitle: 'Could not save',
  });
}

/** Changes a saved day's note. */
export function useSaveNote() {
  return useOptimisticSavedChange<{ day: number; note: string }, SavedStanza>({
    send: ({ day, note }) => callApi('PUT /api/saved/:day', { params: { day }, body: { note } }),
    change: (list, { day, note }) =>
      list.map((stanza) => (stanza.dayNumber === day ? { ...stanza, note } : stanza)),
    failureTitle: 'Could not save the note',
  });
}

/** Removes a saved day and its note; one already removed elsewhere (404) counts as removed. */
export function useRemoveSavedStanza() {
  return useOptimisticSavedChange<number, void>({
    send: async (day) => {
      try {
        await callApi('DELETE /api/saved/:day', { params: { day } });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    change: (list, day) => list.filter((stanza) => stanza.dayNumber !== day),
    failureTitle: 'Could not remove',
  });
}
