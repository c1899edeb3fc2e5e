// The clubs' constants, texts and small pure functions, shared by the server and the web. No zod:
// public pages (the directory, a club's page) import this file alone and do not load zod; the
// schemas are in clubs.rules.ts, which re-exports all of this.

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

/** An http(s) URL, optionally on one of the given hosts (and their subdomains). */
export function isWebUrl(value: string, hosts?: readonly string[], path?: RegExp): boolean {
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

/** Empty, or 5 to 20 characters of digits, spaces, '+', '-', '(' and ')' holding 5 to 16 digits. */
export function isPhone(value: string): boolean {
  if (value.length < 5 || value.length > 20 || !/^\+?[0-9 ()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 16;
}

export interface MeetingTime {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

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
