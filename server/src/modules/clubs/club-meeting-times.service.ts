// A club's weekly meeting times: the owner replaces them all at once (the club's dated sessions are
// re-planned in the same transaction), and the loaders read many clubs' at once. The club itself is
// clubs.service.ts's; the directory's cards carry their meeting times in its own statement
// (club-directory.service.ts).
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { clubMeetingTimes, clubs, type ClubMeetingTimeRow, type ClubRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { CLUB_MESSAGES, meetingTimesRules } from './clubs.rules.js';
import { NO_CLUB } from './clubs.service.js';
import { MEETING_TIMES_ORDER } from './clubs.shared.js';

/** What saving meeting times does to the club's dated sessions (the sessions module, given by the
 *  composition root): re-plans them in the same transaction. */
export interface SessionPlanner {
  planClub(tx: Executor, clubId: string): Promise<unknown>;
}

/** A weekly session as a club's card shows it. */
export type ClubMeetingTime = Pick<ClubMeetingTimeRow, 'dayOfWeek' | 'startTime' | 'endTime'>;

const meetingTimesInput = z.object({ times: meetingTimesRules });

export class ClubMeetingTimesService {
  constructor(
    private readonly db: Db,
    /** The club's dated sessions follow its meeting times (issue 29). */
    private readonly sessions?: SessionPlanner,
  ) {}

  /** Replaces all of the caller's meeting times in one transaction: a failure leaves the old ones.
   *  Without a club the caller may not (FORBIDDEN); a club not approved yet is a rule of its state
   *  (BAD_USER_INPUT 'Meeting times can be saved once your club is approved.'). */
  async saveMeetingTimes(viewer: Viewer, raw: unknown): Promise<{ club: ClubRow; times: ClubMeetingTimeRow[] }> {
    const { times } = parseInput(meetingTimesInput, { times: raw });
    return this.db.transaction(async (tx) => {
      const [club] = await tx.select().from(clubs).where(eq(clubs.id, viewer.userId)).for('update');
      if (!club) throw errors.forbidden(NO_CLUB);
      if (club.applicationStatus !== 'approved') throw errors.validation(CLUB_MESSAGES.notApproved);
      await tx.delete(clubMeetingTimes).where(eq(clubMeetingTimes.clubId, viewer.userId));
      if (times.length > 0) await tx.insert(clubMeetingTimes).values(times.map((t) => ({ clubId: viewer.userId, ...t })));
      await this.sessions?.planClub(tx, viewer.userId);
      if (times.length === 0) return { club, times: [] };
      const saved = await tx
        .select()
        .from(clubMeetingTimes)
        .where(eq(clubMeetingTimes.clubId, viewer.userId))
        .orderBy(...MEETING_TIMES_ORDER);
      return { club, times: saved };
    });
  }

  /** Meeting times of many clubs, by day then start. */
  async meetingTimesOf(clubIds: readonly string[]): Promise<(ClubMeetingTime & { clubId: string })[]> {
    if (clubIds.length === 0) return [];
    return this.db
      .select({ clubId: clubMeetingTimes.clubId, dayOfWeek: clubMeetingTimes.dayOfWeek, startTime: clubMeetingTimes.startTime, endTime: clubMeetingTimes.endTime })
      .from(clubMeetingTimes)
      .where(inArray(clubMeetingTimes.clubId, [...clubIds]))
      .orderBy(asc(clubMeetingTimes.clubId), ...MEETING_TIMES_ORDER);
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** A club's weekly meeting times: saving them, the loaders' batched read. */
    clubMeetingTimes: ClubMeetingTimesService;
  }
}
