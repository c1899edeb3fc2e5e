// Safeguarding checks (issue 30 §5): the platform's list of check kinds, a volunteer's checks with
// the minimum data (kind, issue date, expiry or renewal date: no certificate numbers, no scans, as
// UK GDPR Art. 10 treats criminal-record data specially), the wording of every refusal, and the
// texts of the expiry reminders. Shared with the web (`@clubroom/rules/safeguarding`). Pure.
import { z } from 'zod';

export const CHECK_KIND_NAME_MIN = 2;
export const CHECK_KIND_NAME_MAX = 80;
export const CHECK_KIND_DESCRIPTION_MAX = 500;
/** The platform's list holds at most this many kinds, retired ones included (so a volunteer has at
 *  most this many checks: the lists of kinds and checks are listed whole). */
export const CHECK_KINDS_MAX = 100;
/** A check's verifications and audit: this many a page unless `first` or `last` says. */
export const CHECK_PAGE_DEFAULT = 20;
/** Reminders go this many days before a check expires (at once when it expires sooner). */
export const CHECK_REMINDER_DAYS = 30;
/** A check's expiry or renewal date can be at most this many years after its issue date. */
export const CHECK_MAX_YEARS = 20;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** `day` moved by `days` (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A check counts until the day before its expiry or renewal date: on that date it has expired. */
export const isExpired = (expiresOn: string, today: string): boolean => expiresOn <= today;

export const CHECK_MESSAGES = {
  kindNameRequired: `Please give the check a name of at least ${CHECK_KIND_NAME_MIN} characters`,
  kindNameTooLong: `The check's name must be at most ${CHECK_KIND_NAME_MAX} characters`,
  kindDescriptionTooLong: `The description must be at most ${CHECK_KIND_DESCRIPTION_MAX} characters`,
  tooManyKinds: `The list can hold at most ${CHECK_KINDS_MAX} kinds of check. Rename a retired one instead.`,
  kindNameTaken: (name: string) => `There is already a check called “${name}”. Please choose another name.`,
  kindNotFound: 'Check type not found',
  kindRequired: 'Please choose the kind of check from the list',
  kindRetired: (name: string) => `“${name}” is no longer offered. Please choose another check from the list.`,
  alreadyRecorded: (name: string) => `You have already recorded a “${name}” check. Change its dates instead.`,
  issuedRequired: 'Please enter the date it was issued',
  issuedInFuture: 'The issue date cannot be in the future',
  expiresRequired: 'Please enter the date it expires or is due for renewal',
  expiresBeforeIssued: 'The expiry or renewal date must be after the issue date',
  expiresTooFar: `The expiry or renewal date must be within ${CHECK_MAX_YEARS} years of the issue date`,
  checkNotFound: 'Check not found',
  noVolunteerProfile: 'Please create your volunteer profile before recording a check.',
  noClub: 'Only a club’s owner can verify checks.',
  noApplication: 'You can verify the checks of volunteers who applied to one of your club’s positions.',
  expiredCannotVerify: (name: string) => `This “${name}” check has expired, so it cannot be verified. The volunteer needs to record its renewal.`,
  applicationNotFound: 'Application not found',
} as const;
const M = CHECK_MESSAGES;

/**
 * What a position that requires a check answers when the volunteer's check does not do (the
 * enforcement: checkProblem in safeguarding.service.ts). Applying needs the check recorded and
 * unexpired, because the club can verify an applicant's check only once they have applied; being
 * accepted, or promoted from the waiting list, needs it verified by that club and unexpired.
 */
export const CHECK_PROBLEMS = {
  /** To the volunteer applying: none recorded. */
  notRecorded: (name: string) =>
    `This position needs a verified, unexpired “${name}” check. Please record yours on your volunteer profile (Safeguarding checks) before applying; the club verifies it once you have applied.`,
  /** To the volunteer applying: theirs has expired. */
  expiredForApplicant: (name: string, expiresOn: string) =>
    `This position needs a verified, unexpired “${name}” check, and yours expired on ${expiresOn}. Please record its renewal on your volunteer profile (Safeguarding checks) before applying; the club verifies it once you have applied.`,
  /** To the club accepting: the volunteer has none. */
  notRecordedForClub: (name: string) =>
    `This position needs a verified, unexpired “${name}” check, and this volunteer has not recorded one. They can be accepted once they record it and your club verifies it.`,
  /** To the club accepting: the volunteer's has expired. */
  expiredForClub: (name: string, expiresOn: string) =>
    `This position needs a verified, unexpired “${name}” check, and this volunteer's expired on ${expiresOn}. They can be accepted once they record its renewal and your club verifies it.`,
  /** To the club accepting: recorded and unexpired, but the club has not verified it. */
  notVerified: (name: string) =>
    `This position needs a verified, unexpired “${name}” check. Please verify this volunteer's check for your club first (on their application), then accept them.`,
} as const;

export const CHECK_TEXTS = {
  volunteerReminderTitle: (name: string) => `Your “${name}” check expires soon`,
  volunteerReminder: (name: string, expiresOn: string) =>
    `Your “${name}” check expires on ${expiresOn}. Clubs that rely on it can no longer accept you for positions that need it after that date: please renew it and record the new dates on your volunteer profile.`,
  clubReminderTitle: (volunteer: string, name: string) => `${volunteer}’s “${name}” check expires soon`,
  clubReminder: (volunteer: string, name: string, expiresOn: string) =>
    `The “${name}” check of ${volunteer}, which your club verified, expires on ${expiresOn}. Once it has expired it no longer counts for positions that need it until they record its renewal and you verify it again.`,
} as const;

const trimmed = (required: string, min: number, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(min, { error: required }).max(max, { error: tooLong });

/** An administrator's new or renamed check kind. */
export const checkKindRules = z.object({
  name: trimmed(M.kindNameRequired, CHECK_KIND_NAME_MIN, CHECK_KIND_NAME_MAX, M.kindNameTooLong),
  description: z
    .string({ error: M.kindDescriptionTooLong })
    .trim()
    .max(CHECK_KIND_DESCRIPTION_MAX, { error: M.kindDescriptionTooLong })
    .nullish()
    .transform((v) => v ?? ''),
});
export type CheckKindValues = z.output<typeof checkKindRules>;

/** A check's dates, judged against `today` (YYYY-MM-DD, the platform's day on the server, the
 *  member's on the web): issued not in the future, expiring after it was issued. */
export function checkDatesRules(today: string) {
  return z
    .object({
      issuedOn: z.string({ error: M.issuedRequired }).refine(isCalendarDay, { error: M.issuedRequired }).refine((d) => d <= today, { error: M.issuedInFuture }),
      expiresOn: z.string({ error: M.expiresRequired }).refine(isCalendarDay, { error: M.expiresRequired }),
    })
    .superRefine((v, ctx) => {
      if (!isCalendarDay(v.issuedOn) || !isCalendarDay(v.expiresOn)) return;
      if (v.expiresOn <= v.issuedOn) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: M.expiresBeforeIssued });
      else if (v.expiresOn > addDays(v.issuedOn, CHECK_MAX_YEARS * 366)) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: M.expiresTooFar });
    });
}
export type CheckDatesValues = z.output<ReturnType<typeof checkDatesRules>>;
