import { ArrowLeft, CloudUpload, Lock, Users } from 'lucide-react';
import { type Ref, useCallback, useEffect, useId, useRef } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ENTRY_TEXT_TOO_LONG, LIMITS } from '#shared/constants';
import { type EntryParts, formatEntryText, parseEntryText } from '#shared/journal-entry';
import type { JournalEntry } from '#shared/journal-schemas';
import { ENTRY_PARTS, type EntryPart } from '#shared/shared-parts';
import { useCurrentUser } from '../../api/auth.js';
import { useCreateJournalEntry, useJournalDay, useUpdateJournalEntry } from '../../api/journal.js';
import { Button } from '../../components/ui/button.js';
import { FieldError, Label, Switch, Textarea } from '../../components/ui/form-controls.js';
import { toast } from '../../hooks/use-toast.js';
import { isNetworkFailure } from '../../offline/network-failure.js';
import { forgetOlderSave, keepOnDevice, withOutboxLock } from '../../offline/outbox.js';
import { useOfflineSync } from '../../offline/use-offline-sync.js';
import { usePendingSave } from '../../offline/use-pending-saves.js';
import { SharedPartsChoice } from './shared-parts-choice.js';

const parts = ['thoughts', 'words', 'deeds'] as const satisfies readonly (keyof EntryParts)[];

const fields: Record<(typeof parts)[number], { label: string; placeholder: string }> = {
  thoughts: { label: 'Good Thoughts', placeholder: 'A thought to hold today…' },
  words: { label: 'Good Words', placeholder: 'A word to speak with care…' },
  deeds: { label: 'Good Deeds', placeholder: 'A deed to do well…' },
};

interface ReflectionValues extends EntryParts {
  isPublic: boolean;
  sharedParts: EntryPart[];
}

/**
 * The stored text has the server's 20,000-character limit. Checked by hand rather than with
 * zod so the daily screen does not load a schema library for one rule.
 */
const reflectionResolver: Resolver<ReflectionValues> = (values) => {
  if (formatEntryText(values).length <= LIMITS.entryText) return { values, errors: {} };
  const longest = [...parts].sort((a, b) => values[b].length - values[a].length)[0] ?? 'thoughts';
  return { values: {}, errors: { [longest]: { type: 'maxLength', message: ENTRY_TEXT_TOO_LONG } } };
};

type SavedText = Pick<JournalEntry, 'entryText' | 'isPublic'> &
  Partial<Pick<JournalEntry, 'sharedParts'>>;

function valuesOf(saved: SavedText | null | undefined): ReflectionValues {
  const sharedParts = saved?.sharedParts ?? [...ENTRY_PARTS];
  if (!saved) return { thoughts: '', words: '', deeds: '', isPublic: false, sharedParts };
  return { ...parseEntryText(saved.entryText), isPublic: saved.isPublic, sharedParts };
}

const sameValues = (a: ReflectionValues, b: ReflectionValues) =>
  a.isPublic === b.isPublic &&
  a.sharedParts.join() === b.sharedParts.join() &&
  parts.every((name) => a[name] === b[name]);

const PENDING_LINE = 'Saved on this device — will sync';

/** Panel 2: the day's reflection in three parts, kept private unless shared. */
export function ReflectionPanel({
  day,
  prompt,
  headingRef,
  onBack,
  onSaved,
}: {
  day: number;
  prompt: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const savedEntry = useJournalDay(day, signedIn);
  const outbox = usePendingSave(user?.id, day);
  const pending = outbox.pending;
  const createEntry = useCreateJournalEntry();
  const updateEntry = useUpdateJournalEntry();
  // Saves kept on this device go out as soon as the reflection opens, if they can.
  useOfflineSync();

  const form = useForm<ReflectionValues>({
    resolver: reflectionResolver,
    defaultValues: valuesOf(null),
  });
  const { register, control, reset, getValues, handleSubmit, formState } = form;
  const saving = formState.isSubmitting || createEntry.isPending || updateEntry.isPending;

  /** What the form was last filled with, to tell whether the person has typed since. */
  const filledWith = useRef(valuesOf(null));
  const fill = useCallback(
    (values: ReflectionValues) => {
      filledWith.current = values;
      reset(values);
    },
    [reset],
  );

  // A save still waiting on this device is newer than the server's copy, so it fills the form
  // first; otherwise the saved entry does, or the form empties (private) when there is none.
  const entry = savedEntry.data;
  const fillFrom = pending ?? (savedEntry.isSuccess ? (entry ?? null) : undefined);
  useEffect(() => {
    if (!outbox.loaded || fillFrom === undefined) return;
    // A sync or refetch landing while someone types must not replace their words.
    if (!sameValues(getValues(), filledWith.current)) return;
    fill(valuesOf(fillFrom));
  }, [outbox.loaded, fillFrom, getValues, fill]);

  const save = handleSubmit(async (values) => {
    if (!user) {
      toast({ title: 'Sign in required', description: 'Please sign in to save your reflections.' });
      return;
    }
    const saved: SavedText = { entryText: formatEntryText(values), isPublic: values.isPublic };
    const shared = { ...saved, sharedParts: values.sharedParts };

    // No connection: the words wait in this browser's outbox and go out when it returns.
    const keepHere = async () => {
      try {
        await keepOnDevice({ userId: user.id, dayNumber: day, ...shared });
      } catch (error) {
        console.warn('Could not keep the reflection on this device', error);
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to save your reflection.',
        });
        return;
      }
      fill(valuesOf(shared));
      toast({
        title: PENDING_LINE,
        description: 'It will be sent to your journal when the connection returns.',
      });
    };
    if (!navigator.onLine) return keepHere();

    const startedAt = Date.now();
    const sendNow = async () => {
      if (entry) await updateEntry.mutateAsync({ id: entry.id, ...shared });
      else await createEntry.mutateAsync({ dayNumber: day, ...shared });
      // The server now has newer words than the save waiting here, which must not follow them.
      if (pending)
        await forgetOlderSave(user.id, day, startedAt).catch((error: unknown) =>
          console.warn('Could not clear the older save kept on this device', error),
        );
    };
    try {
      // With a save of this day waiting, a sync may be sending it: take turns with it.
      await (pending ? withOutboxLock(sendNow) : sendNow());
    } catch (error) {
      if (isNetworkFailure(error)) return keepHere();
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to save your reflection.',
      });
      return;
    }
    fill(valuesOf(shared));
    toast({ title: 'Saved!', description: 'Your reflection has been saved.' });
    onSaved();
  });

  const loadingEntry = signedIn && (savedEntry.isLoading || !outbox.loaded);
  const hintId = `${id}-hint`;

  return (
    <section aria-labelledby="reflection-heading" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2
          id="reflection-heading"
          ref={headingRef}
          tabIndex={-1}
          className="font-serif text-2xl font-semibold tracking-wide focus:outline-none"
        >
          Daily Reflection
        </h2>
        {prompt ? (
          <p className="font-serif text-lg italic leading-relaxed text-muted-foreground">
            {prompt}
          </p>
        ) : (
          <p className="text-sm leading-relaxed text-muted-foreground">
            Carry the stanza into your day in three parts.
          </p>
        )}
      </div>

      <form
        noValidate
        onSubmit={(event) => void save(event)}
        className="flex flex-col gap-6"
        aria-busy={loadingEntry}
      >
        {parts.map((name) => {
          const fieldId = `${id}-${name}`;
          const errorId = `${fieldId}-error`;
          const error = formState.errors[name]?.message;
          return (
            <div key={name} className="flex flex-col gap-2">
              <Label htmlFor={fieldId} className="font-serif text-base font-semibold">
                {fields[name].label}
              </Label>
              <Textarea
                id={fieldId}
                rows={3}
                placeholder={fields[name].placeholder}
                disabled={loadingEntry}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="min-h-24 bg-card leading-relaxed"
                {...register(name)}
              />
              <FieldError id={errorId} message={error} />
            </div>
          );
        })}

        <Controller
          control={control}
          name="isPublic"
          render={({ field }) => (
            <div className="flex items-center gap-3 rounded-xl border border-border bg-card px-4 py-3">
              <Switch
                id={`${id}-public`}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                disabled={!signedIn || loadingEntry}
                aria-describedby={signedIn ? undefined : hintId}
              />
              <Label
                htmlFor={`${id}-public`}
                className="flex cursor-pointer items-center gap-2 text-sm"
              >
                {field.value ? (
                  <Users className="size-4 text-primary" aria-hidden="true" />
                ) : (
                  <Lock className="size-4 text-muted-foreground" aria-hidden="true" />
                )}
                {field.value ? 'Share with friends' : 'Keep private'}
              </Label>
            </div>
          )}
        />

        {signedIn && form.watch('isPublic') && (
          <Controller
            control={control}
            name="sharedParts"
            render={({ field }) => (
              <SharedPartsChoice
                value={field.value}
                onChange={field.onChange}
                disabled={loadingEntry}
              />
            )}
          />
        )}

        {!signedIn && (
          <p id={hintId} className="text-sm text-muted-foreground">
            Sign in to save your reflections
          </p>
        )}

        {signedIn && pending && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CloudUpload className="size-4 shrink-0" aria-hidden="true" />
            {PENDING_LINE}
          </p>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" size="lg" onClick={onBack}>
            <ArrowLeft aria-hidden="true" /> Back to Gatha
          </Button>
          <Button
            type="submit"
            size="lg"
            disabled={!signedIn || saving || loadingEntry}
            aria-describedby={signedIn ? undefined : hintId}
          >
            {saving ? 'Saving...' : 'Save Reflection'}
          </Button>
        </div>
      </form>
    </section>
  );
}
