// A member's private calendar feed (issue 29 §6): a secret address that calendar apps poll, with the
// sessions and events of the clubs the member follows (their answer in each; cancelled ones kept,
// STATUS:CANCELLED) and the public council meetings; and a session's public 'Add to calendar' file.
//
// The secret is 32 random bytes shown once, when it is made (createCalendarFeed) or replaced
// (rotateCalendarFeed), as API tokens are: only its SHA-256 is stored, so neither the database nor
// a later page can give it back. Replacing it is one row's update, so the old address stops working
// at once. The feed is read with three statements (the secret, the sessions with the answers, the
// council meetings) whatever the number of clubs; its ETag is the hash of what the file is made of,
// so a calendar app that asks again with If-None-Match is answered 304 before the file is built.
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { ICalEventData } from 'ical-generator';
import type { Db } from '../../db/client.js';
import { calendarFeeds, clubFollows, clubs, clubSessions, sessionAnswers, users } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { errors } from '../../lib/errors.js';
import type { Viewer } from '../../lib/viewer.js';
import { CALENDAR_MESSAGES as M, FEED_DAYS_BACK, FEED_SECRET_PATTERN, webcalUrlOf } from './calendar.rules.js';
import { memberFeed, sessionFile, sessionFileName, type FeedMember, type FeedSession } from './calendar.ics.js';

/** How far ahead the feed reaches: the training sessions exist for the sessions window (8 weeks);
 *  one-off events may be set further ahead. */
export const FEED_DAYS_AHEAD = 366;
/** Bumped when the file's shape changes, so that cached copies are not kept by their ETag. */
const FEED_FORMAT = 1;

/** The council's public meetings in a span of time, as events (the council module makes them). */
export type CouncilEvents = (from: Date, to: Date) => Promise<ICalEventData[]>;

export interface CalendarFeedState {
  /** When the current address was made. */
  createdAt: Date;
}

export interface IssuedCalendarFeed extends CalendarFeedState {
  url: string;
  webcalUrl: string;
}

export interface FeedAnswer {
  /** The strong validator of this content (quoted, for the ETag header). */
  etag: string;
  /** The file; null when the caller's copy (If-None-Match) is current. */
  body: string | null;
}

/** A session's columns in a calendar event, with its club's name and default (both statements). */
const SESSION_COLUMNS = {
  id: clubSessions.id,
  clubId: clubSessions.clubId,
  kind: clubSessions.kind,
  title: clubSessions.title,
  description: clubSessions.description,
  place: clubSessions.place,
  startsAt: clubSessions.startsAt,
  endsAt: clubSessions.endsAt,
  cancelledAt: clubSessions.cancelledAt,
  cancelReason: clubSessions.cancelReason,
  sequence: clubSessions.sequence,
  createdAt: clubSessions.createdAt,
  updatedAt: clubSessions.updatedAt,
  clubName: clubs.name,
  attendingByDefault: clubs.attendingByDefault,
};

export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly opts: { appUrl: string; councilEvents: CouncilEvents },
  ) {}

  /** The feed's address for a secret. */
  feedUrl(secret: string): string {
    return `${this.opts.appUrl}/calendar/${secret}.ics`;
  }

  /** Whether the member has a feed address, and since when (never the address itself). */
  async state(viewer: Viewer): Promise<CalendarFeedState | null> {
    const [row] = await this.db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, viewer.userId));
    return row ?? null;
  }

  /** Makes the member's feed address, shown this once. One already made is refused (its secret
   *  cannot be shown again: rotate() replaces it). */
  async create(viewer: Viewer): Promise<IssuedCalendarFeed> {
    const secret = randomToken(32);
    const [row] = await this.db
      .insert(calendarFeeds)
      .values({ userId: viewer.userId, tokenHash: sha256(secret) })
      .onConflictDoNothing({ target: calendarFeeds.userId })
      .returning({ createdAt: calendarFeeds.createdAt });
    if (!row) throw errors.validation(M.alreadyCreated);
    return this.issued(secret, row.createdAt);
  }

  /** Replaces the member's feed address (or makes the first): the old one stops working at once. */
  async rotate(viewer: Viewer): Promise<IssuedCalendarFeed> {
    const secret = randomToken(32);
    const tokenHash = sha256(secret);
    const [row] = await this.db
      .insert(calendarFeeds)
      .values({ userId: viewer.userId, tokenHash })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
      .returning({ createdAt: calendarFeeds.createdAt });
    return this.issued(secret, row!.createdAt);
  }

  private issued(secret: string, createdAt: Date): IssuedCalendarFeed {
    const url = this.feedUrl(secret);
    return { url, webcalUrl: webcalUrlOf(url), createdAt };
  }

  /**
   * The feed of the member whose secret this is, or null (an unknown or replaced secret, a
   * member who may not sign in): the caller answers 404 and says nothing more.
   */
  async feed(secret: string, ifNoneMatch: string | undefined, now = new Date()): Promise<FeedAnswer | null> {
    if (!FEED_SECRET_PATTERN.test(secret)) return null;
    const [owner] = await this.db
      .select({ userId: users.id, name: users.fullName, email: users.email })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(and(eq(calendarFeeds.tokenHash, sha256(secret)), eq(users.status, 'active')));
    if (!owner) return null;
    const from = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
    const to = new Date(now.getTime() + FEED_DAYS_AHEAD * 86_400_000);
    const [sessions, council] = await Promise.all([this.followedSessions(owner.userId, from, to), this.opts.councilEvents(from, to)]);
    const member: FeedMember = { name: owner.name, email: owner.email };
    const etag = `"${sha256(JSON.stringify([FEED_FORMAT, this.opts.appUrl, member, sessions, council])).slice(0, 32)}"`;
    if (ifNoneMatch && matches(ifNoneMatch, etag)) return { etag, body: null };
    return { etag, body: memberFeed(sessions, council, member, { appUrl: this.opts.appUrl }) };
  }

  /** The sessions and events of the clubs the member follows that are listed (approved, not
   *  removed), starting in [from, to), soonest first, each with the member's answer: one statement. */
  async followedSessions(userId: string, from: Date, to: Date): Promise<FeedSession[]> {
    const rows = await this.db
      .select({
        ...SESSION_COLUMNS,
        answer: sessionAnswers.answer,
        answeredAt: sessionAnswers.answeredAt,
      })
      .from(clubFollows)
      .innerJoin(clubs, and(eq(clubs.id, clubFollows.clubId), eq(clubs.applicationStatus, 'approved'), isNull(clubs.removedAt)))
      .innerJoin(clubSessions, and(eq(clubSessions.clubId, clubFollows.clubId), gte(clubSessions.startsAt, from), lt(clubSessions.startsAt, to)))
      .leftJoin(sessionAnswers, and(eq(sessionAnswers.sessionId, clubSessions.id), eq(sessionAnswers.userId, userId)))
      .where(eq(clubFollows.userId, userId))
      .orderBy(asc(clubSessions.startsAt), asc(clubSessions.id));
    return rows;
  }

  /** A session's or event's 'Add to calendar' file, or null when there is no such session of a
   *  listed club (the caller answers 404). */
  async sessionFile(clubId: string, sessionId: string): Promise<{ body: string; fileName: string } | null> {
    const [row] = await this.db
      .select(SESSION_COLUMNS)
      .from(clubSessions)
      .innerJoin(clubs, and(eq(clubs.id, clubSessions.clubId), eq(clubs.applicationStatus, 'approved'), isNull(clubs.removedAt)))
      .where(and(eq(clubSessions.id, sessionId), eq(clubSessions.clubId, clubId)));
    if (!row) return null;
    const session: FeedSession = { ...row, answer: null, answeredAt: null };
    return { body: sessionFile(session, { appUrl: this.opts.appUrl }), fileName: sessionFileName(session) };
  }
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included). */
function matches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

declare module '../../lib/services.js' {
  interface Services {
    /** Members' calendar feeds and sessions' calendar files. */
    calendar: CalendarService;
  }
}
