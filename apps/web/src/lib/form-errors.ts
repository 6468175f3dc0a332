import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';

/**
 * Puts the server's per-field messages of a 400 answer on the form's fields.
 * Returns the first message placed, or null when the error carried none for these fields.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  let first: string | null = null;
  for (const field of fields) {
    const message = error.fields[field];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: first === null });
    first ??= message;
  }
  return first;
}
