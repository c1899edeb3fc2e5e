// Club announcements (issue 29 §5): the owner of an approved club posts a title and a text
// (sanitised) to its followers; each follower hears of it through the notification dispatcher
// (bell, email or push as they chose; a club they muted reaches them in the bell only), and gets a
// receipt. A follower who opens it marks their receipt read; the owner (and platform
// administrators) see how many it was delivered to and read by. Anyone who may see the club sees
// its announcements; one a moderator removed only platform administrators do. A club may post at
// most ANNOUNCEMENTS_PER_WINDOW in any ANNOUNCEMENT_WINDOW_HOURS.
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Db } from '../../db/client.js';
import { announcementReceipts, clubAnnouncements, clubFollows, clubs, type ClubAnnouncementRow } from '../../db/schema/index.js';
import { creationPage } from '../../graphql/creation-page.js';
import { toGlobalId, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { retryIn } from '../../lib/write-limits.js';
import { canSeeClub } from '../clubs/clubs.service.js';
import { inParts } from '../../db/batch.js';
import type { NotificationDispatcher, NotificationEvent } from '../notifications/notify.service.js';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_MESSAGES as M,
  ANNOUNCEMENT_TEXTS as T,
  ANNOUNCEMENT_WINDOW_HOURS,
  ANNOUNCEMENTS_PAGE_DEFAULT,
  ANNOUNCEMENTS_PER_WINDOW,
  postAnnouncementRules,
} from './announcements.rules.js';

export type AnnouncementPageRow = ClubAnnouncementRow & { cursorAt: string };

export interface AnnouncementCounts {
  delivered: number;
  read: number;
}

/** Whether `viewer` may see `announcement` of `club`: whoever may see the club, while no
 *  moderator removed it; a removed one, platform administrators only. */
export function canSeeAnnouncement(
  viewer: Viewer | null,
  announcement: Pick<ClubAnnouncementRow, 'removedAt'>,
  club: Parameters<typeof canSeeClub>[1] | null | undefined,
): boolean {
  if (!club || !canSeeClub(viewer, club)) return false;
  return announcement.removedAt === null || viewer?.isPlatformAdmin === true;
}

/** Where a follower reads it: the club's page, opened at the announcement. */
export const announcementPath = (clubId: string, announcementId: string) =>
  `/clubs/${toGlobalId('Club', clubId)}?announcement=${toGlobalId('Announcement', announcementId)}`;

const notFound = () => new AppError('NOT_FOUND', M.notFound, { announcementId: M.notFound });

/** The text as paragraphs for the email (blank lines part them). */
const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export class AnnouncementsService {
  constructor(
    private readonly db: Db,
    private readonly notify: Pick<NotificationDispatcher, 'notifyMany'>,
  ) {}

  /**
   * Posts an announcement of the caller's club to its followers, in one transaction: the row, the
   * notification of each follower (through the dispatcher) and a receipt for each follower it
   * reached. The club's row is locked while its recent announcements are counted, so two posts at
   * once cannot pass the limit together.
   */
  async post(viewer: Viewer, raw: { title: unknown; body: unknown }): Promise<ClubAnnouncementRow> {
    // The text's limit holds after sanitising; a text far over it is refused before the work.
    if (typeof raw.body === 'string' && raw.body.length > ANNOUNCEMENT_BODY_MAX * 4) throw errors.validation(M.bodyTooLong, { body: M.bodyTooLong });
    const clean = (value: unknown) => (typeof value === 'string' ? sanitizeText(value) : value);
    const input = parseInput(postAnnouncementRules, { title: clean(raw.title), body: clean(raw.body) });
    const clubId = viewer.userId;
    return this.db.transaction(async (tx) => {
      const [club] = await tx
        .select({ id: clubs.id, name: clubs.name, status: clubs.applicationStatus, removedAt: clubs.removedAt })
        .from(clubs)
        .where(eq(clubs.id, clubId))
        .for('update');
      if (!club) throw errors.forbidden(M.noClub);
      if (club.status !== 'approved' || club.removedAt !== null) throw errors.validation(M.notApproved);

      const windowStart = sql`now() - make_interval(hours => ${ANNOUNCEMENT_WINDOW_HOURS})`;
      const recent = await tx
        .select({ createdAt: clubAnnouncements.createdAt })
        .from(clubAnnouncements)
        .where(and(eq(clubAnnouncements.clubId, clubId), gt(clubAnnouncements.createdAt, windowStart)))
        .orderBy(asc(clubAnnouncements.createdAt));
      if (recent.length >= ANNOUNCEMENTS_PER_WINDOW) {
        // The oldest of the window leaves it first.
        const wait = recent[recent.length - ANNOUNCEMENTS_PER_WINDOW]!.createdAt.getTime() + ANNOUNCEMENT_WINDOW_HOURS * 3_600_000 - Date.now();
        throw new AppError('RATE_LIMITED', M.tooMany(retryIn(wait)));
      }

      const [row] = await tx.insert(clubAnnouncements).values({ clubId, authorId: viewer.userId, title: input.title, body: input.body }).returning();
      const followers = await tx.select({ userId: clubFollows.userId }).from(clubFollows).where(eq(clubFollows.clubId, clubId));
      const event: NotificationEvent = {
        kind: 'club_announcement',
        title: T.notificationTitle(club.name),
        description: input.title,
        actionUrl: announcementPath(clubId, row!.id),
        actorId: clubId,
        clubId,
        group: { key: `club:${clubId}`, label: club.name },
        email: { subject: `${club.name}: ${input.title}`, paragraphs: [`${club.name} posted an announcement:`, input.title, ...paragraphsOf(input.body)] },
      };
      const ids = followers.map((f) => f.userId);
      const results = await this.notify.notifyMany(tx, ids, () => event);
      const reached = ids.filter((_, i) => results[i]!.inApp || results[i]!.email !== null || results[i]!.push);
      for (const part of inParts(reached)) await tx.insert(announcementReceipts).values(part.map((userId) => ({ announcementId: row!.id, userId })));
      return row!;
    });
  }

  /** The caller opened the announcement: their receipt is read (once; a caller without one, such
   *  as a member who followed later, changes nothing). Refused for one the caller may not see. */
  async markRead(viewer: Viewer, id: string | null): Promise<ClubAnnouncementRow> {
    const [found] = id ? await this.db.select().from(clubAnnouncements).where(eq(clubAnnouncements.id, id)) : [];
    if (!found) throw notFound();
    const [club] = await this.db
      .select({ id: clubs.id, applicationStatus: clubs.applicationStatus, removedAt: clubs.removedAt })
      .from(clubs)
      .where(eq(clubs.id, found.clubId));
    if (!canSeeAnnouncement(viewer, found, club)) throw notFound();
    await this.db
      .update(announcementReceipts)
      .set({ readAt: sql`now()` })
      .where(and(eq(announcementReceipts.announcementId, found.id), eq(announcementReceipts.userId, viewer.userId), isNull(announcementReceipts.readAt)));
    return found;
  }

  /** A club's announcements, newest first; removed ones for platform administrators only. (The
   *  club is the one the viewer is looking at: whoever may see it may see these.) */
  ofClub(viewer: Viewer | null, clubId: string, args: PageArgs): Promise<ConnectionResult<AnnouncementPageRow>> {
    const shown = viewer?.isPlatformAdmin ? undefined : isNull(clubAnnouncements.removedAt);
    return creationPage(this.db, clubAnnouncements, and(eq(clubAnnouncements.clubId, clubId), shown), args, { list: 'announcements', defaultSize: ANNOUNCEMENTS_PAGE_DEFAULT });
  }

  /** Announcements by id, whatever their state (callers check visibility). */
  async byIds(ids: readonly string[]): Promise<ClubAnnouncementRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(clubAnnouncements).where(anyOf(clubAnnouncements.id, ids));
  }

  /** How many followers each announcement reached, and how many of them read it: one grouped
   *  statement (the receipts' primary key leads with the announcement). */
  async counts(ids: readonly string[]): Promise<Map<string, AnnouncementCounts>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: announcementReceipts.announcementId, delivered: count(), read: count(announcementReceipts.readAt) })
      .from(announcementReceipts)
      .where(anyOf(announcementReceipts.announcementId, ids))
      .groupBy(announcementReceipts.announcementId);
    return new Map(rows.map((r) => [r.id, { delivered: Number(r.delivered), read: Number(r.read) }]));
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Clubs' announcements to their followers. */
    announcements: AnnouncementsService;
  }
}
