import { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters } from './plain-text.js';

/**
 * A required text field: a missing value reads 'Required', a value of the wrong type reads
 * 'Expected text'.
 */
export function requiredText() {
  return z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Required' : 'Expected text',
  });
}

/** Refuses line breaks and other control characters in a one-line field. */
export const oneLine = (label: string) =>
  [
    (text: string) => !hasControlCharacters(text),
    { error: controlCharactersMessage(label) },
  ] as const;

/** An optional text field where an empty or blank value means "not given". */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: 'Expected text' })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine(...oneLine(label))
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * A body schema that judges a call sent without a body as an empty object, so it gets the
 * schema's own messages ('Password is required') rather than one about the missing body.
 */
export function orEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: z.input<T> | undefined) => value ?? {}, schema);
}
