// Helpers between react-hook-form errors, server field errors and what a field displays.
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Every message of a field error: with criteriaMode 'all' a password lists each failed rule. */
export function fieldMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const messages: string[] = [];
  for (const value of Object.values(error.types ?? {})) {
    if (typeof value === 'string') messages.push(value);
    if (Array.isArray(value)) messages.push(...value.filter((item): item is string => typeof item === 'string'));
  }
  if (messages.length === 0 && error.message) messages.push(error.message);
  return [...new Set(messages)];
}

/** Puts the server's `fields` on the form, translating server names to form names.
 *  Returns the form fields that received an error. */
export function applyServerFieldErrors<T extends FieldValues>(
  fields: Record<string, string> | undefined,
  setError: UseFormSetError<T>,
  names: Record<string, Path<T>>,
): Path<T>[] {
  const applied: Path<T>[] = [];
  for (const [serverName, message] of Object.entries(fields ?? {})) {
    const name = names[serverName];
    if (!name) continue;
    setError(name, { type: 'server', message });
    applied.push(name);
  }
  return applied;
}
