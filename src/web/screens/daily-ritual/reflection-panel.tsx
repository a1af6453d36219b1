import { ArrowLeft, CloudOff, CloudUpload, Lock, PencilLine, Users } from 'lucide-react';
import { type FormEvent, type Ref, useId } from 'react';
import { Controller } from 'react-hook-form';
import { circlesOf, PARTS, valuesOf } from '../../offline/reflection-versions.js';
import { useCurrentUser } from '../../api/auth.js';
import { Button } from '../../components/ui/button.js';
import { FieldError, Label, Switch, Textarea } from '../../components/ui/form-controls.js';
import { toast } from '../../hooks/use-toast.js';
import { useOnline } from '../../offline/use-online.js';
import { ReflectionConflict } from './reflection-conflict.js';
import { type ReflectionNotice, useReflection } from './use-reflection.js';
import { PENDING_LINE } from './use-save-reflection.js';
import { SharedPartsChoice } from './shared-parts-choice.js';
import { CirclesChoice } from './circles-choice.js';

const fields: Record<(typeof PARTS)[number], { label: string; placeholder: string }> = {
  thoughts: { label: 'Good Thoughts', placeholder: 'A thought to hold today…' },
  words: { label: 'Good Words', placeholder: 'A word to speak with care…' },
  deeds: { label: 'Good Deeds', placeholder: 'A deed to do well…' },
};

const DRAFT_LINE = 'Draft — not saved yet';

/**
 * What the save button does now: the first save, nothing new to save (the journal holds what the
 * form shows), or an update of the saved entry.
 */
function saveLabel(inJournal: boolean, changed: boolean): string {
  if (!inJournal) return 'Save Reflection';
  return changed ? 'Update reflection' : 'Saved';
}

/** Why the form shows what it shows, when the journal could not be asked. */
function noticeText(notice: Exclude<ReflectionNotice, null>, online: boolean): string {
  const why = online ? 'Your journal could not be reached' : "You're offline";
  return notice === 'device-copy'
    ? `${why}: this is your reflection as last saved on this device.`
    : `${why}: a reflection saved for this day on another device cannot be shown until the connection returns.`;
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
  const online = useOnline();
  const reflection = useReflection({ day, userId: user?.id, onSaved });
  const { form, pending, changedTo, notice, unsaved, inJournal } = reflection;
  const { register, control, formState } = form;
  const saving = formState.isSubmitting;
  // A draft kept before circles existed holds none.
  const chosenCircles = circlesOf(form.watch('circleIds'));

  const save = (event: FormEvent<HTMLFormElement>) => {
    if (!user) {
      event.preventDefault();
      toast({ title: 'Sign in required', description: 'Please sign in to save your reflections.' });
      return;
    }
    void reflection.save(event);
  };

  const loadingEntry = reflection.loading;
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

      {changedTo && pending && (
        <ReflectionConflict
          saved={changedTo}
          mine={valuesOf(pending)}
          busy={saving}
          onKeepMine={() => void reflection.keepMine()}
          onKeepSaved={() => void reflection.keepSaved()}
          onMerge={() => void reflection.merge()}
        />
      )}

      {signedIn && notice && (
        <p className="flex items-start gap-2 rounded-xl border border-border bg-secondary px-4 py-3 text-sm text-secondary-foreground">
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {noticeText(notice, online)}
        </p>
      )}

      <form noValidate onSubmit={save} className="flex flex-col gap-6" aria-busy={loadingEntry}>
        {PARTS.map((name) => {
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
            <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card px-4 py-3 max-[359px]:px-3">
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
                className="flex min-w-0 cursor-pointer items-center gap-2 text-sm"
              >
                {field.value ? (
                  <Users className="size-4 shrink-0 text-primary" aria-hidden="true" />
                ) : (
                  <Lock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                )}
                {field.value ? 'Share with friends' : 'Keep private'}
              </Label>
            </div>
          )}
        />

        {signedIn && (
          <Controller
            control={control}
            name="circleIds"
            render={({ field }) => (
              <CirclesChoice
                value={circlesOf(field.value)}
                onChange={field.onChange}
                disabled={loadingEntry}
              />
            )}
          />
        )}

        {signedIn && (form.watch('isPublic') || chosenCircles.length > 0) && (
          <Controller
            control={control}
            name="sharedParts"
            render={({ field }) => (
              <SharedPartsChoice
                value={field.value}
                onChange={field.onChange}
                disabled={loadingEntry}
                who={
                  form.watch('isPublic')
                    ? chosenCircles.length > 0
                      ? 'Friends and your circles'
                      : 'Friends'
                    : 'Your circles'
                }
              />
            )}
          />
        )}

        {!signedIn && (
          <p id={hintId} className="text-sm text-muted-foreground">
            Sign in to save your reflections
          </p>
        )}

        {signedIn && pending && !changedTo && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CloudUpload className="size-4 shrink-0" aria-hidden="true" />
            {PENDING_LINE}
          </p>
        )}

        {signedIn && unsaved && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <PencilLine className="size-4 shrink-0" aria-hidden="true" />
            {DRAFT_LINE}
          </p>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {/* Beside the reading on a wide screen, the form has no step back to take. */}
          <Button
            type="button"
            variant="outline"
            size="lg"
            onClick={onBack}
            className="@5xl/shell:hidden"
          >
            <ArrowLeft aria-hidden="true" /> Back to Gatha
          </Button>
          <Button
            type="submit"
            size="lg"
            disabled={!signedIn || saving || loadingEntry}
            aria-describedby={signedIn ? undefined : hintId}
          >
            {saving ? 'Saving...' : saveLabel(inJournal && !pending, unsaved)}
          </Button>
        </div>
      </form>
    </section>
  );
}
