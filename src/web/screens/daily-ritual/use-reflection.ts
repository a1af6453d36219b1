import { useMemo } from 'react';
import type { JournalEntry } from '#shared/journal-schemas';
import { valuesOf, versionOf } from '../../offline/reflection-versions.js';
import { useJournalDay } from '../../api/journal.js';
import { useKnownEntry } from '../../offline/use-known-entries.js';
import { usePendingSave } from '../../offline/use-pending-saves.js';
import { useReflectionConflict } from './use-reflection-conflict.js';
import { type Basis, useReflectionForm } from './use-reflection-form.js';
import { useSaveReflection } from './use-save-reflection.js';

/** Where the form's words came from, when not straight from the server. */
export type ReflectionNotice = 'device-copy' | 'nothing-known' | null;

/**
 * The day's reflection form: filled from a save waiting on this device, else the journal's
 * entry, else (no server) the entry as last saved on this device; typing is kept as a draft
 * on the device until saved (use-reflection-form.ts). A save that meets a version of the entry
 * it did not begin from waits on the device beside it, for the reader to choose
 * (use-reflection-conflict.ts).
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

  const { form, fill, began, ready, unsaved, inJournal } = useReflectionForm(userId, day, source);
  const submit = useSaveReflection({
    userId,
    day,
    waitingOnDevice: pending !== null && pending !== undefined,
    typedNow: form.getValues,
    fill,
    onSaved,
  });
  const save = form.handleSubmit((values) => submit(values, began()));
  const { changedTo, keepMine, keepSaved, merge } = useReflectionConflict({
    day,
    pending,
    form,
    fill,
    submit,
  });

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
