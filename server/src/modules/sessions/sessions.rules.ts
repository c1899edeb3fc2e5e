// A club's dated sessions and events (issue 29): limits, texts and the owner's forms' rules.
// Shared with the web (@clubroom/rules/sessions), which checks the same rules before it sends.
import { z } from 'zod';

/** How far ahead a club's weekly meeting times are made into dated sessions. */
export const SESSION_WINDOW_WEEKS = 8;
/** The most events a club may have coming at once. */
export const EVENTS_COMING_MAX = 100;
/** The longest an event may last. */
export const EVENT_DAYS_MAX = 14;
/** How far ahead an event or a moved session may be put. */
export const SESSION_AHEAD_DAYS_MAX = 366;
export const SESSION_TITLE_MAX = 120;
export const SESSION_DESCRIPTION_MAX = 5000;
export const SESSION_PLACE_MAX = 200;
export const CANCEL_REASON_MAX = 300;
export const ANSWER_REASON_MAX = 300;
export const CAPACITY_MAX = 10_000;
/** A drop-out this close to the start is told to the owner. */
export const LATE_DROP_OUT_HOURS = 24;
/** Reminder offsets a club may choose, in minutes before the start (at most three of them). */
export const REMINDER_OFFSET_CHOICES = [7 * 24 * 60, 2 * 24 * 60, 24 * 60, 4 * 60, 2 * 60, 60] as const;
export const REMINDER_OFFSETS_MAX = 3;
export const DEFAULT_REMINDER_OFFSETS = [2 * 24 * 60, 2 * 60] as const;

/** What a member answers. `waiting`: Going, beyond an event's capacity (in line for a place). */
export const SESSION_ANSWERS = ['going', 'cant', 'waiting'] as const;
export type SessionAnswer = (typeof SESSION_ANSWERS)[number];

export const SESSION_MESSAGES = {
  sessionNotFound: 'Session not found',
  clubNotFound: 'Club not found',
  notOwner: 'Only the club’s owner can change its sessions.',
  clubNotApproved: 'Your club can add events once an administrator has approved it.',
  notFollowing: 'Follow the club to answer for its sessions.',
  started: 'This session has already started; answers are closed.',
  cancelled: 'This session was cancelled.',
  alreadyCancelled: 'This session is already cancelled.',
  changeStarted: 'This session has already started and can no longer be changed.',
  titleRequired: 'Enter a title.',
  titleTooLong: `Keep the title to ${SESSION_TITLE_MAX} characters.`,
  descriptionTooLong: `Keep the description to ${SESSION_DESCRIPTION_MAX} characters.`,
  placeTooLong: `Keep the place to ${SESSION_PLACE_MAX} characters.`,
  reasonTooLong: `Keep the reason to ${CANCEL_REASON_MAX} characters.`,
  answerReasonTooLong: `Keep the reason to ${ANSWER_REASON_MAX} characters.`,
  cancelReasonRequired: 'Say why the session is cancelled; followers who were coming are told.',
  startInvalid: 'Enter a valid start date and time.',
  endInvalid: 'Enter a valid end date and time.',
  startInPast: 'The start must be in the future.',
  endBeforeStart: 'The end must be after the start.',
  tooLong: `An event can last at most ${EVENT_DAYS_MAX} days.`,
  tooFarAhead: `Choose a date within a year from today.`,
  capacityRange: `Places must be a whole number from 1 to ${CAPACITY_MAX}, or left empty for no limit.`,
  capacityBelowGoing: (going: number) => `${going} ${going === 1 ? 'member is' : 'members are'} already going: places cannot be fewer than that.`,
  tooManyEvents: `A club can have at most ${EVENTS_COMING_MAX} events coming; wait until some have passed.`,
  notAnEvent: 'Only events (not training sessions from the meeting times) have a title, description and places.',
  offsets: `Choose up to ${REMINDER_OFFSETS_MAX} reminder times from the list.`,
  linkInvalid: 'This link is invalid or has expired. Open the session in Clubroom to answer.',
  linkUsed: 'This link was already used. Open the session to change your answer.',
} as const;
const M = SESSION_MESSAGES;

const dateTime = (message: string) => z.coerce.date({ error: message }).refine((d) => !Number.isNaN(d.getTime()), { error: message });
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

/** The owner's event form (create and edit). */
export const clubEventRules = z
  .object({
    title: z.string().trim().min(1, { error: M.titleRequired }).max(SESSION_TITLE_MAX, { error: M.titleTooLong }),
    description: optionalText(SESSION_DESCRIPTION_MAX, M.descriptionTooLong),
    place: optionalText(SESSION_PLACE_MAX, M.placeTooLong),
    startsAt: dateTime(M.startInvalid),
    endsAt: dateTime(M.endInvalid),
    capacity: z.number({ error: M.capacityRange }).int({ error: M.capacityRange }).min(1, { error: M.capacityRange }).max(CAPACITY_MAX, { error: M.capacityRange }).nullish().transform((v) => v ?? null),
  })
  .superRefine(checkTimes);

/** The owner moves a session or event (date, time, place). */
export const moveSessionRules = z
  .object({
    startsAt: dateTime(M.startInvalid),
    endsAt: dateTime(M.endInvalid),
    place: optionalText(SESSION_PLACE_MAX, M.placeTooLong),
  })
  .superRefine(checkTimes);

export const cancelSessionRules = z.object({
  reason: z.string().trim().min(1, { error: M.cancelReasonRequired }).max(CANCEL_REASON_MAX, { error: M.reasonTooLong }),
});

export const answerSessionRules = z.object({
  answer: z.enum(['going', 'cant']),
  reason: optionalText(ANSWER_REASON_MAX, M.answerReasonTooLong),
});

export const sessionSettingsRules = z.object({
  attendingByDefault: z.boolean(),
  reminderOffsetsMinutes: z
    .array(z.number().int())
    .max(REMINDER_OFFSETS_MAX, { error: M.offsets })
    .refine((list) => list.every((m) => (REMINDER_OFFSET_CHOICES as readonly number[]).includes(m)), { error: M.offsets })
    .transform((list) => [...new Set(list)].sort((a, b) => b - a)),
});

/** Start in the future, end after it, at most EVENT_DAYS_MAX long, within a year. `now` is read
 *  when the rule runs (the form and the server each check against their own clock). */
function checkTimes(value: { startsAt: Date; endsAt: Date }, ctx: z.RefinementCtx): void {
  const now = Date.now();
  const { startsAt, endsAt } = value;
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) return;
  if (startsAt.getTime() <= now) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: M.startInPast });
  else if (startsAt.getTime() > now + SESSION_AHEAD_DAYS_MAX * 86_400_000) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: M.tooFarAhead });
  if (endsAt.getTime() <= startsAt.getTime()) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.endBeforeStart });
  else if (endsAt.getTime() - startsAt.getTime() > EVENT_DAYS_MAX * 86_400_000) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: M.tooLong });
}

/** How a reminder offset reads ("2 days", "2 hours"). */
export function offsetLabel(minutes: number): string {
  if (minutes % (24 * 60) === 0) {
    const days = minutes / (24 * 60);
    return days === 7 ? '1 week' : `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${minutes} minutes`;
}
