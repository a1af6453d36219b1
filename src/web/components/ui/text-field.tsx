import { type ComponentProps, useId } from 'react';
import { FieldError, Input, Label } from './form-controls.js';

/**
 * A labelled input whose validation message is announced and tied to it. A message about the
 * whole form (given by `aria-describedby`, with `aria-invalid`) describes it as well.
 */
export function TextField({
  label,
  error,
  'aria-describedby': formMessageId,
  'aria-invalid': invalid,
  ...inputProps
}: ComponentProps<'input'> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, formMessageId].filter(Boolean).join(' ');
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : invalid}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
