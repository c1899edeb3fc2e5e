// Club announcements (issue 29 §5): the limits and wording shared by the server and the club
// dashboard's Announcements tab (web/ imports this file as `@clubroom/rules/announcements`).
// Pure: no server imports.
import { z } from 'zod';

export const ANNOUNCEMENT_TITLE_MAX = 120;
/** The text's limit, counted after sanitising (tags and script prefixes stripped). */
export const ANNOUNCEMENT_BODY_MAX = 5000;
/** A club may post this many announcements in any ANNOUNCEMENT_WINDOW_HOURS (removed ones count). */
export const ANNOUNCEMENTS_PER_WINDOW = 5;
export const ANNOUNCEMENT_WINDOW_HOURS = 24;
/** `Club.announcements`: 10 a page unless `first` or `last` says. */
export const ANNOUNCEMENTS_PAGE_DEFAULT = 10;

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: 'Please give the announcement a title',
  titleTooLong: `The title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`,
  bodyRequired: 'Please write the announcement',
  bodyTooLong: `The announcement must be at most ${ANNOUNCEMENT_BODY_MAX} characters`,
  noClub: 'You do not have a club yet. Save your club profile first.',
  notApproved: 'Announcements can be posted once your club is approved.',
  tooMany: (retry: string) =>
    `Your club can post at most ${ANNOUNCEMENTS_PER_WINDOW} announcements in ${ANNOUNCEMENT_WINDOW_HOURS} hours. Please try again ${retry}.`,
  notFound: 'Announcement not found',
} as const;
const M = ANNOUNCEMENT_MESSAGES;

export const ANNOUNCEMENT_TEXTS = {
  /** The follower's bell entry: the club's name and the announcement's title. */
  notificationTitle: (clubName: string) => `New announcement from ${clubName}`,
  /** The owner's counts: 'Delivered to 12 · Read by 5'. */
  counts: (delivered: number, read: number) => `Delivered to ${delivered} · Read by ${read}`,
} as const;

/** The owner's form and the server's first check (the text is checked again after sanitising). */
export const postAnnouncementRules = z.object({
  title: z.string({ error: M.titleRequired }).trim().min(1, { error: M.titleRequired }).max(ANNOUNCEMENT_TITLE_MAX, { error: M.titleTooLong }),
  body: z.string({ error: M.bodyRequired }).trim().min(1, { error: M.bodyRequired }).max(ANNOUNCEMENT_BODY_MAX, { error: M.bodyTooLong }),
});
export type PostAnnouncementValues = z.output<typeof postAnnouncementRules>;
