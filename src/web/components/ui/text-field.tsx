import { type ComponentProps, useId } from 'react';
import { FieldError, Input, Label } from './form-controls.js';

/** A labelled input whose validation message is announced and tied to it. */
export function TextField({
  label,
  error,
  ...inputProps
}: ComponentProps<'input'> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
