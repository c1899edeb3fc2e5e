// Personal API token rules, shared by the server and the Developer page's form (web/ imports this
// file, so it must not import server code).
import { z } from 'zod';

import { API_SCOPE_GROUPS, API_SCOPE_NAMES, API_SCOPES, READ_SCOPES, type ApiScopeName, type ReadScope } from '../../lib/shared/api-scopes.js';

export { API_SCOPE_GROUPS, API_SCOPE_NAMES, API_SCOPES, READ_SCOPES, type ApiScopeName, type ReadScope };

/** A scope's GraphQL enum value: `messages:write` is `MESSAGES_WRITE`, `read:public` is `READ_PUBLIC`. */
export function scopeEnumName(scope: ApiScopeName): string {
  return scope.replace(':', '_').toUpperCase();
}

/** The scope a GraphQL enum value stands for, or null. */
export function scopeOfEnumName(name: string): ApiScopeName | null {
  return API_SCOPE_NAMES.find((scope) => scopeEnumName(scope) === name) ?? null;
}

export const TOKEN_NAME_MAX = 100;
/** The longest a token may live; the form offers dates up to this many days ahead. */
export const TOKEN_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

export const TOKEN_MESSAGES = {
  nameRequired: 'Token name is required',
  nameTooLong: `Token name must be at most ${TOKEN_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  unknownScope: 'Unknown scope',
  expiryPast: 'The expiry date must be in the future',
  expiryTooFar: `Choose an expiry date within ${TOKEN_MAX_DAYS} days`,
  notFound: 'API token not found',
} as const;

export const tokenNameRule = z
  .string({ error: TOKEN_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: TOKEN_MESSAGES.nameRequired })
  .max(TOKEN_NAME_MAX, { error: TOKEN_MESSAGES.nameTooLong });

/** A non-empty set of known scopes (repeats collapse). */
export const tokenScopesRule = z
  .array(z.enum(API_SCOPE_NAMES, { error: TOKEN_MESSAGES.unknownScope }), { error: TOKEN_MESSAGES.scopesRequired })
  .min(1, { error: TOKEN_MESSAGES.scopesRequired })
  .transform((scopes) => API_SCOPE_NAMES.filter((scope) => scopes.includes(scope)));

/** createApiToken's input (server side): `expiresAt` is an instant, absent for a token that does
 *  not expire. The form's date means "through that day", so the bound allows one day more. */
export const createApiTokenRules = z.object({
  name: tokenNameRule,
  scopes: tokenScopesRule,
  expiresAt: z
    .date({ error: TOKEN_MESSAGES.expiryPast })
    .nullish()
    .superRefine((value, ctx) => {
      if (!value) return;
      const now = Date.now();
      if (value.getTime() <= now) ctx.addIssue({ code: 'custom', message: TOKEN_MESSAGES.expiryPast });
      else if (value.getTime() > now + (TOKEN_MAX_DAYS + 1) * DAY_MS) ctx.addIssue({ code: 'custom', message: TOKEN_MESSAGES.expiryTooFar });
    })
    .transform((value) => value ?? null),
});
export type CreateApiTokenValues = z.output<typeof createApiTokenRules>;

/** 'YYYY-MM-DD' of a local date. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The instant a token chosen to expire on `day` (local 'YYYY-MM-DD') stops: the end of that day. */
export function endOfLocalDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + 1);
}

/** The Developer page's form: the same name and scope rules; the expiry as a date input's value
 *  ('' for none), after today and at most TOKEN_MAX_DAYS ahead. */
export function createApiTokenFormRules(today = new Date()) {
  const first = localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1));
  const last = localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + TOKEN_MAX_DAYS));
  return z.object({
    name: tokenNameRule,
    scopes: tokenScopesRule,
    expiresOn: z
      .string()
      .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), { error: TOKEN_MESSAGES.expiryPast })
      .refine((value) => value === '' || value >= first, { error: TOKEN_MESSAGES.expiryPast })
      .refine((value) => value === '' || value <= last, { error: TOKEN_MESSAGES.expiryTooFar }),
  });
}
export type CreateApiTokenForm = z.input<ReturnType<typeof createApiTokenFormRules>>;

export const revokeApiTokenRules = z.object({ id: z.uuid({ error: TOKEN_MESSAGES.notFound }) });

/** The marker every token starts with: tells a token from a JWT at a glance (and to secret
 *  scanners), and lets the server route it without trying to verify it as a JWT. */
export const API_TOKEN_MARKER = 'clubroom_pat_';
/** Characters after the marker kept for display. */
export const API_TOKEN_PREFIX_LENGTH = 8;
