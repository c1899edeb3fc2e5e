// Reading a zod rule's refusal the way the forms do: every message, keyed by the field's path.
import type { z } from 'zod';

/** The messages of a failed parse keyed by the joined path ({} when the value passes). */
export function byPath(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}
