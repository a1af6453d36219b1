import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { formatEntryText } from '#shared/journal-entry';
import type { User } from '#shared/auth-schemas';
import type { JournalEntry } from '#shared/journal-schemas';
import {
  type ReflectionValues,
  sameValues,
  valuesOf,
  versionOf,
} from '../../offline/reflection-versions.js';
import { ApiError } from '../../api/client.js';
import { postJournalEntry } from '../../api/journal.js';
import { queryKeys } from '../../api/query-keys.js';
import { toast } from '../../hooks/use-toast.js';
import { rememberEntry } from '../../offline/known-entries.js';
import { isNetworkFailure } from '../../offline/network-failure.js';
import { forgetOlderSave, keepOnDevice, withOutboxLock } from '../../offline/outbox.js';
import { type SaveChannels, saveReflection } from '../../offline/reflection-save.js';
import { answerTimeLimit, currentEntryOf } from '../../offline/sync.js';
import { syncSoon } from '../../offline/use-offline-sync.js';
import type { Basis } from './use-reflection-form.js';

export const PENDING_LINE = 'Saved on this device — will sync';

/** The spec's words for a save that did not reach the journal; the form keeps what was written. */
const SAVE_FAILED = {
  variant: 'destructive',
  title: 'Error',
  description: 'Failed to save your reflection.',
} as const;

/** The newer of what the screen holds for the day and `entry`. */
const newer = (entry: JournalEntry) => (held: JournalEntry | null | undefined) =>
  held && held.updatedAt > entry.updatedAt ? held : entry;

/** Shows `entry` as the day's (unless the screen holds a newer one) and keeps it on the device. */
export function useShowEntry(day: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (entry: JournalEntry) => {
      queryClient.setQueryData<JournalEntry | null>(queryKeys.journalDay(day), newer(entry));
      void rememberEntry(entry);
    },
    [queryClient, day],
  );
}

/**
 * Saving the day's reflection (offline/reflection-save.ts), and telling the reader how it went:
 * `submit(values, began)` saves `values`, begun from `began`, then fills the form from what
 * was kept, with any words typed while the save was on its way over it.
 */
export function useSaveReflection({
  userId,
  day,
  waitingOnDevice,
  typedNow,
  fill,
  onSaved,
}: {
  userId: number | undefined;
  day: number;
  /** Whether a save of the day already waits on this device. */
  waitingOnDevice: boolean;
  typedNow: () => ReflectionValues;
  fill: (next: Basis, typed?: ReflectionValues) => void;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const showEntry = useShowEntry(day);

  return async (values: ReflectionValues, began: Basis) => {
    if (userId === undefined) return;
    const saved = {
      entryText: formatEntryText(values),
      isPublic: values.isPublic,
      sharedParts: values.sharedParts,
      circleIds: values.circleIds,
    };
    const outcome = await saveReflection(
      reflectionChannels(userId, day),
      saved,
      began,
      waitingOnDevice,
    );
    // Words typed while the save was on its way stay in the form, over what was saved.
    const now = typedNow();
    const typedMeanwhile = sameValues(now, values) ? undefined : now;
    switch (outcome.kind) {
      case 'saved':
        showEntry(outcome.entry);
        void queryClient.invalidateQueries({ queryKey: queryKeys.journal });
        fill({ values: valuesOf(outcome.entry), base: versionOf(outcome.entry) }, typedMeanwhile);
        toast({ title: 'Saved!', description: 'Your reflection has been saved.' });
        onSaved();
        return;
      case 'changed-elsewhere':
        showEntry(outcome.changedTo);
        fill({ values: valuesOf(saved), base: versionOf(outcome.changedTo) }, typedMeanwhile);
        toast({
          title: 'This reflection changed elsewhere',
          description: 'Both versions are shown: choose which one to keep.',
        });
        return;
      case 'waiting-on-device':
        fill({ values: valuesOf(saved), base: began.base }, typedMeanwhile);
        toast({
          title: PENDING_LINE,
          description: 'It will be sent to your journal when the connection returns.',
        });
        // The browser believes it is online: the server could not be reached, so try again soon.
        if (navigator.onLine) syncSoon();
        return;
      case 'not-kept':
        toast(SAVE_FAILED);
        return;
      case 'signed-out':
        // The app signs this device out and says why; the words stay in the form's draft for
        // the person's next sign-in. A sign-in in another tab meanwhile signs nobody out
        // (docs/decisions/010): the reader is still here, with the words in the form, and is
        // told the save did not go.
        if (queryClient.getQueryData<User | null>(queryKeys.me)?.id === userId) toast(SAVE_FAILED);
        return;
    }
  };
}

/** The journal, this device's outbox and the connection, as a save of `day` meets them. */
function reflectionChannels(userId: number, day: number): SaveChannels {
  return {
    // An answer that never comes counts as no connection: the words then wait on the device.
    post: (save, baseUpdatedAt) =>
      postJournalEntry({ dayNumber: day, ...save, baseUpdatedAt }, answerTimeLimit()),
    keepOnDevice: async (save, base, changedTo) => {
      await keepOnDevice({ userId, dayNumber: day, ...save, base, changedTo });
    },
    takeTurnsWithSync: withOutboxLock,
    forgetOlderSave: (startedAt) => forgetOlderSave(userId, day, startedAt),
    online: () => navigator.onLine,
    now: () => Date.now(),
    currentEntryOf,
    statusOf: (error) => (error instanceof ApiError ? error.status : null),
    isNetworkFailure,
    warn: (message, error) => console.warn(message, error),
  };
}
