// Council meeting rules shared by the server and the meeting form (web/ imports this file).
// Pure: no server imports.
import { z } from 'zod';

export const MEETING_STATUSES = ['upcoming', 'completed', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const TITLE_MAX = 200;
export const RICH_TEXT_MAX = 20_000;

export const MEETING_MESSAGES = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be less than 200 characters',
  dateRequired: 'Meeting date is required',
  dateInvalid: 'Please enter a valid date',
  timeInvalid: 'Please enter a valid time (HH:MM)',
  locationMax: 'Location must be at most 200 characters',
  agendaMax: 'Agenda must be at most 20000 characters',
  minutesMax: 'Minutes must be at most 20000 characters',
  status: 'Status must be upcoming, completed or cancelled',
  deleteConfirm: 'Are you sure you want to delete this meeting? This action cannot be undone.',
  loadFailed: 'Failed to load meetings. Please try again later.',
} as const;

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => v ?? '');

/** The create/edit dialog and a meeting write. */
export const councilMeetingRules = z.object({
  title: z
    .string({ error: MEETING_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: MEETING_MESSAGES.titleRequired })
    .max(TITLE_MAX, { error: MEETING_MESSAGES.titleMax }),
  meetingDate: z
    .string({ error: MEETING_MESSAGES.dateRequired })
    .trim()
    .min(1, { error: MEETING_MESSAGES.dateRequired })
    // An empty date is only 'required', not also 'invalid' (forms list every failed check).
    .refine((v) => v === '' || isCalendarDate(v), { error: MEETING_MESSAGES.dateInvalid }),
  meetingTime: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { error: MEETING_MESSAGES.timeInvalid }),
  location: optionalText(200, MEETING_MESSAGES.locationMax),
  agenda: optionalText(RICH_TEXT_MAX, MEETING_MESSAGES.agendaMax),
  minutes: optionalText(RICH_TEXT_MAX, MEETING_MESSAGES.minutesMax),
  status: z
    .enum(MEETING_STATUSES, { error: MEETING_MESSAGES.status })
    .nullish()
    .transform((v) => v ?? 'upcoming'),
  isPublic: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
});
export type CouncilMeetingInput = z.input<typeof councilMeetingRules>;
export type CouncilMeetingValues = z.output<typeof councilMeetingRules>;

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
