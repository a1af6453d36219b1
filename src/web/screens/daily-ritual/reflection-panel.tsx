import { ArrowLeft, Lock, Users } from 'lucide-react';
import { type Ref, useEffect, useId } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { ENTRY_TEXT_TOO_LONG, LIMITS } from '#shared/constants';
import { type EntryParts, formatEntryText, parseEntryText } from '#shared/journal-entry';
import type { JournalEntry } from '#shared/journal-schemas';
import { useCurrentUser } from '../../api/auth.js';
import { useCreateJournalEntry, useJournalDay, useUpdateJournalEntry } from '../../api/journal.js';
import { Button } from '../../components/ui/button.js';
import { FieldError, Label, Switch, Textarea } from '../../components/ui/form-controls.js';
import { toast } from '../../hooks/use-toast.js';

const parts = ['thoughts', 'words', 'deeds'] as const satisfies readonly (keyof EntryParts)[];

const fields: Record<(typeof parts)[number], { label: string; placeholder: string }> = {
  thoughts: { label: 'Good Thoughts', placeholder: 'A thought to hold today…' },
  words: { label: 'Good Words', placeholder: 'A word to speak with care…' },
  deeds: { label: 'Good Deeds', placeholder: 'A deed to do well…' },
};

interface ReflectionValues extends EntryParts {
  isPublic: boolean;
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

function valuesOf(entry: JournalEntry | null | undefined): ReflectionValues {
  if (!entry) return { thoughts: '', words: '', deeds: '', isPublic: false };
  return { ...parseEntryText(entry.entryText), isPublic: entry.isPublic };
}

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
  const createEntry = useCreateJournalEntry();
  const updateEntry = useUpdateJournalEntry();
  const saving = createEntry.isPending || updateEntry.isPending;

  const form = useForm<ReflectionValues>({
    resolver: reflectionResolver,
    defaultValues: valuesOf(null),
  });
  const { register, control, reset, handleSubmit, formState } = form;

  // The saved entry fills the form, or empties it (private) when the day has none.
  const entry = savedEntry.data;
  useEffect(() => {
    if (savedEntry.isSuccess) reset(valuesOf(entry));
  }, [entry, savedEntry.isSuccess, reset]);

  const save = handleSubmit(async (values) => {
    if (!signedIn) {
      toast({ title: 'Sign in required', description: 'Please sign in to save your reflections.' });
      return;
    }
    const entryText = formatEntryText(values);
    try {
      if (entry)
        await updateEntry.mutateAsync({ id: entry.id, entryText, isPublic: values.isPublic });
      else await createEntry.mutateAsync({ dayNumber: day, entryText, isPublic: values.isPublic });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to save your reflection.',
      });
      return;
    }
    toast({ title: 'Saved!', description: 'Your reflection has been saved.' });
    onSaved();
  });

  const loadingEntry = signedIn && savedEntry.isLoading;
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

        {!signedIn && (
          <p id={hintId} className="text-sm text-muted-foreground">
            Sign in to save your reflections
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
