// Answers to a session or event (issue 29 §3): a follower says Going or Can't make it (with an
// optional reason) until it starts. An event's capacity turns a Going beyond it into a place on
// the waiting list, promoted in order in the very transaction that frees a place. Answers for one
// session are decided one at a time under its row's lock, so two members answering at once for
// the last place cannot both get it. The owner hears of a drop-out within LATE_DROP_OUT_HOURS.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubFollows, clubs, clubSessions, sessionAnswers, users, type SessionAnswerRow } from '../../db/schema/index.js';
import type { PubSub } from '../../graphql/pubsub.js';
import { errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { canSeeClub } from '../clubs/clubs.service.js';
import { answerSessionRules, LATE_DROP_OUT_HOURS, SESSION_MESSAGES as M, type SessionAnswer } from './sessions.rules.js';
import { formatWhen } from './sessions.schedule.js';
import { sessionName, sessionNotFound, sessionPath, sessionsChanged, type SessionNotifier, type SessionView } from './sessions.shared.js';
import type { SessionReadsService } from './session-reads.service.js';
import { sessionAnsweredEvent } from './sessions.webhooks.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';

export interface MyAnswer {
  answer: SessionAnswer;
  reason: string | null;
  /** Counted as going without having answered (attending by default). */
  byDefault: boolean;
  /** Place in the waiting line, from 1; null unless waiting. */
  waitingPosition: number | null;
  answeredAt: Date | null;
}

export type AttendeeRow = SessionAnswerRow & { cursorAt: string };

export class SessionAnswersService {
  constructor(
    private readonly db: Db,
    private readonly reads: Pick<SessionReadsService, 'byIds'>,
    private readonly deps: { notify: SessionNotifier; pubsub: PubSub; webhooks: WebhookEmitter },
  ) {}

  /**
   * Records the viewer's answer. Refused (nothing changes) for a session they may not see, one
   * that started or was cancelled, or a club they do not follow. Going beyond an event's places
   * is Waiting; leaving a place promotes the first in line.
   */
  async answer(viewer: Viewer, sessionId: string, raw: unknown, now = new Date()): Promise<MyAnswer> {
    const input = parseInput(answerSessionRules, raw);
    return this.db.transaction((tx) => this.answerWithin(tx, viewer.userId, sessionId, input, now, viewer));
  }

  /** The answer inside the caller's transaction (a one-tap link's, too). `viewer` checks what a
   *  signed-in caller may see; a link was bound to its member when it was made. */
  async answerWithin(tx: Executor, userId: string, sessionId: string, input: { answer: 'going' | 'cant'; reason: string | null }, now: Date, viewer?: Viewer): Promise<MyAnswer> {
    // The session's row lock orders every answer for it: the waiting line and the capacity are
    // decided by one transaction at a time.
    const [locked] = await tx.select({ id: clubSessions.id }).from(clubSessions).where(eq(clubSessions.id, sessionId)).for('update');
    if (!locked) throw sessionNotFound();
    const [session] = await this.reads.byIds([sessionId], tx);
    if (!session) throw sessionNotFound();
    const [club] = await tx.select({ id: clubs.id, applicationStatus: clubs.applicationStatus, removedAt: clubs.removedAt }).from(clubs).where(eq(clubs.id, session.clubId));
    if (!club || (viewer ? !canSeeClub(viewer, club) : club.applicationStatus !== 'approved' || club.removedAt !== null)) throw sessionNotFound();
    if (session.cancelledAt) throw errors.validation(M.cancelled, { sessionId: M.cancelled });
    if (session.startsAt.getTime() <= now.getTime()) throw errors.validation(M.started, { sessionId: M.started });
    const [follows] = await tx.select({ n: count() }).from(clubFollows).where(and(eq(clubFollows.clubId, session.clubId), eq(clubFollows.userId, userId)));
    if (Number(follows?.n ?? 0) === 0) throw errors.validation(M.notFollowing, { sessionId: M.notFollowing });

    const [before] = await tx.select().from(sessionAnswers).where(and(eq(sessionAnswers.sessionId, sessionId), eq(sessionAnswers.userId, userId)));
    const wasGoing = before ? before.answer === 'going' : session.kind === 'session' && session.attendingByDefault;
    let answer: SessionAnswer = input.answer;
    let queuedAt: Date | null = null;
    if (input.answer === 'going') {
      if (before?.answer === 'going') answer = 'going';
      else if (before?.answer === 'waiting') {
        answer = 'waiting';
        queuedAt = before.queuedAt;
      } else if (session.capacity !== null && (await this.goingCount(tx, sessionId)) >= session.capacity) {
        answer = 'waiting';
        queuedAt = now;
      }
    }
    const reason = input.answer === 'cant' ? input.reason : null;
    await tx
      .insert(sessionAnswers)
      .values({ sessionId, userId, answer, reason, queuedAt, answeredAt: now })
      .onConflictDoUpdate({ target: [sessionAnswers.sessionId, sessionAnswers.userId], set: { answer, reason, queuedAt, answeredAt: now } });
    // The club's event, naming the member as others see them (a club account by its club's name).
    const [member] = await tx.select({ fullName: users.fullName, clubName: clubs.name }).from(users).leftJoin(clubs, eq(clubs.id, users.id)).where(eq(users.id, userId));
    await this.deps.webhooks.emit(tx, sessionAnsweredEvent(session, sessionName(session), { id: userId, name: member?.clubName ?? member?.fullName ?? '' }, { answer, reason, answeredAt: now }));

    if (before?.answer === 'going' && answer !== 'going') await this.promote(tx, session);
    if (wasGoing && answer === 'cant' && session.startsAt.getTime() - now.getTime() <= LATE_DROP_OUT_HOURS * 3_600_000) {
      await this.tellOwnerOfDropOut(tx, session, userId, reason);
    }
    await sessionsChanged(this.deps.pubsub, tx, session.clubId, sessionId);
    return (await this.mine(userId, [session], tx)).get(sessionId)!;
  }

  /** Fills free places from the waiting line, in order (inside the transaction that freed them,
   *  holding the session's lock); each promoted member is told. */
  readonly promote = async (tx: Executor, session: SessionView): Promise<void> => {
    if (session.capacity === null) return;
    const free = session.capacity - (await this.goingCount(tx, session.id));
    if (free <= 0) return;
    const next = await tx
      .select({ userId: sessionAnswers.userId })
      .from(sessionAnswers)
      .where(and(eq(sessionAnswers.sessionId, session.id), eq(sessionAnswers.answer, 'waiting')))
      .orderBy(asc(sessionAnswers.queuedAt), asc(sessionAnswers.answeredAt), asc(sessionAnswers.userId))
      .limit(free);
    if (next.length === 0) return;
    const ids = next.map((r) => r.userId);
    await tx
      .update(sessionAnswers)
      .set({ answer: 'going', queuedAt: null })
      .where(and(eq(sessionAnswers.sessionId, session.id), inArray(sessionAnswers.userId, ids)));
    const when = formatWhen(session.startsAt, session.clubTimeZone);
    const name = sessionName(session);
    for (const userId of ids) {
      await this.deps.notify.notify(tx, userId, {
        kind: 'session_place_freed',
        title: `You have a place: ${name}`,
        description: `A place freed up for ${name} on ${when}, and you were next on the waiting list: you are now going. Can't make it any more? Change your answer on the session's page.`,
        actionUrl: sessionPath(session.clubId, session.id),
        clubId: session.clubId,
        group: { key: `club:${session.clubId}`, label: session.clubName },
      });
    }
  };

  /** A deleted account's answers to sessions that have not started go (past ones stay, as the
   *  club's record of who came); each place it held goes to the first in line. Inside the
   *  deletion's transaction. */
  async leaveComing(tx: Executor, userId: string, now = new Date()): Promise<void> {
    const gone = await tx
      .delete(sessionAnswers)
      .where(and(eq(sessionAnswers.userId, userId), sql`${sessionAnswers.sessionId} in (select id from club_sessions where starts_at > ${now.toISOString()}::timestamptz)`))
      .returning({ sessionId: sessionAnswers.sessionId, answer: sessionAnswers.answer });
    const freed = gone.filter((g) => g.answer === 'going').map((g) => g.sessionId);
    for (const id of freed.sort()) {
      // The same lock as an answer's: a promotion is decided once.
      await tx.select({ id: clubSessions.id }).from(clubSessions).where(eq(clubSessions.id, id)).for('update');
      const [session] = await this.reads.byIds([id], tx);
      if (session && !session.cancelledAt) await this.promote(tx, session);
    }
    const touched = [...new Set(gone.map((g) => g.sessionId))];
    for (const session of await this.reads.byIds(touched, tx)) await sessionsChanged(this.deps.pubsub, tx, session.clubId, session.id);
  }

  private async goingCount(tx: Executor, sessionId: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(sessionAnswers).where(and(eq(sessionAnswers.sessionId, sessionId), eq(sessionAnswers.answer, 'going')));
    return Number(row?.n ?? 0);
  }

  private async tellOwnerOfDropOut(tx: Executor, session: SessionView, userId: string, reason: string | null): Promise<void> {
    const rows = rowsOf(await tx.execute(sql`select full_name as "fullName" from users where id = ${userId}`)) as { fullName: string }[];
    const who = rows[0]?.fullName ?? 'A member';
    const when = formatWhen(session.startsAt, session.clubTimeZone);
    const name = sessionName(session);
    await this.deps.notify.notify(tx, session.clubId, {
      kind: 'session_late_drop_out',
      title: `${who} can't make it: ${name}`,
      description: `${who} will not come to ${name} on ${when}${reason ? `: “${reason}”` : '.'}`,
      actionUrl: sessionPath(session.clubId, session.id),
      actorId: userId,
      // A member's drop-outs from one session within the collapse window (going, can't, going,
      // can't…) are one bell entry and one email to the owner, saying the latest.
      collapseKey: `session-drop-out:${session.id}:${userId}`,
    });
  }

  /** The member's answers for these sessions (no row: attending by default where the club says
   *  so, else no entry). */
  async mine(userId: string, sessions: readonly SessionView[], executor: Executor = this.db): Promise<Map<string, MyAnswer>> {
    const result = new Map<string, MyAnswer>();
    if (sessions.length === 0) return result;
    const rows = await executor
      .select()
      .from(sessionAnswers)
      .where(and(eq(sessionAnswers.userId, userId), anyOf(sessionAnswers.sessionId, sessions.map((s) => s.id))));
    const waiting = rows.filter((r) => r.answer === 'waiting');
    const positions = new Map<string, number>();
    for (const r of waiting) {
      const [ahead] = rowsOf(
        await executor.execute(sql`select count(*)::int as n from session_answers where session_id = ${r.sessionId} and answer = 'waiting' and (queued_at, answered_at, user_id) < (${r.queuedAt!.toISOString()}::timestamptz, ${r.answeredAt.toISOString()}::timestamptz, ${userId}::uuid)`),
      ) as { n: number }[];
      positions.set(r.sessionId, Number(ahead?.n ?? 0) + 1);
    }
    for (const r of rows) result.set(r.sessionId, { answer: r.answer, reason: r.reason, byDefault: false, waitingPosition: positions.get(r.sessionId) ?? null, answeredAt: r.answeredAt });
    const defaults = sessions.filter((s) => !result.has(s.id) && s.kind === 'session' && s.attendingByDefault);
    if (defaults.length > 0) {
      const following = await executor.select({ clubId: clubFollows.clubId }).from(clubFollows).where(and(eq(clubFollows.userId, userId), anyOf(clubFollows.clubId, [...new Set(defaults.map((s) => s.clubId))])));
      const followed = new Set(following.map((f) => f.clubId));
      for (const s of defaults) if (followed.has(s.clubId)) result.set(s.id, { answer: 'going', reason: null, byDefault: true, waitingPosition: null, answeredAt: null });
    }
    return result;
  }

  /** Who answered, the first answers first (the caller checked that the viewer is the owner). */
  async attendees(sessionId: string, answer: SessionAnswer): Promise<SessionAnswerRow[]> {
    return this.db
      .select()
      .from(sessionAnswers)
      .where(and(eq(sessionAnswers.sessionId, sessionId), eq(sessionAnswers.answer, answer)))
      .orderBy(answer === 'waiting' ? asc(sessionAnswers.queuedAt) : asc(sessionAnswers.answeredAt), asc(sessionAnswers.userId));
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Answers to sessions and events, and their waiting lines. */
    sessionAnswers: SessionAnswersService;
  }
}
