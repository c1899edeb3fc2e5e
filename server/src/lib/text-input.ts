// The one check every string a client sends passes through, at both boundaries (GraphQL arguments
// and REST bodies, query strings and path parameters), before any rule, rate limit or statement sees
// it. PostgreSQL text cannot hold U+0000 at all, and the other control characters (and unpaired
// UTF-16 surrogates) have no place in names, messages or addresses: they are refused, not stripped,
// so a client never has something saved that differs from what it sent.
import { errors, type AppError } from './errors.js';

export const DISALLOWED_CHARACTERS = 'Text cannot contain control characters.';

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Input nested deeper than this is refused whole (no legitimate input comes close). */
const MAX_DEPTH = 32;

function badString(value: string): boolean {
  return CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/** The path of the first string (key or value) in `value` that holds a disallowed character, or
 *  null when there is none. */
export function disallowedTextPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return badString(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path || '_';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = disallowedTextPath(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (badString(key)) return here;
    const found = disallowedTextPath(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The validation error for `value`, or null when all its text is clean. `prefix` names where it
 *  came from (an argument's name), so forms can show the message beside the field. */
export function disallowedTextError(value: unknown, prefix?: string): AppError | null {
  const found = disallowedTextPath(value);
  if (found === null) return null;
  const field = [prefix, found === '_' ? undefined : found].filter(Boolean).join('.') || '_';
  return errors.validation(DISALLOWED_CHARACTERS, { [field]: DISALLOWED_CHARACTERS });
}

export function assertCleanText(value: unknown, prefix?: string): void {
  const error = disallowedTextError(value, prefix);
  if (error) throw error;
}
