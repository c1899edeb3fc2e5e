// Shared zod rules: imported by the server (boundary validation) and by web/ (forms).
// Pure: no server imports.
import { z } from 'zod';

export const EMAIL_MAX = 254;
export const INVALID_EMAIL = 'Please enter a valid email address';

/** 'Must look like an address, at most 254 characters'. The HTML5 pattern also accepts
 *  single-label domains such as the bootstrap account admin@localhost. */
export const emailRule = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(EMAIL_MAX, { error: INVALID_EMAIL })
  .pipe(z.email({ pattern: z.regexes.html5Email, error: INVALID_EMAIL }));

export const INVALID_ID = (what: string) => `Invalid ${what} ID format`;

/** Ids are UUIDs: 'Invalid club ID format' style errors. */
export const uuidRule = (what: string) => z.uuid({ error: INVALID_ID(what) });

/** One schema for every id of a list (built once: a schema per id would be built per request). */
const anyUuid = z.uuid();

/** Ids in a list: invalid ones are dropped, as the spec says. */
export const uuidListRule = z
  .array(z.string())
  .transform((ids) => ids.filter((id) => anyUuid.safeParse(id).success));
