import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ENTRY_TEXT_TOO_LONG, LIMITS } from '#shared/constants';
import { formatEntryText } from '#shared/journal-entry';
import type { User } from '#shared/auth-schemas';
import type { JournalEntry } from '#shared/journal-schemas';
import {
  EMPTY_REFLECTION,
  PARTS,
  type ReflectionValues,
  type SavedVersion,
  mergeReflections,
  sameContent,
  sameValues,
  valuesOf,
  versionOf,
} from '../../offline/reflection-versions.js';
import { ApiError } from '../../api/client.js';
import { postJournalEntry, useJournalDay } from '../../api/journal.js';
import { queryKeys } from '../../api/query-keys.js';
import { toast } from '../../hooks/use-toast.js';
import { clearDraft, readDraft, writeDraft } from '../../offline/drafts.js';
import { rememberEntry } from '../../offline/known-entries.js';
import { isNetworkFailure } from '../../offline/network-failure.js';
import {
  forgetOlderSave,
  keepOnDevice,
  removeUnlessReplaced,
  withOutboxLock,
} from '../../offline/outbox.js';
import { type SaveChannels, saveReflection } from '../../offline/reflection-save.js';
import { answerTimeLimit, currentEntryOf } from '../../offline/sync.js';
import { useKnownEntry } from '../../offline/use-known-entries.js';
import { syncSoon } from '../../offline/use-offline-sync.js';
import { usePendingSave } from '../../offline/use-pending-saves.js';

export const PENDING_LINE = 'Saved on this device — will sync';

/**
 * The stored text has the server's 20,000-character limit. Checked by hand rather than with
 * zod so the daily screen does not load a schema library for one rule.
 */
const reflectionResolver: Resolver<ReflectionValues> = (values) => {
  if (formatEntryText(values).length <= LIMITS.entryText) return { values, errors: {} };
  const longest = [...PARTS].sort((a, b) => values[b].length - values[a].length)[0] ?? 'thoughts';
  return { values: {}, errors: { [longest]: { type: 'maxLength', message: ENTRY_TEXT_TOO_LONG } } };
};

/**
 * What the form began from: the text it showed before the reader typed, and the saved version
 * that text belongs to (null when no entry was known). A save names that version, so it never
 * replaces another one unseen (docs/product.md#journal).
 */
interface Basis {
  values: ReflectionValues;
  base: SavedVersion | null;
}

/** The spec's words for a save that did not reach the journal; the form keeps what was written. */
const SAVE_FAILED = {
  variant: 'destructive',
  title: 'Error',
  description: 'Failed to save your reflection.',
} as const;

/** Where the form's words came from, when not straight from the server. */
export type ReflectionNotice = 'device-copy' | 'nothing-known' | null;

/** The newer of what the screen holds for the day and `entry`. */
const newer = (entry: JournalEntry) => (held: JournalEntry | null | undefined) =>
  held && held.updatedAt > entry.updatedAt ? held : entry;

/**
 * The day's reflection form: filled from a save waiting on this device, else the journal's
 * entry, else (no server) the entry as last saved on this device; typing is kept as a draft
 * on the device until saved. A save that meets a version of the entry it did not begin from
 * waits on the device beside it, for the reader to choose.
 */
export function useReflection({
  day,
  userId,
  onSaved,
}: {
  day: number;
  userId: number | undefined;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  const server = useJournalDay(day, userId);
  const couldNotAsk = server.isError;
  const known = useKnownEntry(userId, day, couldNotAsk);
  const outbox = usePendingSave(userId, day);
  const pending = outbox.pending;

  const journal: JournalEntry | null | undefined = server.isSuccess
    ? server.data
    : couldNotAsk && known.loaded
      ? known.entry
      : undefined;

  // A save still waiting on this device is newer than the journal's copy, so it fills the form
  // first; once the reader has seen a changed entry beside it, that entry is what it replaces.
  const source = useMemo<Basis | undefined>(() => {
    if (!outbox.loaded) return undefined;
    if (pending) {
      const base = pending.changedTo ? versionOf(pending.changedTo) : (pending.base ?? null);
      return { values: valuesOf(pending), base };
    }
    if (journal === undefined) return undefined;
    return { values: valuesOf(journal), base: journal && versionOf(journal) };
  }, [outbox.loaded, pending, journal]);

  const form = useForm<ReflectionValues>({
    resolver: reflectionResolver,
    defaultValues: EMPTY_REFLECTION,
  });
  const { reset, getValues, watch } = form;
  const basis = useRef<Basis | null>(null);
  const [ready, setReady] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  // Whether the form began from an entry the journal holds: Save then reads as Saved or Update.
  const [inJournal, setInJournal] = useState(false);

  /** Keeps the form's words on the device while they differ from what it began from. */
  const keepDraft = useCallback(() => {
    const began = basis.current;
    if (!began || userId === undefined) return;
    const values = getValues();
    const differs = !sameValues(values, began.values);
    setUnsaved(differs);
    if (differs) writeDraft(userId, day, { values, over: began.values, base: began.base });
    else clearDraft(userId, day);
  }, [getValues, userId, day]);

  /** Fills the form from `next`, with `typed` over it when the reader's words differ. */
  const fill = useCallback(
    (next: Basis, typed?: ReflectionValues) => {
      basis.current = next;
      setInJournal(next.base !== null);
      reset(typed ?? next.values);
      setReady(true);
      keepDraft();
    },
    [reset, keepDraft],
  );

  useEffect(() => {
    const subscription = watch(() => keepDraft());
    return () => subscription.unsubscribe();
  }, [watch, keepDraft]);

  useEffect(() => {
    if (!source || userId === undefined) return;
    const began = basis.current;
    if (!began) {
      // First fill: a draft left here goes back over what it was typed on.
      const draft = readDraft(userId, day);
      if (draft) fill({ values: draft.over, base: draft.base }, draft.values);
      else fill(source);
      return;
    }
    // The server now holds exactly what the form began from (the reader's own save, synced):
    // the form begins from that version, and the reader's typing stays.
    if (sameContent(source.values, began.values)) {
      if (source.base?.updatedAt !== began.base?.updatedAt) {
        basis.current = { values: began.values, base: source.base };
        setInJournal(source.base !== null);
        keepDraft();
      }
      return;
    }
    // A sync or refetch landing while someone types must not replace their words.
    if (!sameValues(getValues(), began.values)) return;
    fill(source);
  }, [source, userId, day, fill, keepDraft, getValues]);

  const showEntry = useCallback(
    (entry: JournalEntry) => {
      queryClient.setQueryData<JournalEntry | null>(queryKeys.journalDay(day), newer(entry));
      void rememberEntry(entry);
    },
    [queryClient, day],
  );

  /** Saves `values`, begun from `began`, and shows how it went. */
  const submit = async (values: ReflectionValues, began: Basis) => {
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
      pending !== null && pending !== undefined,
    );
    // Words typed while the save was on its way stay in the form, over what was saved.
    const now = getValues();
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

  const save = form.handleSubmit((values) =>
    submit(values, basis.current ?? { values: EMPTY_REFLECTION, base: null }),
  );

  const changedTo = pending?.changedTo;

  /** Keeps the form's words (the device's version, as the reader left it) over the changed one. */
  const keepMine = form.handleSubmit(async (values) => {
    if (!changedTo) return;
    await submit(values, { values: valuesOf(changedTo), base: versionOf(changedTo) });
    form.setFocus('thoughts');
  });

  /** Lets the device's words go, then fills the form from `next` (and `typed` over it). */
  const endConflict = async (next: Basis, typed?: ReflectionValues) => {
    if (!pending || !changedTo) return;
    showEntry(changedTo);
    try {
      await removeUnlessReplaced(pending);
    } catch (error) {
      console.warn('Could not clear the save kept on this device', error);
    }
    fill(next, typed);
    // The choice's buttons are gone: the reader goes on in the form.
    form.setFocus('thoughts');
  };

  /** Keeps the journal's changed version and lets the device's words go. */
  const keepSaved = () =>
    changedTo
      ? endConflict({ values: valuesOf(changedTo), base: versionOf(changedTo) })
      : undefined;

  /** Puts both versions into the form, unsaved, for the reader to finish and save. */
  const merge = () => {
    if (!pending || !changedTo) return;
    const merged = mergeReflections(
      valuesOf(changedTo),
      getValues(),
      pending.base ? valuesOf(pending.base) : null,
    );
    return endConflict({ values: valuesOf(changedTo), base: versionOf(changedTo) }, merged);
  };

  const notice: ReflectionNotice =
    couldNotAsk && known.loaded && !pending
      ? known.entry
        ? 'device-copy'
        : 'nothing-known'
      : null;

  return {
    form,
    loading: userId !== undefined && !ready,
    pending,
    changedTo,
    notice,
    unsaved,
    inJournal,
    save,
    keepMine,
    keepSaved,
    merge,
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
