// A club's dated sessions planned from its weekly meeting times (issue 29 §2): rows for a rolling
// window of SESSION_WINDOW_WEEKS, in the club's time zone. Saving meeting times re-plans the future
// sessions that still follow a meeting time (not moved, not cancelled by the owner): the ones
// whose slot went are removed, the new slot's are added, the rest stay as they are (same rows,
// same ids). A daily job carries every club's window forward, exactly once across instances
// (the job table). The owner's changes to one session are sessions.service.ts's, the reads
// session-reads.service.ts's; what they share is sessions.shared.ts.
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Db, Executor } from '../../db/client.js';
import { clubMeetingTimes, clubs, clubSessions, sessionAnswers, type ClubSessionRow } from '../../db/schema/index.js';
import type { PubSub } from '../../graphql/pubsub.js';
import { scheduleJob, type JobRequest } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/worker.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';
import { SESSION_WINDOW_WEEKS } from './sessions.rules.js';
import { formatWhen, nextLocalTime, occurrences } from './sessions.schedule.js';
import { sessionName, sessionsChanged, type SessionNotifier } from './sessions.shared.js';
import { dropReminders, scheduleReminders } from './session-reminders.schedule.js';
import type { SessionReadsService } from './session-reads.service.js';
import { sessionChangedEvent, sessionPublishedEvent } from './sessions.webhooks.js';

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

/** The window job, due now: the next worker to poll plans every club's sessions (the demo seed,
 *  whose meeting times are written without the planner, asks for it). */
export function windowJobNow(now = new Date()): JobRequest {
  return { kind: SESSIONS_WINDOW_JOB, key: WINDOW_JOB_KEY, runAt: now };
}

export class SessionPlannerService {
  constructor(
    private readonly db: Db,
    /** The platform's time zone (COUNCIL_TIME_ZONE): a club's until it chooses one. */
    private readonly defaultTimeZone: string,
    private readonly reads: Pick<SessionReadsService, 'byIds'>,
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
      const leavingViews = await this.reads.byIds(gone, tx);
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
      const views = await this.reads.byIds(
        added.map((r) => r.id),
        tx,
      );
      await this.deps.webhooks.emitMany(
        tx,
        views.map((v) => sessionPublishedEvent(v, sessionName(v))),
      );
    }
    if (gone.length > 0 || added.length > 0) await sessionsChanged(this.deps.pubsub, tx, clubId);
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

  // ---- The jobs ------------------------------------------------------------------------------

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
    await scheduleJob(executor, windowJobNow());
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Sessions planned from the meeting times, and the daily window job. */
    sessionPlanner: SessionPlannerService;
  }
}
