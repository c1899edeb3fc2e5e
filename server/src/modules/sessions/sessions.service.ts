// A club's dated sessions (issue 29 §2): its weekly meeting times made into rows for a rolling
// window of SESSION_WINDOW_WEEKS, in the club's time zone. Saving meeting times re-plans the future
// sessions that still follow a meeting time (not moved, not cancelled by the owner): the ones
// whose slot went are removed, the new slot's are added, the rest stay as they are (same rows,
// same ids). A daily job carries every club's window forward, exactly once across instances
// (the job table).
import { and, asc, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubMeetingTimes, clubs, clubSessions, sessionAnswers, type ClubSessionRow } from '../../db/schema/index.js';
import { liveValue, Topic, type PubSub } from '../../graphql/pubsub.js';
import { toGlobalId } from '../../graphql/relay.js';
import { scheduleJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/worker.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { canSeeClub, ownsOrAdministers } from '../clubs/clubs.service.js';
import type { NotificationEvent } from '../notifications/notify.service.js';
import { cancelSessionRules, clubEventRules, EVENTS_COMING_MAX, moveSessionRules, SESSION_DESCRIPTION_MAX, SESSION_MESSAGES as M, SESSION_WINDOW_WEEKS, sessionSettingsRules } from './sessions.rules.js';
import { formatWhen, nextLocalTime, occurrences } from './sessions.schedule.js';
import { dropReminders, scheduleReminders } from './session-reminders.schedule.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';
import { sessionChangedEvent, sessionPublishedEvent, type SessionChange } from './sessions.webhooks.js';

/** What the sessions tell members (the notification dispatcher, given by the composition root). */
export interface SessionNotifier {
  notify(tx: Executor, recipient: string, event: NotificationEvent): Promise<unknown>;
  notifyMany(tx: Executor, recipients: readonly string[], eventFor: (userId: string) => NotificationEvent | Promise<NotificationEvent>): Promise<unknown>;
}

/** A session or event as the API shows it: its row and its club's name, time zone and default,
 *  and whether its club is listed (approved, not removed: then anyone may see the session). */
export type SessionView = ClubSessionRow & { clubName: string; clubTimeZone: string; attendingByDefault: boolean; clubListed: boolean };

/** Whether a club is listed, as a column of a session's read. */
const CLUB_LISTED = sql<boolean>`(${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null)`;

/** Going / Can't / Waiting / No answer, with "attending by default" applied. */
export interface HeadCount {
  going: number;
  cant: number;
  waiting: number;
  noAnswer: number;
}

/** The web app's path of a session's page. */
export const sessionPath = (clubId: string, sessionId: string) => `/clubs/${toGlobalId('Club', clubId)}/sessions/${toGlobalId('ClubSession', sessionId)}`;

/** How a session is named: an event by its title, a training session by its club. */
export const sessionName = (s: Pick<SessionView, 'kind' | 'title' | 'clubName'>) => (s.kind === 'event' && s.title ? s.title : `${s.clubName} training`);

const sessionNotFound = () => new AppError('NOT_FOUND', M.sessionNotFound, { sessionId: M.sessionNotFound });

/** The job that carries every club's window forward, once a day. */
export const SESSIONS_WINDOW_JOB = 'club-sessions-window';
const WINDOW_JOB_KEY = 'club-sessions-window';
/** When the window job runs: a quiet hour on the platform's clock. */
const WINDOW_JOB_TIME = '03:00';
/** Clubs re-planned per run of the window job (it runs again at once while more are due). */
const CLUBS_PER_RUN = 200;

export interface SessionPlan {
  added: number;
  removed: number;
}

export class SessionsService {
  constructor(
    private readonly db: Db,
    /** The platform's time zone (COUNCIL_TIME_ZONE): a club's until it chooses one. */
    private readonly defaultTimeZone: string,
    private readonly deps: { notify: SessionNotifier; pubsub: PubSub; webhooks: WebhookEmitter },
  ) {}

  /** The end of the window that starts at `now`. */
  windowEnd(now: Date): Date {
    return new Date(now.getTime() + SESSION_WINDOW_WEEKS * 7 * 86_400_000);
  }

  /**
   * Re-plans the club's future sessions from its meeting times, inside `tx` (the meeting times'
   * own save, or the window job). Sessions that started already, moved or cancelled ones and
   * events are never touched.
   */
  async planClub(tx: Executor, clubId: string, now = new Date()): Promise<SessionPlan> {
    const [club] = await tx.select({ timeZone: clubs.timeZone }).from(clubs).where(eq(clubs.id, clubId));
    if (!club) return { added: 0, removed: 0 };
    const slots = await tx.select({ dayOfWeek: clubMeetingTimes.dayOfWeek, startTime: clubMeetingTimes.startTime, endTime: clubMeetingTimes.endTime }).from(clubMeetingTimes).where(eq(clubMeetingTimes.clubId, clubId));
    const wanted = occurrences(slots, club.timeZone ?? this.defaultTimeZone, now, this.windowEnd(now));
    const wantedKeys = new Set(wanted.map((o) => `${o.slotKey}|${o.localDate}`));
    const following = and(eq(clubSessions.clubId, clubId), eq(clubSessions.kind, 'session'), isNotNull(clubSessions.slotKey), isNull(clubSessions.movedAt), isNull(clubSessions.cancelledAt), gt(clubSessions.startsAt, now));
    const current = await tx.select({ id: clubSessions.id, slotKey: clubSessions.slotKey, localDate: clubSessions.localDate }).from(clubSessions).where(following);
    const leaving = current.filter((s) => !wantedKeys.has(`${s.slotKey}|${s.localDate}`)).map((s) => s.id);
    // A session someone answered stays as it was (detached from its meeting time, as a moved one
    // is); the owner is told which, so they can cancel or move them.
    const answered =
      leaving.length === 0
        ? []
        : await tx
            .selectDistinct({ id: sessionAnswers.sessionId })
            .from(sessionAnswers)
            .where(anyOf(sessionAnswers.sessionId, leaving));
    const kept = new Set(answered.map((r) => r.id));
    const gone = leaving.filter((id) => !kept.has(id));
    if (gone.length > 0) {
      // Off the calendar: their webhook event says so while they can still be read.
      const leavingViews = await this.byIds(gone, tx);
      await this.deps.webhooks.emitMany(
        tx,
        leavingViews.map((v) => sessionChangedEvent(v, sessionName(v), 'REMOVED')),
      );
      await tx.delete(clubSessions).where(sql`${clubSessions.id} = any(${sql.param(gone)}::uuid[])`);
      await dropReminders(tx, gone);
    }
    if (kept.size > 0) {
      const keptRows = await tx.update(clubSessions).set({ movedAt: now, updatedAt: now }).where(anyOf(clubSessions.id, [...kept])).returning();
      await this.tellOwnerKept(tx, clubId, club.timeZone ?? this.defaultTimeZone, keptRows);
    }
    const added =
      wanted.length === 0
        ? []
        : await tx
            .insert(clubSessions)
            .values(wanted.map((o) => ({ clubId, kind: 'session' as const, slotKey: o.slotKey, localDate: o.localDate, startsAt: o.startsAt, endsAt: o.endsAt })))
            // A session already made for that slot and day (kept, or moved or cancelled by the owner) stays.
            .onConflictDoNothing({ target: [clubSessions.clubId, clubSessions.slotKey, clubSessions.localDate], where: sql`${clubSessions.slotKey} is not null` })
            .returning({ id: clubSessions.id });
    await scheduleReminders(tx, { sessionIds: added.map((r) => r.id) }, now);
    if (added.length > 0) {
      const views = await this.byIds(
        added.map((r) => r.id),
        tx,
      );
      await this.deps.webhooks.emitMany(
        tx,
        views.map((v) => sessionPublishedEvent(v, sessionName(v))),
      );
    }
    if (gone.length > 0 || added.length > 0) await this.changed(tx, clubId);
    return { added: added.length, removed: gone.length };
  }

  private async tellOwnerKept(tx: Executor, clubId: string, timeZone: string, kept: ClubSessionRow[]): Promise<void> {
    const sorted = [...kept].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const when = sorted.slice(0, 5).map((s) => formatWhen(s.startsAt, timeZone));
    const more = sorted.length > 5 ? ` and ${sorted.length - 5} more` : '';
    const one = sorted.length === 1;
    await this.deps.notify.notify(tx, clubId, {
      kind: 'sessions_kept',
      title: one ? 'A session members answered was kept' : `${sorted.length} sessions members answered were kept`,
      description: `Your new meeting times no longer include ${when.join(', ')}${more}. Members had already answered, so ${one ? 'it stays' : 'they stay'} on the calendar: cancel or move ${one ? 'it' : 'them'} on the Sessions tab if ${one ? 'it is' : 'they are'} not happening.`,
      actionUrl: '/club/dashboard?tab=sessions',
      clubId,
    });
  }

  // ---- Reading ----------------------------------------------------------------------------

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

  // ---- The owner's changes ----------------------------------------------------------------

  /** The session, locked, if `viewer` may change it (its club's owner or an administrator). */
  private async forChange(tx: Executor, viewer: Viewer, sessionId: string, now: Date): Promise<ClubSessionRow> {
    const [row] = await tx.select().from(clubSessions).where(eq(clubSessions.id, sessionId)).for('update');
    if (!row) throw sessionNotFound();
    if (!ownsOrAdministers(viewer, row.clubId)) {
      // Another club's session is not found for a member who may not see it, refused otherwise.
      const [club] = await tx.select({ id: clubs.id, applicationStatus: clubs.applicationStatus, removedAt: clubs.removedAt }).from(clubs).where(eq(clubs.id, row.clubId));
      if (!club || !canSeeClub(viewer, club)) throw sessionNotFound();
      throw errors.forbidden(M.notOwner);
    }
    if (row.startsAt.getTime() <= now.getTime()) throw errors.validation(M.changeStarted, { sessionId: M.changeStarted });
    return row;
  }

  /** Cancels one session or event with a reason; everyone counted as going is told at once. */
  async cancel(viewer: Viewer, sessionId: string, raw: unknown, now = new Date()): Promise<void> {
    const { reason } = parseInput(cancelSessionRules, raw);
    await this.db.transaction(async (tx) => {
      const row = await this.forChange(tx, viewer, sessionId, now);
      if (row.cancelledAt) throw errors.validation(M.alreadyCancelled, { sessionId: M.alreadyCancelled });
      await tx.update(clubSessions).set({ cancelledAt: now, cancelReason: reason, sequence: sql`${clubSessions.sequence} + 1`, updatedAt: now }).where(eq(clubSessions.id, row.id));
      await dropReminders(tx, [row.id]);
      const [view] = await this.byIds([row.id], tx);
      await this.tellComing(tx, view!, (name, when) => ({
        kind: 'session_cancelled',
        title: `Cancelled: ${name}, ${when}`,
        description: `${name} on ${when} is cancelled. The club says: ${reason}`,
      }));
      await this.webhookChange(tx, view!, 'CANCELLED');
      await this.changed(tx, row.clubId, row.id);
    });
  }

  /** Moves a session or event (date, time, place); everyone counted as going is told at once. */
  async move(viewer: Viewer, sessionId: string, raw: unknown, now = new Date()): Promise<void> {
    const input = parseInput(moveSessionRules, raw);
    await this.db.transaction(async (tx) => {
      const row = await this.forChange(tx, viewer, sessionId, now);
      if (row.cancelledAt) throw errors.validation(M.cancelled, { sessionId: M.cancelled });
      const [before] = await this.byIds([row.id], tx);
      await tx
        .update(clubSessions)
        .set({ startsAt: input.startsAt, endsAt: input.endsAt, place: input.place, movedAt: now, sequence: sql`${clubSessions.sequence} + 1`, updatedAt: now })
        .where(eq(clubSessions.id, row.id));
      await scheduleReminders(tx, { sessionIds: [row.id] }, now);
      const [view] = await this.byIds([row.id], tx);
      const was = formatWhen(before!.startsAt, before!.clubTimeZone);
      await this.tellComing(tx, view!, (name, when) => ({
        kind: 'session_moved',
        // Moves of one session within the collapse window are one notice and one email to each
        // member, saying where and when it is now.
        collapseKey: `session-moved:${view!.id}`,
        title: `Moved: ${name}, now ${when}`,
        description: `${name} (was ${was}) is now on ${when}${view!.place ? ` at ${view!.place}` : ''}.`,
      }));
      await this.webhookChange(tx, view!, 'MOVED');
      await this.changed(tx, row.clubId, row.id);
    });
  }

  /** Adds a one-off event to the owner's approved club. */
  async createEvent(viewer: Viewer, raw: unknown, now = new Date()): Promise<string> {
    const input = parseInput(clubEventRules, raw);
    const clubId = viewer.userId;
    return this.db.transaction(async (tx) => {
      const [club] = await tx.select({ status: clubs.applicationStatus, removedAt: clubs.removedAt }).from(clubs).where(eq(clubs.id, clubId)).for('update');
      if (!club) throw errors.forbidden(M.notOwner);
      if (club.status !== 'approved' || club.removedAt) throw errors.validation(M.clubNotApproved, { _: M.clubNotApproved });
      const [coming] = await tx.select({ n: count() }).from(clubSessions).where(and(eq(clubSessions.clubId, clubId), eq(clubSessions.kind, 'event'), gt(clubSessions.endsAt, now)));
      if (Number(coming?.n ?? 0) >= EVENTS_COMING_MAX) throw errors.validation(M.tooManyEvents, { _: M.tooManyEvents });
      const [row] = await tx
        .insert(clubSessions)
        .values({ clubId, kind: 'event', title: input.title, description: richDescription(input.description), place: input.place, startsAt: input.startsAt, endsAt: input.endsAt, capacity: input.capacity })
        .returning({ id: clubSessions.id });
      await scheduleReminders(tx, { sessionIds: [row!.id] }, now);
      const [view] = await this.byIds([row!.id], tx);
      await this.deps.webhooks.emit(tx, sessionPublishedEvent(view!, sessionName(view!)));
      await this.changed(tx, clubId, row!.id);
      return row!.id;
    });
  }

  /** Changes an event's title, description, place, times and places (the going members are told
   *  when the time or place changed); places below the Going count are refused, added places go to
   *  the waiting line in order. */
  async updateEvent(viewer: Viewer, sessionId: string, raw: unknown, promote: (tx: Executor, session: SessionView) => Promise<void>, now = new Date()): Promise<void> {
    const input = parseInput(clubEventRules, raw);
    await this.db.transaction(async (tx) => {
      const row = await this.forChange(tx, viewer, sessionId, now);
      if (row.kind !== 'event') throw errors.validation(M.notAnEvent, { sessionId: M.notAnEvent });
      if (row.cancelledAt) throw errors.validation(M.cancelled, { sessionId: M.cancelled });
      if (input.capacity !== null) {
        const [going] = await tx.select({ n: count() }).from(sessionAnswers).where(and(eq(sessionAnswers.sessionId, row.id), eq(sessionAnswers.answer, 'going')));
        const n = Number(going?.n ?? 0);
        if (n > input.capacity) throw errors.validation(M.capacityBelowGoing(n), { capacity: M.capacityBelowGoing(n) });
      }
      const timeOrPlace = row.startsAt.getTime() !== input.startsAt.getTime() || row.endsAt.getTime() !== input.endsAt.getTime() || (row.place ?? null) !== input.place;
      const [before] = await this.byIds([row.id], tx);
      await tx
        .update(clubSessions)
        .set({
          title: input.title,
          description: richDescription(input.description),
          place: input.place,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          capacity: input.capacity,
          movedAt: timeOrPlace ? now : row.movedAt,
          sequence: sql`${clubSessions.sequence} + 1`,
          updatedAt: now,
        })
        .where(eq(clubSessions.id, row.id));
      const [view] = await this.byIds([row.id], tx);
      await promote(tx, view!);
      if (row.startsAt.getTime() !== input.startsAt.getTime()) await scheduleReminders(tx, { sessionIds: [row.id] }, now);
      if (timeOrPlace) {
        const was = formatWhen(before!.startsAt, before!.clubTimeZone);
        await this.tellComing(tx, view!, (name, when) => ({
          kind: 'session_moved',
          // Moves of one session within the collapse window are one notice and one email to each
          // member, saying where and when it is now.
          collapseKey: `session-moved:${view!.id}`,
          title: `Changed: ${name}, ${when}`,
          description: `${name} (was ${was}) is now on ${when}${view!.place ? ` at ${view!.place}` : ''}.`,
        }));
      }
      await this.webhookChange(tx, view!, timeOrPlace ? 'MOVED' : 'UPDATED');
      await this.changed(tx, row.clubId, row.id);
    });
  }

  /** The club's session settings: attending by default, and when reminders go out. */
  async saveSettings(viewer: Viewer, raw: unknown): Promise<void> {
    const input = parseInput(sessionSettingsRules, raw);
    await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(clubs)
        .set({ attendingByDefault: input.attendingByDefault, reminderOffsetsMinutes: input.reminderOffsetsMinutes, updatedAt: new Date() })
        .where(eq(clubs.id, viewer.userId))
        .returning({ id: clubs.id });
      if (updated.length === 0) throw errors.forbidden(M.notOwner);
      await scheduleReminders(tx, { clubId: viewer.userId });
      await this.changed(tx, viewer.userId);
    });
  }

  /** Tells everyone counted as going (and those waiting for a place) about a change, at once. */
  private async tellComing(tx: Executor, view: SessionView, say: (name: string, when: string) => Pick<NotificationEvent, 'kind' | 'title' | 'description' | 'collapseKey'>): Promise<void> {
    const byDefault = view.kind === 'session' && view.attendingByDefault;
    const rows = rowsOf(
      await tx.execute(sql`
        select a.user_id as "userId" from session_answers a where a.session_id = ${view.id} and a.answer in ('going', 'waiting')
        ${byDefault ? sql`union select f.user_id from club_follows f where f.club_id = ${view.clubId} and not exists (select 1 from session_answers x where x.session_id = ${view.id} and x.user_id = f.user_id)` : sql``}`),
    ) as { userId: string }[];
    const when = formatWhen(view.startsAt, view.clubTimeZone);
    const event = say(sessionName(view), when);
    for (const { userId } of rows) {
      await this.deps.notify.notify(tx, userId, { ...event, actionUrl: sessionPath(view.clubId, view.id), clubId: view.clubId, group: { key: `club:${view.clubId}`, label: view.clubName } });
    }
  }

  /** The webhook event of a change of one session, in its transaction. */
  private async webhookChange(tx: Executor, view: SessionView, change: SessionChange): Promise<void> {
    await this.deps.webhooks.emit(tx, sessionChangedEvent(view, sessionName(view), change));
  }

  /** Tells the club's live views (and the session's page) after commit. */
  async changed(tx: Executor, clubId: string, sessionId?: string): Promise<void> {
    await this.deps.pubsub.publish(Topic.ClubSessionsChanged, {}, { id: clubId, executor: tx });
    if (sessionId) await this.deps.pubsub.publish(Topic.SessionChanged, {}, { id: sessionId, executor: tx });
  }

  /** Schedules the reminders of every coming session that has none yet (at start-up: sessions
   *  made before reminders existed); each at its own time, none due at once. */
  async ensureReminderJobs(now = new Date()): Promise<void> {
    await scheduleReminders(this.db, { all: true }, now, { keep: true });
  }

  /** Makes sure the daily window job exists (at start-up: an existing one keeps its time; a new
   *  one first runs at the next WINDOW_JOB_TIME, as it will every day). */
  async ensureWindowJob(now = new Date()): Promise<void> {
    const runAt = nextLocalTime(now, WINDOW_JOB_TIME, this.defaultTimeZone);
    await this.db.execute(sql`insert into jobs (kind, key, run_at, payload) values (${SESSIONS_WINDOW_JOB}, ${WINDOW_JOB_KEY}, ${runAt.toISOString()}::timestamptz, '{}'::jsonb) on conflict (key) do nothing`);
  }

  /** The window job: re-plans the approved clubs with meeting times whose window ends before the
   *  wanted end, CLUBS_PER_RUN at a time, in the job's transaction; then again tomorrow. */
  readonly windowJob: JobHandler = async (tx) => {
    const now = new Date();
    const lastWanted = this.windowEnd(now);
    const due = await tx
      .select({ id: clubs.id })
      .from(clubs)
      .where(
        and(
          eq(clubs.applicationStatus, 'approved'),
          isNull(clubs.removedAt),
          sql`exists (select 1 from ${clubMeetingTimes} where ${clubMeetingTimes.clubId} = ${clubs.id})`,
          // Not planned up to the last day of the window yet (a day's margin for the last session).
          sql`coalesce((select max(${clubSessions.startsAt}) from ${clubSessions} where ${clubSessions.clubId} = ${clubs.id} and ${clubSessions.slotKey} is not null), '-infinity') < ${new Date(lastWanted.getTime() - 7 * 86_400_000).toISOString()}::timestamptz`,
        ),
      )
      .orderBy(clubs.id)
      .limit(CLUBS_PER_RUN);
    for (const { id } of due) await this.planClub(tx, id, now);
    return due.length === CLUBS_PER_RUN ? { again: now } : { again: nextLocalTime(now, WINDOW_JOB_TIME, this.defaultTimeZone) };
  };

  /** Schedules the window job now (a test, or an operator, wants it run at once). */
  async runWindowJobNow(executor: Executor = this.db): Promise<void> {
    await scheduleJob(executor, { kind: SESSIONS_WINDOW_JOB, key: WINDOW_JOB_KEY, runAt: new Date() });
  }
}

/** An event's description: the rich-text subset (b, i, em, strong, p, br, lists), at most
 *  SESSION_DESCRIPTION_MAX characters once cleaned. */
function richDescription(input: string | null): string | null {
  if (!input) return null;
  const clean = sanitizeRichText(input);
  if (clean.length > SESSION_DESCRIPTION_MAX) throw errors.validation(M.descriptionTooLong, { description: M.descriptionTooLong });
  return clean || null;
}

declare module '../../lib/services.js' {
  interface Services {
    /** A club's dated sessions and events. */
    sessions: SessionsService;
  }
}
