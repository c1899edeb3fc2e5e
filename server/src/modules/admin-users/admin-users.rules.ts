// The Users tab's rules, messages and wording (../shared/spec/administration.md, Users; issue 13
// contract section 1). Pure: imported by the server and by web/ (the suspend, ban and reinstate
// dialogs), so the same words reach the form and the API.
import { z } from 'zod';

export const USER_REASON_MAX = 1000;
export const USER_NOTE_MAX = 1000;
export const USER_SEARCH_MAX = 100;
export const ADMIN_USERS_PAGE_DEFAULT = 20;
/** How often the worker looks for suspensions whose end has passed. */
export const SUSPENSION_SWEEP_MS = 60_000;

export const ADMIN_USERS_MESSAGES = {
  reasonRequired: 'Reason is required',
  reasonTooLong: `Reason must be less than ${USER_REASON_MAX} characters`,
  untilPast: 'Suspension end must be in the future',
  untilInvalid: 'Suspension end must be a date and time',
  noteTooLong: `Note must be less than ${USER_NOTE_MAX} characters`,
  searchTooLong: `Search must be at most ${USER_SEARCH_MAX} characters`,
  userNotFound: 'User not found',
  selfSuspend: 'You cannot suspend your own account.',
  selfBan: 'You cannot ban your own account.',
  selfRole: 'You cannot change your own administrator role.',
  lastAdmin: 'The last platform administrator cannot be suspended, banned or lose the administrator role.',
  banned: 'This account is banned. Reinstate it first.',
  alreadyActive: 'This account is already active.',
  sameRole: 'This account already has that role.',
} as const;

const M = ADMIN_USERS_MESSAGES;

/** A suspension's or ban's reason: trimmed, required, under 1000 characters. */
export const userReasonRule = z
  .string({ error: M.reasonRequired })
  .trim()
  .min(1, { error: M.reasonRequired })
  .max(USER_REASON_MAX - 1, { error: M.reasonTooLong });

/** A suspension's end: optional; a date (or ISO string) in the future. */
export const suspensionEndRule = z
  .union([z.date(), z.string()], { error: M.untilInvalid })
  .nullish()
  .transform((v, ctx) => {
    if (v == null || v === '') return null;
    const date = v instanceof Date ? v : new Date(v);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: M.untilInvalid });
      return z.NEVER;
    }
    if (date.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', message: M.untilPast });
      return z.NEVER;
    }
    return date;
  });

/** A reinstatement's note: optional, trimmed, blank is none, under 1000 characters. */
export const reinstateNoteRule = z
  .string()
  .trim()
  .max(USER_NOTE_MAX - 1, { error: M.noteTooLong })
  .nullish()
  .transform((v) => (v ? v : null));

export const suspendUserRules = z.object({ reason: userReasonRule, until: suspensionEndRule });
export const banUserRules = z.object({ reason: userReasonRule });
export const reinstateUserRules = z.object({ note: reinstateNoteRule });
export const adminUserSearchRule = z.string().max(USER_SEARCH_MAX, { error: M.searchTooLong }).nullish();

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (n: number) => String(n).padStart(2, '0');

/** '1 December 2026, 12:00 UTC': how a suspension's end is told to the member. */
export function formatSuspensionEnd(until: Date): string {
  return `${until.getUTCDate()} ${MONTHS[until.getUTCMonth()]} ${until.getUTCFullYear()}, ${two(until.getUTCHours())}:${two(until.getUTCMinutes())} UTC`;
}

/** '2026-12-01 12:00 UTC': how the audit trail writes a suspension's end. */
export function formatAuditInstant(at: Date): string {
  return `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())} UTC`;
}

/** Why a suspended or banned account cannot sign in, as the sign-in form shows it. */
export function accountRefusalMessage(status: 'suspended' | 'banned', reason: string | null, until: Date | null): string {
  const why = reason ? ` Reason: ${reason}` : '';
  if (status === 'banned') return `This account has been banned.${why}`;
  return until ? `This account has been suspended until ${formatSuspensionEnd(until)}.${why}` : `This account has been suspended.${why}`;
}

/** The audit entry's details of each users action. */
export const USER_AUDIT_DETAILS = {
  suspend: (reason: string, until: Date | null) => (until ? `Suspended until ${formatAuditInstant(until)}: ${reason}` : `Suspended: ${reason}`),
  ban: (reason: string) => `Banned: ${reason}`,
  reinstate: (note: string | null) => (note ? `Reinstated: ${note}` : 'Reinstated'),
  grantAdmin: 'Administrator role granted',
  revokeAdmin: 'Administrator role revoked',
  suspensionEnded: 'Suspension ended',
} as const;
