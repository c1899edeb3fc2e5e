// Following a club (issue 29 §1): a signed-in member follows an approved club they can see (not
// their own), at most FOLLOWS_MAX; following again or unfollowing a club not followed changes
// nothing. The owner (and platform administrators) see the followers, names only; anyone sees how
// many. Whom a club's news, sessions and reminders reach starts here.
import { and, count, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Db } from '../../db/client.js';
import { clubFollows, clubs } from '../../db/schema/index.js';
import { creationPage } from '../../graphql/creation-page.js';
import type { ConnectionResult, PageArgs } from '../../graphql/relay.js';
import { AppError, errors } from '../../lib/errors.js';
import type { Viewer } from '../../lib/viewer.js';
import { FOLLOWS_MAX, FOLLOW_MESSAGES as M } from './clubs.rules.js';

/** Pages of followers and of followed clubs: 20 unless `first` or `last` says. */
export const FOLLOWS_PAGE_DEFAULT = 20;

export type ClubFollowPageRow = typeof clubFollows.$inferSelect & { cursorAt: string };

const clubNotFound = () => new AppError('NOT_FOUND', M.clubNotFound, { clubId: M.clubNotFound });

export class ClubFollowsService {
  constructor(private readonly db: Db) {}

  /** Follows a club (again: nothing changes). Only an approved club a moderator has not removed. */
  async follow(viewer: Viewer, clubId: string): Promise<void> {
    if (clubId === viewer.userId) throw errors.validation(M.ownClub, { clubId: M.ownClub });
    await this.db.transaction(async (tx) => {
      const [club] = await tx
        .select({ id: clubs.id })
        .from(clubs)
        .where(and(eq(clubs.id, clubId), eq(clubs.applicationStatus, 'approved'), sql`${clubs.removedAt} is null`));
      if (!club) throw clubNotFound();
      // Counted under a lock on the member's follows, so two at once cannot pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`club_follows:${viewer.userId}`}, 0))`);
      const [row] = await tx
        .select({ n: count(), already: sql<boolean>`coalesce(bool_or(${clubFollows.clubId} = ${clubId}), false)` })
        .from(clubFollows)
        .where(eq(clubFollows.userId, viewer.userId));
      if (row?.already) return;
      if (Number(row?.n ?? 0) >= FOLLOWS_MAX) throw errors.validation(M.tooMany, { clubId: M.tooMany });
      await tx.insert(clubFollows).values({ clubId, userId: viewer.userId }).onConflictDoNothing();
    });
  }

  /** Unfollows a club (not followed, or no such club: nothing changes). */
  async unfollow(viewer: Viewer, clubId: string): Promise<void> {
    await this.db.delete(clubFollows).where(and(eq(clubFollows.userId, viewer.userId), eq(clubFollows.clubId, clubId)));
  }

  /** Of `clubIds`, those `userId` follows (Club.followedByMe's loader). */
  async followedAmong(userId: string, clubIds: readonly string[]): Promise<Set<string>> {
    if (clubIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: clubFollows.clubId })
      .from(clubFollows)
      .where(and(eq(clubFollows.userId, userId), anyOf(clubFollows.clubId, clubIds)));
    return new Set(rows.map((r) => r.id));
  }

  /** How many follow each of `clubIds` (Club.followerCount's loader). */
  async counts(clubIds: readonly string[]): Promise<Map<string, number>> {
    if (clubIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: clubFollows.clubId, n: count() })
      .from(clubFollows)
      .where(anyOf(clubFollows.clubId, clubIds))
      .groupBy(clubFollows.clubId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  /** A club's followers, newest first (the caller checked that the viewer may see them). */
  followers(clubId: string, args: PageArgs): Promise<ConnectionResult<ClubFollowPageRow>> {
    return creationPage(this.db, clubFollows, eq(clubFollows.clubId, clubId), args, { list: 'followers', defaultSize: FOLLOWS_PAGE_DEFAULT });
  }

  /** The clubs the viewer follows that anyone may still see (approved, not removed), newest follow first. */
  followed(viewer: Viewer, args: PageArgs): Promise<ConnectionResult<ClubFollowPageRow>> {
    const listed = sql`exists (select 1 from ${clubs} where ${clubs.id} = ${clubFollows.clubId} and ${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null)`;
    return creationPage(this.db, clubFollows, and(eq(clubFollows.userId, viewer.userId), listed), args, { list: 'myFollowedClubs', defaultSize: FOLLOWS_PAGE_DEFAULT });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Members following clubs. */
    clubFollows: ClubFollowsService;
  }
}
