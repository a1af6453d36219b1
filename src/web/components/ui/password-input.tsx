import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useId, useMemo, useState } from 'react';
import { type PasswordJudge, type StrengthWord, personalWords } from '#shared/password-strength';
import { useDebouncedValue } from '../../hooks/use-debounced-value.js';
import { cn } from '../../lib/cn.js';
import { FieldError, Input, Label } from './form-controls.js';

/** What the meter needs to judge a new password as it is typed. */
export interface StrengthCheck {
  /** The password as typed (the form's watched value). */
  password: string;
  /** The judge, or null while it loads. */
  judge: PasswordJudge | null;
  /** The person's name, username and email, which a password must not lean on. */
  personal?: readonly (string | null | undefined)[];
}

const SEGMENTS = 3;
const filled: Record<StrengthWord, number> = { Weak: 1, Fair: 2, Strong: 3 };
const tone: Record<StrengthWord, string> = {
  Weak: 'bg-destructive',
  Fair: 'bg-ring',
  Strong: 'bg-primary',
};

/**
 * How strong the password typed so far is: a short bar and a word, announced politely when the
 * word changes. Judged a task after the text last changed, once what was typed is painted, so
 * typing never waits for it.
 */
function StrengthMeter({ check }: { check: StrengthCheck }) {
  const password = useDebouncedValue(check.password, 0);
  // The details as one value, so the judgement is made again only when one of them changes.
  const personal = JSON.stringify(check.personal ?? []);
  const judgement = useMemo(() => {
    if (!check.judge || !password) return null;
    return check.judge(password, personalWords(JSON.parse(personal) as (string | null)[]));
  }, [check.judge, password, personal]);
  const word = judgement?.word;
  return (
    // On a narrow screen the word goes under the bar rather than past the screen's edge.
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <div aria-hidden="true" className="grid min-w-12 flex-1 grid-cols-3 gap-1">
        {Array.from({ length: SEGMENTS }, (_, index) => (
          <span
            key={index}
            className={cn(
              'h-1.5 rounded-full bg-muted',
              word && index < filled[word] && tone[word],
            )}
          />
        ))}
      </div>
      <p
        aria-live="polite"
        className={cn(
          'ml-auto min-w-[min(7rem,100%)] text-right text-sm',
          word === 'Weak' ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        {word ? `Password strength: ${word}` : ''}
      </p>
    </div>
  );
}

/**
 * A labelled password field with a button that shows or hides what was typed, and, where a
 * password is being chosen, a strength meter under it. Its validation message is announced and
 * tied to it, as TextField's, and so is a message about the whole form given by
 * `aria-describedby` (with `aria-invalid`).
 */
export function PasswordInput({
  label,
  error,
  strength,
  className,
  'aria-describedby': formMessageId,
  'aria-invalid': invalid,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  error?: string | undefined;
  strength?: StrengthCheck;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, formMessageId].filter(Boolean).join(' ');
  const [shown, setShown] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={shown ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : invalid}
          aria-describedby={describedBy || undefined}
          className={cn('pr-12 max-[359px]:pr-10', className)}
          {...inputProps}
        />
        <button
          type="button"
          aria-label="Show password"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((now) => !now)}
          className="absolute inset-y-0 right-0 flex w-11 max-[359px]:w-9 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {shown ? (
            <EyeOff className="size-5" aria-hidden="true" />
          ) : (
            <Eye className="size-5" aria-hidden="true" />
          )}
        </button>
      </div>
      {strength && <StrengthMeter check={strength} />}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
