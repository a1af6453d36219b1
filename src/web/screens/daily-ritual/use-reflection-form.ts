import { useCallback, useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { ENTRY_TEXT_TOO_LONG, LIMITS } from '#shared/constants';
import { formatEntryText } from '#shared/journal-entry';
import {
  EMPTY_REFLECTION,
  PARTS,
  type ReflectionValues,
  type SavedVersion,
  sameContent,
  sameValues,
} from '../../offline/reflection-versions.js';
import { clearDraft, readDraft, writeDraft } from '../../offline/drafts.js';

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
export interface Basis {
  values: ReflectionValues;
  base: SavedVersion | null;
}

/** What a form that has not begun from anything saves over. */
export const NOTHING_BEFORE: Basis = { values: EMPTY_REFLECTION, base: null };

/**
 * The reflection form's words: filled from `source` (what is known of the day's entry) when it
 * first comes, with a draft left on this device over it; kept on the device as a draft while
 * they differ from what the form began from. A later `source` fills the form only while the
 * reader has not typed: a sync or refetch never replaces their words.
 */
export function useReflectionForm(userId: number | undefined, day: number, source?: Basis) {
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

  /** What the form began from; nothing saved yet before its first fill. */
  const began = useCallback(() => basis.current ?? NOTHING_BEFORE, []);

  return { form, fill, began, ready, unsaved, inJournal };
}
