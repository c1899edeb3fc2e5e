// The owner's changes to a club's dated sessions (issue 29 §2–3): cancelling or moving one session
// or event, adding and editing one-off events, and the club's session settings (attending by
// default, reminder times), each in one transaction with the live views' signal. Cancelling,
// moving and editing raise the session's sequence (the calendar's SEQUENCE) and tell everyone
// counted as going through the dispatcher; a change to a session or event writes its webhook
// event. Planning sessions from the meeting times is session-planner.service.ts's, the reads
// session-reads.service.ts's, answers session-answers.service.ts's; what they share is
// sessions.shared.ts.
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, clubSessions, sessionAnswers, type ClubSessionRow } from '../../db/schema/index.js';
import type { PubSub } from '../../graphql/pubsub.js';
import { errors } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { canSeeClub, ownsOrAdministers } from '../clubs/clubs.service.js';
import type { NotificationEvent } from '../notifications/notify.service.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';
import { cancelSessionRules, clubEventRules, EVENTS_COMING_MAX, moveSessionRules, SESSION_DESCRIPTION_MAX, SESSION_MESSAGES as M, sessionSettingsRules } from './sessions.rules.js';
import { formatWhen } from './sessions.schedule.js';
import { sessionName, sessionNotFound, sessionPath, sessionsChanged, type SessionNotifier, type SessionView } from './sessions.shared.js';
import { dropReminders, scheduleReminders } from './session-reminders.schedule.js';
import type { SessionReadsService } from './session-reads.service.js';
import { sessionChangedEvent, sessionPublishedEvent, type SessionChange } from './sessions.webhooks.js';

export class SessionsService {
  constructor(
    private readonly db: Db,
    private readonly reads: Pick<SessionReadsService, 'byIds'>,
    private readonly deps: { notify: SessionNotifier; pubsub: PubSub; webhooks: WebhookEmitter },
  ) {}

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
      const [view] = await this.reads.byIds([row.id], tx);
      await this.tellComing(tx, view!, (name, when) => ({
        kind: 'session_cancelled',
        title: `Cancelled: ${name}, ${when}`,
        description: `${name} on ${when} is cancelled. The club says: ${reason}`,
      }));
      await this.webhookChange(tx, view!, 'CANCELLED');
      await sessionsChanged(this.deps.pubsub, tx, row.clubId, row.id);
    });
  }

  /** Moves a session or event (date, time, place); everyone counted as going is told at once. */
  async move(viewer: Viewer, sessionId: string, raw: unknown, now = new Date()): Promise<void> {
    const input = parseInput(moveSessionRules, raw);
    await this.db.transaction(async (tx) => {
      const row = await this.forChange(tx, viewer, sessionId, now);
      if (row.cancelledAt) throw errors.validation(M.cancelled, { sessionId: M.cancelled });
      const [before] = await this.reads.byIds([row.id], tx);
      await tx
        .update(clubSessions)
        .set({ startsAt: input.startsAt, endsAt: input.endsAt, place: input.place, movedAt: now, sequence: sql`${clubSessions.sequence} + 1`, updatedAt: now })
        .where(eq(clubSessions.id, row.id));
      await scheduleReminders(tx, { sessionIds: [row.id] }, now);
      const [view] = await this.reads.byIds([row.id], tx);
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
      await sessionsChanged(this.deps.pubsub, tx, row.clubId, row.id);
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
      const [view] = await this.reads.byIds([row!.id], tx);
      await this.deps.webhooks.emit(tx, sessionPublishedEvent(view!, sessionName(view!)));
      await sessionsChanged(this.deps.pubsub, tx, clubId, row!.id);
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
      const [before] = await this.reads.byIds([row.id], tx);
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
      const [view] = await this.reads.byIds([row.id], tx);
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
      await sessionsChanged(this.deps.pubsub, tx, row.clubId, row.id);
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
      await sessionsChanged(this.deps.pubsub, tx, viewer.userId);
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
    /** The owner's changes to a club's sessions and events (cancel, move, events), its session settings. */
    sessions: SessionsService;
  }
}
