// Club rules shared by the server and the club dashboard's forms (web/ imports this file).
// Pure: no server imports.
import { z } from 'zod';
import { emailRule } from '../../lib/shared/common.rules.js';
import { clubNameRule } from '../auth/auth.rules.js';

export const SPORT_CATEGORIES = [
  'Football',
  'Rugby',
  'Cricket',
  'Tennis',
  'Swimming',
  'Athletics',
  'Cycling',
  'Badminton',
  'Basketball',
  'Chess',
  'Golf',
  'Netball',
  'Martial Arts',
  'Table Tennis',
  'Other',
] as const;
export type SportCategory = (typeof SPORT_CATEGORIES)[number];

/** ISO weekdays: 1 is Monday. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Meeting slots every 30 minutes from 06:00 to 22:00. */
export const TIME_SLOTS: readonly string[] = Array.from({ length: (22 - 6) * 2 + 1 }, (_, i) => {
  const minutes = 6 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const THANK_YOU_BANNER_MS = 3000;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const MEETING_TIMES_MAX = 30;
export const POSITION_TITLE_MIN = 2;
export const POSITION_DESCRIPTION_MIN = 10;

export const CLUB_MESSAGES = {
  clubNameLockedTitle: 'Cannot change club name',
  clubNameLocked: 'The club name cannot be modified after initial creation.',
  category: 'Please select a sport category',
  descriptionMin: 'Description must be at least 10 characters',
  descriptionMax: 'Description must not exceed 500 characters',
  url: 'Please enter a valid URL',
  facebookUrl: 'Please enter a valid Facebook URL',
  instagramUrl: 'Please enter a valid Instagram URL',
  twitterUrl: 'Please enter a valid Twitter/X URL',
  googleMapsUrl: 'Please enter a valid Google Maps URL',
  what3words: 'What3Words must be in format ///word.word.word',
  phone: 'Please enter a valid phone number',
  endAfterStart: 'End time must be after start time.',
  invalidTimesTitle: 'Invalid Meeting Times',
  invalidTimes: 'Please correct the errors in the meeting times before saving.',
  day: 'Please choose a day',
  slot: 'Please choose a time between 06:00 and 22:00',
  overlap: 'This session overlaps another session on the same day.',
  tooManyTimes: `At most ${MEETING_TIMES_MAX} meeting times can be saved.`,
  notApproved: 'Meeting times can be saved once your club is approved.',
  profileFirst: 'Please save your club profile first.',
  positionTitleMin: 'Title must be at least 2 characters',
  positionDescriptionMin: 'Description must be at least 10 characters',
  deletePositionConfirm: 'Are you sure you want to delete this volunteer position?',
  hiddenPosition: 'This position is hidden from public view',
  pendingApproval: 'pending admin approval',
} as const;

const blankToEmpty = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong }).nullish().transform((v) => v ?? '');

/** An http(s) URL, optionally on one of the given hosts (and their subdomains). */
function isWebUrl(value: string, hosts?: readonly string[], path?: RegExp): boolean {
  // Markup or quotes in a link are never part of a real address.
  if (/[\s<>"'`]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (!url.hostname.includes('.')) return false;
  if (!hosts) return true;
  const host = url.hostname.toLowerCase();
  const onHost = hosts.some((h) => host === h || host.endsWith(`.${h}`));
  return onHost && (!path || path.test(`${host}${url.pathname}`));
}

const optionalUrl = (message: string, hosts?: readonly string[], path?: RegExp) =>
  blankToEmpty(2000, message).refine((v) => v === '' || isWebUrl(v, hosts, path), { error: message });

/** Empty, or 5 to 20 characters of digits, spaces, '+', '-', '(' and ')' holding 5 to 16 digits. */
export function isPhone(value: string): boolean {
  if (value.length < 5 || value.length > 20 || !/^\+?[0-9 ()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 16;
}

/** The club profile form and the profile save. The keys are the Club type's field names. */
export const clubProfileRules = z.object({
  name: clubNameRule,
  category: z.enum(SPORT_CATEGORIES, { error: CLUB_MESSAGES.category }),
  description: z
    .string({ error: CLUB_MESSAGES.descriptionMin })
    .trim()
    .min(DESCRIPTION_MIN, { error: CLUB_MESSAGES.descriptionMin })
    .max(DESCRIPTION_MAX, { error: CLUB_MESSAGES.descriptionMax }),
  websiteUrl: optionalUrl(CLUB_MESSAGES.url),
  contactEmail: emailRule,
  contactPhone: blankToEmpty(20, CLUB_MESSAGES.phone).refine((v) => v === '' || isPhone(v), { error: CLUB_MESSAGES.phone }),
  facebookUrl: optionalUrl(CLUB_MESSAGES.facebookUrl, ['facebook.com', 'fb.com']),
  instagramUrl: optionalUrl(CLUB_MESSAGES.instagramUrl, ['instagram.com']),
  twitterUrl: optionalUrl(CLUB_MESSAGES.twitterUrl, ['twitter.com', 'x.com']),
  address: blankToEmpty(200, 'Address must be at most 200 characters'),
  city: blankToEmpty(100, 'City must be at most 100 characters'),
  postcode: blankToEmpty(12, 'Postcode must be at most 12 characters'),
  what3words: blankToEmpty(100, CLUB_MESSAGES.what3words).refine((v) => v === '' || /^\/\/\/[a-z]+\.[a-z]+\.[a-z]+$/.test(v), {
    error: CLUB_MESSAGES.what3words,
  }),
  googleMapsUrl: optionalUrl(
    CLUB_MESSAGES.googleMapsUrl,
    ['google.com', 'google.co.uk', 'goo.gl', 'maps.app.goo.gl'],
    /^(maps\.google\.[a-z.]+\/|([a-z]+\.)?google\.[a-z.]+\/maps|goo\.gl\/maps|maps\.app\.goo\.gl\/)/,
  ),
});
export type ClubProfileInput = z.input<typeof clubProfileRules>;
export type ClubProfileValues = z.output<typeof clubProfileRules>;

/** A chosen slot, or '' / null for a row still being filled in. */
const slotRule = z
  .string({ error: CLUB_MESSAGES.slot })
  .nullish()
  .refine((v) => !v || TIME_SLOTS.includes(v), { error: CLUB_MESSAGES.slot });

/** One row of the meeting times editor; a row missing its day, start or end is incomplete. */
export const meetingTimeRowRules = z.object({
  dayOfWeek: z.number().int().min(1, { error: CLUB_MESSAGES.day }).max(7, { error: CLUB_MESSAGES.day }).nullish(),
  startTime: slotRule,
  endTime: slotRule,
});
export type MeetingTimeRow = z.input<typeof meetingTimeRowRules>;

export interface MeetingTime {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export function isCompleteMeetingTime(row: MeetingTimeRow): row is MeetingTime {
  return !!row.dayOfWeek && !!row.startTime && !!row.endTime;
}

/** The whole editor: incomplete rows are dropped; each complete one must end after it starts and
 *  must not overlap another session of the same day. Errors name the row (times.N.endTime). */
export const meetingTimesRules = z
  .array(meetingTimeRowRules)
  .max(MEETING_TIMES_MAX * 2, { error: CLUB_MESSAGES.tooManyTimes })
  .superRefine((rows, ctx) => {
    // Order and overlap are judged only between real slots (a bad slot has its own message).
    const onSlots = (row: MeetingTimeRow): row is MeetingTime =>
      isCompleteMeetingTime(row) && TIME_SLOTS.includes(row.startTime) && TIME_SLOTS.includes(row.endTime);
    rows.forEach((row, index) => {
      if (onSlots(row) && row.endTime <= row.startTime) {
        ctx.addIssue({ code: 'custom', message: CLUB_MESSAGES.endAfterStart, path: [index, 'endTime'] });
      }
    });
    rows.forEach((row, index) => {
      if (!onSlots(row) || row.endTime <= row.startTime) return;
      const clash = rows.some(
        (other, j) =>
          j < index &&
          onSlots(other) &&
          other.endTime > other.startTime &&
          other.dayOfWeek === row.dayOfWeek &&
          other.startTime < row.endTime &&
          row.startTime < other.endTime,
      );
      if (clash) ctx.addIssue({ code: 'custom', message: CLUB_MESSAGES.overlap, path: [index, 'startTime'] });
    });
    if (rows.filter(isCompleteMeetingTime).length > MEETING_TIMES_MAX) {
      ctx.addIssue({ code: 'custom', message: CLUB_MESSAGES.tooManyTimes, path: [] });
    }
  })
  .transform((rows) => rows.filter(isCompleteMeetingTime));

/** The volunteer position form. Optional texts are stored empty when blank; a new position starts
 *  hidden and only the live toggle shows it. */
export const volunteerPositionRules = z.object({
  title: z
    .string({ error: CLUB_MESSAGES.positionTitleMin })
    .trim()
    .min(POSITION_TITLE_MIN, { error: CLUB_MESSAGES.positionTitleMin })
    .max(120, { error: 'Title must be at most 120 characters' }),
  description: z
    .string({ error: CLUB_MESSAGES.positionDescriptionMin })
    .trim()
    .min(POSITION_DESCRIPTION_MIN, { error: CLUB_MESSAGES.positionDescriptionMin })
    .max(2000, { error: 'Description must be at most 2000 characters' }),
  responsibilities: blankToEmpty(2000, 'Responsibilities must be at most 2000 characters'),
  requirements: blankToEmpty(2000, 'Requirements must be at most 2000 characters'),
  timeCommitment: blankToEmpty(200, 'Time commitment must be at most 200 characters'),
  location: blankToEmpty(200, 'Location must be at most 200 characters'),
  contactInfo: blankToEmpty(200, 'Contact info must be at most 200 characters'),
});
export type VolunteerPositionInput = z.input<typeof volunteerPositionRules>;

/** The directory's initials: the first letters of up to two words. */
export function clubInitials(name: string): string {
  // Every club card of every directory page asks: no arrays made per call.
  let initials = '';
  WORD.lastIndex = 0;
  for (let words = 0; words < 2; words++) {
    const word = WORD.exec(name);
    if (!word) break;
    initials += String.fromCodePoint(word[0].codePointAt(0)!).toUpperCase();
  }
  return initials;
}
const WORD = /\S+/g;

/** 'Monday' for 1. */
export function weekdayName(day: number): string {
  return WEEKDAYS[day - 1] ?? '';
}
