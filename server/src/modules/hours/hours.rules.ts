// Volunteer hours (issue 30 §3): the rules of a claim, a decision and attendance, and every text
// the server and the screens show. Pure: imported by the server and by web/
// (`@clubroom/rules/hours`).
import { z } from 'zod';

export const HOURS_STATUSES = ['pending', 'approved', 'declined', 'revoked'] as const;
export type HoursStatusValue = (typeof HOURS_STATUSES)[number];

/** The most hours one claim, and one volunteer's hours on one day, may hold. */
export const HOURS_PER_DAY_MAX = 24;
export const HOURS_NOTE_MAX = 500;
export const HOURS_REASON_MAX = 500;
/** The most items one bulk decision or attendance call takes. */
export const HOURS_BULK_MAX = 100;
/** A list of hours per page unless `first`/`last` says. */
export const HOURS_PAGE_SIZE = 50;

export const HOURS_MESSAGES = {
  hoursRequired: 'Enter the hours as a number, e.g. 1.5',
  hoursPositive: 'Hours must be more than 0',
  hoursMax: `Hours must be at most ${HOURS_PER_DAY_MAX}`,
  hoursStep: 'Hours can be given to the minute at most (e.g. 1.25)',
  dateInvalid: 'Date must be a date (YYYY-MM-DD)',
  dateInFuture: 'You cannot claim hours for a date in the future.',
  dateBeforeApplication: 'You cannot claim hours for a date before you applied to this position.',
  /** The volunteer's hours on that day would pass 24. */
  dayOver: (date: string, already: string) => `You already have ${already} hours recorded on ${date}; a day holds at most ${HOURS_PER_DAY_MAX} hours.`,
  tooManyClaims: (retry: string) => `You have claimed hours too many times in a short while. Please try again ${retry}.`,
  noteMax: `Note must be at most ${HOURS_NOTE_MAX} characters`,
  reasonRequired: 'Please give a reason',
  reasonMax: `Reason must be at most ${HOURS_REASON_MAX} characters`,
  notAccepted: 'You can only claim hours for a position you were accepted to.',
  positionNotFound: 'Volunteer position not found',
  hoursNotFound: 'Hours not found',
  onlyPending: 'Only pending hours can be approved or declined.',
  onlyApproved: 'Only approved hours can be revoked.',
  signupNotFound: 'Shift place not found',
  notAccepted_signup: 'Only volunteers accepted for the shift can be marked attended or absent.',
  shiftNotEnded: 'Attendance can be confirmed only after the shift has ended.',
  shiftCancelled: 'This shift was cancelled.',
  /** The reason recorded when a place marked attended is marked absent. */
  markedAbsent: 'Marked absent',
  idsRequired: 'Choose at least one item',
  tooMany: `At most ${HOURS_BULK_MAX} items at once`,
  /** A bulk call refused because of one item: its number in the list, and why. */
  item: (index: number, message: string) => `Item ${index + 1}: ${message}`,
  noClub: 'Only club owners can manage volunteer hours.',
  claimed: 'Your hours were submitted to the club.',
  approved: 'Hours approved.',
  declined: 'Hours declined.',
  revoked: 'Hours revoked.',
  attendanceSaved: 'Attendance saved.',
} as const;

const M = HOURS_MESSAGES;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Hours as whole minutes (1.5 is 90). */
export const hoursToMinutes = (hours: number): number => Math.round(hours * 60);
/** Minutes as hours for showing: at most two decimals, no trailing zeros (90 is '1.5'). */
export const formatHours = (minutes: number): string => String(Math.round((minutes / 60) * 100) / 100);

export const hoursRule = z
  .number({ error: M.hoursRequired })
  .refine(Number.isFinite, { error: M.hoursRequired })
  .refine((h) => h > 0, { error: M.hoursPositive })
  .refine((h) => h <= HOURS_PER_DAY_MAX, { error: M.hoursMax })
  .refine((h) => Math.abs(h * 60 - Math.round(h * 60)) < 1e-6, { error: M.hoursStep })
  .refine((h) => hoursToMinutes(h) >= 1, { error: M.hoursPositive });

export const workDateRule = z.string({ error: M.dateInvalid }).refine(isCalendarDay, { error: M.dateInvalid });

export const hoursNoteRule = z
  .string()
  .trim()
  .max(HOURS_NOTE_MAX, { error: M.noteMax })
  .nullish()
  .transform((v) => v ?? '');

export const hoursReasonRule = z
  .string({ error: M.reasonRequired })
  .trim()
  .min(1, { error: M.reasonRequired })
  .max(HOURS_REASON_MAX, { error: M.reasonMax });

/** The claim form (the server parses the same, after sanitising the note). */
export const claimHoursRules = z.object({ workDate: workDateRule, hours: hoursRule, note: hoursNoteRule });

export const bulkIdsRule = z.array(z.string()).min(1, { error: M.idsRequired }).max(HOURS_BULK_MAX, { error: M.tooMany });

/** The volunteer's dashboard labels. */
export const HOURS_STATUS_LABELS: Record<HoursStatusValue, string> = { pending: 'Pending', approved: 'Approved', declined: 'Declined', revoked: 'Revoked' };

/** The notifications each side gets. */
export const HOURS_NOTIFICATIONS = {
  claimed: { title: 'Hours to approve', description: (volunteer: string, hours: string, position: string) => `${volunteer} claimed ${hours} hours for ${position}.` },
  approved: { title: 'Hours approved', description: (hours: string, position: string, club: string) => `${club} approved your ${hours} hours for ${position}.` },
  declined: { title: 'Hours declined', description: (hours: string, position: string, club: string, reason: string) => `${club} declined your ${hours} hours for ${position}: ${reason}` },
  revoked: { title: 'Hours revoked', description: (hours: string, position: string, club: string, reason: string) => `${club} revoked your ${hours} hours for ${position}: ${reason}` },
} as const;

/** The web paths the notifications lead to. */
export const MY_HOURS_PATH = '/volunteer/dashboard?tab=hours';
export const CLUB_HOURS_PATH = '/club/dashboard?tab=hours';

/** Hours claims per volunteer per position, and per volunteer, per hour (the defaults of
 *  HOURS_CLAIM_LIMIT_PER_POSITION and HOURS_CLAIM_LIMIT_PER_VOLUNTEER). */
export const HOURS_CLAIM_LIMITS = { hoursClaimsPerPosition: 10, hoursClaimsPerVolunteer: 30 };
