// Reminders with one-tap answers (issue 29 §4). A reminder job (session-reminders.schedule.ts)
// tells the followers who answered Going or have not answered (not those who said Can't make it,
// nor those on a waiting list) through the dispatcher, in the job's own transaction: a worker
// killed mid-run leaves nothing sent, and the job runs again, once. Each reminder's email carries
// two signed links, Going and Can't make it, bound to the member, the session and the answer,
// expiring when the session starts; its push carries a pair of its own as the notification's two
// buttons (each link works once, and a member may use both channels). A link opened in a browser
// shows what it would do and changes the answer only on an explicit confirmation (mail scanners
// open links); a push button is that confirmation (the service worker answers at once). Once: the
// link's id is recorded with the answer.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, sessionAnswerLinkUses } from '../../db/schema/index.js';
import type { JobHandler } from '../../jobs/worker.js';
import { errors } from '../../lib/errors.js';
import type { SignedLinks } from '../../lib/signed-links.js';
import type { SessionAnswersService, MyAnswer } from './session-answers.service.js';
import { SESSION_MESSAGES as M } from './sessions.rules.js';
import { formatWhen } from './sessions.schedule.js';
import { sessionName, sessionPath, type SessionNotifier, type SessionView } from './sessions.shared.js';
import type { SessionReadsService } from './session-reads.service.js';

export type LinkAnswer = 'going' | 'cant';

/** What a one-tap link would do: its session, its answer, and whether it was used. */
export interface AnswerLinkView {
  session: SessionView;
  answer: LinkAnswer;
  used: boolean;
}

interface LinkClaims {
  userId: string;
  sessionId: string;
  answer: LinkAnswer;
  linkId: string;
}

/** Recipients told per run of a reminder job: a bigger club's reminder carries on at once in the
 *  next run (each run its own transaction, with the job's progress), so no transaction grows
 *  without bound. */
export const REMINDERS_PER_RUN = 1000;

/** The shortest life of a link (a reminder close to the start still gets working links). */
const LINK_TTL_MIN_SECONDS = 60;

export class SessionRemindersService {
  constructor(
    private readonly db: Db,
    private readonly reads: Pick<SessionReadsService, 'byIds'>,
    private readonly answers: Pick<SessionAnswersService, 'answerWithin'>,
    private readonly deps: { notify: SessionNotifier; links: SignedLinks; appUrl: string },
  ) {}

  /** A one-tap link answering `answer` for the member, valid until the session starts. */
  async answerUrl(userId: string, session: Pick<SessionView, 'id' | 'startsAt'>, answer: LinkAnswer, now = new Date()): Promise<string> {
    return `${this.deps.appUrl}${await this.answerPath(userId, session, answer, now)}`;
  }

  /** answerUrl()'s web app path (a push's button names a path, as its `url` does). */
  async answerPath(userId: string, session: Pick<SessionView, 'id' | 'startsAt'>, answer: LinkAnswer, now = new Date()): Promise<string> {
    const ttl = Math.max(LINK_TTL_MIN_SECONDS, Math.floor((session.startsAt.getTime() - now.getTime()) / 1000));
    const token = await this.deps.links.sign({ sub: userId, sid: session.id, ans: answer, jti: randomUUID() }, ttl);
    return `/sessions/answer?token=${token}`;
  }

  /**
   * The reminder job: does nothing for a session gone, cancelled, started, moved since the job was
   * scheduled, of a club no longer approved, or whose club dropped this offset; otherwise tells
   * each recipient (found in one statement), in the job's transaction.
   */
  readonly reminderJob: JobHandler = async (tx, job) => {
    const now = new Date();
    const { sessionId, offset, startsAt, after } = job.payload as { sessionId?: string; offset?: number; startsAt?: string; after?: string };
    if (typeof sessionId !== 'string' || typeof offset !== 'number') return { done: true };
    const [session] = await this.reads.byIds([sessionId], tx);
    if (!session || session.cancelledAt || session.startsAt.getTime() <= now.getTime()) return { done: true };
    if (startsAt && new Date(startsAt).getTime() !== session.startsAt.getTime()) return { done: true };
    const [club] = await tx.select({ offsets: clubs.reminderOffsetsMinutes, status: clubs.applicationStatus, removedAt: clubs.removedAt }).from(clubs).where(eq(clubs.id, session.clubId));
    if (!club || club.status !== 'approved' || club.removedAt || !club.offsets.includes(offset)) return { done: true };
    const last = await this.remind(tx, session, now, after ?? null);
    return last ? { again: now, payload: { ...job.payload, after: last } } : { done: true };
  };

  /** Tells the session's next REMINDERS_PER_RUN recipients after `after` (by user id), inside `tx`
   *  (one statement finds them, one dispatcher batch tells them); answers the last one told when more may follow, else null. */
  async remind(tx: Executor, session: SessionView, now = new Date(), after: string | null = null): Promise<string | null> {
    const recipients = rowsOf<{ userId: string; answer: string | null }>(
      await tx.execute(sql`
        select f.user_id as "userId", a.answer from club_follows f
        left join session_answers a on a.session_id = ${session.id} and a.user_id = f.user_id
        where f.club_id = ${session.clubId} and (a.answer is null or a.answer = 'going') and f.user_id > ${after ?? '00000000-0000-0000-0000-000000000000'}::uuid
        order by f.user_id limit ${REMINDERS_PER_RUN}`),
    );
    const name = sessionName(session);
    const when = formatWhen(session.startsAt, session.clubTimeZone);
    const at = session.place ? ` at ${session.place}` : '';
    const byDefault = session.kind === 'session' && session.attendingByDefault;
    const answerOf = new Map(recipients.map((r) => [r.userId, r.answer]));
    // One batch through the dispatcher: each member's own text and signed links, the rest shared.
    await this.deps.notify.notifyMany(
      tx,
      recipients.map((r) => r.userId),
      async (userId) => {
        const going = answerOf.get(userId) === 'going';
        const description = going
          ? `You're going to ${name} on ${when}${at}. Can't make it after all? Tell the club with one tap.`
          : byDefault
            ? `You're counted as going to ${name} on ${when}${at}. Can't make it? Tell the club with one tap.`
            : `${name} is on ${when}${at}. Are you coming? Answer with one tap.`;
        // The email's pair and the push's pair: each link works once, and a member may tap both.
        const [goingUrl, cantUrl, goingPath, cantPath] = await Promise.all([
          this.answerUrl(userId, session, 'going', now),
          this.answerUrl(userId, session, 'cant', now),
          this.answerPath(userId, session, 'going', now),
          this.answerPath(userId, session, 'cant', now),
        ]);
        return {
          kind: 'session_reminder',
          title: `Reminder: ${name}, ${when}`,
          description,
          actionUrl: sessionPath(session.clubId, session.id),
          clubId: session.clubId,
          collapseKey: null,
          group: { key: `club:${session.clubId}`, label: session.clubName },
          email: {
            paragraphs: [description, 'Going:', goingUrl, 'Can’t make it:', cantUrl, 'Each link works once, without signing in, until the session starts. You can change your answer on the session’s page.'],
            action: { url: `${this.deps.appUrl}${sessionPath(session.clubId, session.id)}`, label: 'Open the session' },
          },
          push: {
            actions: [
              { action: 'going', title: 'Going', url: goingPath },
              { action: 'cant', title: 'Can’t make it', url: cantPath },
            ],
          },
        };
      },
    );
    return recipients.length === REMINDERS_PER_RUN ? recipients.at(-1)!.userId : null;
  }

  // ---- one-tap links ------------------------------------------------------------------------

  private async claims(token: string): Promise<LinkClaims | null> {
    const check = await this.deps.links.verify<{ sid?: unknown; ans?: unknown }>(token);
    if (!check.ok) return null;
    const { sub, sid, ans, jti } = check.claims;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof jti !== 'string' || (ans !== 'going' && ans !== 'cant')) return null;
    return { userId: sub, sessionId: sid, answer: ans, linkId: jti };
  }

  /** The session of a club still shown (approved, not removed), else null. */
  private async sessionOf(sessionId: string, executor: Executor = this.db): Promise<SessionView | null> {
    const [session] = await this.reads.byIds([sessionId], executor);
    if (!session) return null;
    const [club] = await executor.select({ status: clubs.applicationStatus, removedAt: clubs.removedAt }).from(clubs).where(eq(clubs.id, session.clubId));
    return club && club.status === 'approved' && !club.removedAt ? session : null;
  }

  /** What a link would do (changes nothing: mail scanners open links); null for a link that is
   *  forged, expired, of another purpose, or whose session is gone. */
  async linkView(token: string): Promise<AnswerLinkView | null> {
    const claims = await this.claims(token);
    if (!claims) return null;
    const session = await this.sessionOf(claims.sessionId);
    if (!session) return null;
    const [use] = await this.db.select({ linkId: sessionAnswerLinkUses.linkId }).from(sessionAnswerLinkUses).where(eq(sessionAnswerLinkUses.linkId, claims.linkId));
    return { session, answer: claims.answer, used: Boolean(use) };
  }

  /**
   * Answers as the link says, for its member, with the rules of any answer (following, not
   * started, places and the waiting list); the link's use is recorded in the same transaction, so
   * it answers once. Refused, changing nothing: an invalid or expired link, a used one, a
   * cancelled session.
   */
  async answerByLink(token: string, now = new Date()): Promise<{ session: SessionView; answer: MyAnswer }> {
    const claims = await this.claims(token);
    if (!claims) throw errors.notFound(M.linkInvalid);
    return this.db.transaction(async (tx) => {
      const session = await this.sessionOf(claims.sessionId, tx);
      if (!session) throw errors.notFound(M.linkInvalid);
      if (session.cancelledAt) throw errors.validation(M.cancelled, { token: M.cancelled });
      const used = await tx.insert(sessionAnswerLinkUses).values({ linkId: claims.linkId, userId: claims.userId, sessionId: claims.sessionId, usedAt: now }).onConflictDoNothing().returning({ linkId: sessionAnswerLinkUses.linkId });
      if (used.length === 0) throw errors.validation(M.linkUsed, { token: M.linkUsed });
      const answer = await this.answers.answerWithin(tx, claims.userId, claims.sessionId, { answer: claims.answer, reason: null }, now);
      const [fresh] = await this.reads.byIds([claims.sessionId], tx);
      return { session: fresh!, answer };
    });
  }

  /**
   * Forgets the uses of links whose session started more than a week ago (maintenance.ts): a link
   * was made to expire when its session starts, and answers close when it starts (moved or not),
   * so such a row guards nothing any more. Answers how many went.
   */
  async purgeSpentLinks(now = new Date()): Promise<number> {
    const gone = await this.db.execute(sql`
      delete from session_answer_link_uses u using club_sessions s
      where s.id = u.session_id and s.starts_at < ${now.toISOString()}::timestamptz - interval '7 days'
      returning u.link_id`);
    return rowsOf(gone).length;
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Session reminders and their one-tap answer links. */
    sessionReminders: SessionRemindersService;
  }
}
