// Club rules shared by the server and the club dashboard's forms (web/ imports this file).
// Pure: no server imports.
import { z } from 'zod';
import { emailRule } from '../../lib/shared/common.rules.js';
import { clubNameRule } from '../auth/auth.rules.js';
import { CLUB_MESSAGES, DESCRIPTION_MAX, DESCRIPTION_MIN, MEETING_TIMES_MAX, POSITION_DESCRIPTION_MIN, POSITION_TITLE_MIN, SPORT_CATEGORIES, TIME_SLOTS, isPhone, isWebUrl } from './clubs-texts.rules.js';
import type { MeetingTime } from './clubs-texts.rules.js';

// The constants, texts and small functions (no zod): what public pages load without zod.
export * from './clubs-texts.rules.js';

const blankToEmpty = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong }).nullish().transform((v) => v ?? '');

const optionalUrl = (message: string, hosts?: readonly string[], path?: RegExp) =>
  blankToEmpty(2000, message).refine((v) => v === '' || isWebUrl(v, hosts, path), { error: message });

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

/** How many clubs a member may follow, and the texts of following (issue 29). */
export const FOLLOWS_MAX = 500;
export const FOLLOW_MESSAGES = {
  clubNotFound: 'Club not found',
  ownClub: 'You cannot follow your own club.',
  tooMany: `You can follow at most ${FOLLOWS_MAX} clubs. Unfollow one first.`,
} as const;
