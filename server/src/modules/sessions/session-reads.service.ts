// What the sessions pages and the GraphQL graph read of a club's dated sessions: sessions by id
// (the loaders' batched read, and the other sessions services' read inside their transactions), a
// club's coming ones, head counts, a session if the caller may see it, and the live streams of a
// session and of a club's sessions. The owner's changes are sessions.service.ts's, the planning from
// meeting times session-planner.service.ts's; what they share is sessions.shared.ts.
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, clubSessions } from '../../db/schema/index.js';
import { liveValue, Topic, type PubSub } from '../../graphql/pubsub.js';
import { errors } from '../../lib/errors.js';
import type { PublicEntry, PublicRange } from '../../lib/public-listing.js';
import type { Viewer } from '../../lib/viewer.js';
import { canSeeClub, ownsOrAdministers } from '../clubs/clubs.service.js';
import { SESSION_MESSAGES as M } from './sessions.rules.js';
import { sessionNotFound, type SessionView } from './sessions.shared.js';

export type { SessionView } from './sessions.shared.js';

/** Whether a club is listed, as a column of a session's read. */
const CLUB_LISTED = sql<boolean>`(${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null)`;

/** Going / Can't / Waiting / No answer, with "attending by default" applied. */
export interface HeadCount {
  going: number;
  cant: number;
  waiting: number;
  noAnswer: number;
}

/** A session in the sitemap: its page's path names its club too. */
export interface PublicSessionEntry extends PublicEntry {
  clubId: string;
}

export class SessionReadsService {
  constructor(
    private readonly db: Db,
    /** The platform's time zone (COUNCIL_TIME_ZONE): a club's until it chooses one. */
    private readonly defaultTimeZone: string,
    private readonly deps: { pubsub: PubSub },
  ) {}

  /** Sessions by id with their club's name, zone and default (any club: the caller checks who may see them). */
  async byIds(ids: readonly string[], executor: Executor = this.db): Promise<SessionView[]> {
    if (ids.length === 0) return [];
    const rows = await executor
      .select({ session: clubSessions, clubName: clubs.name, clubTimeZone: clubs.timeZone, attendingByDefault: clubs.attendingByDefault, clubListed: CLUB_LISTED })
      .from(clubSessions)
      .innerJoin(clubs, eq(clubs.id, clubSessions.clubId))
      .where(anyOf(clubSessions.id, ids));
    return rows.map((r) => ({ ...r.session, clubName: r.clubName, clubTimeZone: r.clubTimeZone ?? this.defaultTimeZone, attendingByDefault: r.attendingByDefault, clubListed: r.clubListed }));
  }

  /** The sitemap's sessions (issue 27): those anyone may open (their club listed) that have not
   *  ended, cancelled ones too (their page says so, as schema.org's EventCancelled), in id order. */
  async publicSessions({ after, skip, limit }: PublicRange, now = new Date()): Promise<PublicSessionEntry[]> {
    const open = and(CLUB_LISTED, gt(clubSessions.endsAt, now));
    return this.db
      .select({ id: clubSessions.id, clubId: clubSessions.clubId, updatedAt: clubSessions.updatedAt })
      .from(clubSessions)
      .innerJoin(clubs, eq(clubs.id, clubSessions.clubId))
      .where(after ? and(open, gt(clubSessions.id, after)) : open)
      .orderBy(asc(clubSessions.id))
      .offset(skip)
      .limit(limit);
  }

  /** How many sessions the sitemap lists (publicSessions' rule). */
  async publicSessionCount(now = new Date()): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(clubSessions)
      .innerJoin(clubs, eq(clubs.id, clubSessions.clubId))
      .where(and(CLUB_LISTED, gt(clubSessions.endsAt, now)));
    return Number(row?.value ?? 0);
  }

  /** A club's sessions and events that have not ended (cancelled ones too), by start. */
  async coming(clubId: string, now = new Date()): Promise<SessionView[]> {
    const rows = await this.db
      .select({ session: clubSessions, clubName: clubs.name, clubTimeZone: clubs.timeZone, attendingByDefault: clubs.attendingByDefault, clubListed: CLUB_LISTED })
      .from(clubSessions)
      .innerJoin(clubs, eq(clubs.id, clubSessions.clubId))
      .where(and(eq(clubSessions.clubId, clubId), gt(clubSessions.endsAt, now)))
      .orderBy(asc(clubSessions.startsAt), asc(clubSessions.id));
    return rows.map((r) => ({ ...r.session, clubName: r.clubName, clubTimeZone: r.clubTimeZone ?? this.defaultTimeZone, attendingByDefault: r.attendingByDefault, clubListed: r.clubListed }));
  }

  /** The session if `viewer` may see it (its club is visible to them), else null. */
  async visible(viewer: Viewer | null, id: string): Promise<SessionView | null> {
    const [row] = await this.byIds([id]);
    if (!row) return null;
    const [club] = await this.db.select({ id: clubs.id, applicationStatus: clubs.applicationStatus, removedAt: clubs.removedAt }).from(clubs).where(eq(clubs.id, row.clubId));
    return club && canSeeClub(viewer, club) ? row : null;
  }

  /** The session as it is now, then after every change, for whoever may see it. */
  async *stream(viewer: Viewer | null, id: string): AsyncGenerator<SessionView> {
    if (!(await this.visible(viewer, id))) throw sessionNotFound();
    yield* liveValue(this.deps.pubsub, Topic.SessionChanged, id, async () => {
      const [row] = await this.byIds([id]);
      if (!row) throw sessionNotFound();
      return row;
    });
  }

  /** A club's id, then again after every change to its sessions (its owner's live views). */
  clubStream(viewer: Viewer | null, clubId: string): AsyncIterable<string> {
    if (!viewer) throw errors.unauthenticated();
    if (!ownsOrAdministers(viewer, clubId)) throw errors.forbidden(M.notOwner);
    return liveValue(this.deps.pubsub, Topic.ClubSessionsChanged, clubId, async () => clubId);
  }

  /** Head counts of sessions (Going includes the followers who did not answer a training session
   *  of a club that counts them as attending by default). */
  async headCounts(sessions: readonly Pick<SessionView, 'id' | 'kind' | 'attendingByDefault'>[], executor: Executor = this.db): Promise<Map<string, HeadCount>> {
    if (sessions.length === 0) return new Map();
    const rows = rowsOf(
      await executor.execute(sql`
        select s.id,
          count(*) filter (where a.answer = 'going')::int as going,
          count(*) filter (where a.answer = 'cant')::int as cant,
          count(*) filter (where a.answer = 'waiting')::int as waiting,
          (select count(*) from club_follows f where f.club_id = s.club_id
             and not exists (select 1 from session_answers x where x.session_id = s.id and x.user_id = f.user_id))::int as unanswered
        from club_sessions s left join session_answers a on a.session_id = s.id
        where s.id = any(${sql.param(sessions.map((x) => x.id))}::uuid[])
        group by s.id`),
    ) as { id: string; going: number; cant: number; waiting: number; unanswered: number }[];
    const byId = new Map(sessions.map((x) => [x.id, x]));
    const counts = new Map<string, HeadCount>();
    for (const r of rows) {
      const byDefault = byId.get(r.id)?.kind === 'session' && byId.get(r.id)?.attendingByDefault === true;
      counts.set(r.id, { going: Number(r.going) + (byDefault ? Number(r.unanswered) : 0), cant: Number(r.cant), waiting: Number(r.waiting), noAnswer: byDefault ? 0 : Number(r.unanswered) });
    }
    return counts;
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Sessions' reads: by id, a club's coming ones, head counts, the live streams. */
    sessionReads: SessionReadsService;
  }
}
