import { ApiError } from './client.js';

/** Messages the server sends without a path that still belong to one field of a form. */
const MESSAGE_FIELDS: Record<string, string> = {
  'Username already taken': 'username',
  'Email already registered': 'email',
};

/**
 * The field messages of a refused call, limited to the form's own fields, so each can be shown
 * beside its input; an empty list when the failure belongs to no field.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { field: Field; message: string }[] {
  if (!(error instanceof ApiError)) return [];
  const body = error.body;
  const isField = (value: unknown): value is Field =>
    typeof value === 'string' && (fields as readonly string[]).includes(value);
  const found: { field: Field; message: string }[] = [];
  if (Array.isArray(body?.errors)) {
    for (const issue of body.errors as unknown[]) {
      if (!issue || typeof issue !== 'object') continue;
      const { path, message } = issue as { path?: unknown; message?: unknown };
      if (isField(path) && typeof message === 'string' && !found.some((f) => f.field === path)) {
        found.push({ field: path, message });
      }
    }
  }
  const message = body?.message;
  if (found.length === 0 && typeof message === 'string') {
    const field = MESSAGE_FIELDS[message];
    if (isField(field)) found.push({ field, message });
  }
  return found;
}

/**
 * Shows each field message of a refused call beside its input, as react-hook-form's `setError`
 * does, and moves the focus to the first, so the person lands where the correction is needed.
 * False when no message belongs to one of the form's fields: the caller then says it elsewhere.
 */
export function showServerFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: { message: string }, options?: { shouldFocus: boolean }) => void,
): boolean {
  const found = serverFieldErrors(error, fields);
  found.forEach(({ field, message }, index) =>
    setError(field, { message }, { shouldFocus: index === 0 }),
  );
  return found.length > 0;
}
