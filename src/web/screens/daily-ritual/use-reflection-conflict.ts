import type { UseFormReturn } from 'react-hook-form';
import type { PendingSave } from '../../offline/offline-outbox.js';
import {
  type ReflectionValues,
  mergeReflections,
  valuesOf,
  versionOf,
} from '../../offline/reflection-versions.js';
import { removeUnlessReplaced } from '../../offline/outbox.js';
import type { Basis } from './use-reflection-form.js';
import { useShowEntry } from './use-save-reflection.js';

/**
 * The reader's choice when a save waiting on this device met a version of the entry changed
 * elsewhere (`pending.changedTo`): keep the device's words, keep the changed version, or put
 * both into the form to finish by hand (docs/product.md#journal).
 */
export function useReflectionConflict({
  day,
  pending,
  form,
  fill,
  submit,
}: {
  day: number;
  pending: PendingSave | null | undefined;
  form: UseFormReturn<ReflectionValues>;
  fill: (next: Basis, typed?: ReflectionValues) => void;
  submit: (values: ReflectionValues, began: Basis) => Promise<void>;
}) {
  const showEntry = useShowEntry(day);
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
      form.getValues(),
      pending.base ? valuesOf(pending.base) : null,
    );
    return endConflict({ values: valuesOf(changedTo), base: versionOf(changedTo) }, merged);
  };

  return { changedTo, keepMine, keepSaved, merge };
}
