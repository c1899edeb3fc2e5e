import type { z } from 'zod';
import { errors } from './errors.js';

/** Checks input against a shared zod rule. The first problem becomes the message; every field's
 *  first problem is listed in `fields` so forms can show each one. */
export function parseInput<S extends z.ZodType>(rules: S, input: unknown): z.output<S> {
  const result = rules.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  throw errors.validation(result.error.issues[0]?.message ?? 'Please check your input and try again.', fields);
}
