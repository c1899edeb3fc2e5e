// What the sessions module's services share: a session as the API shows it (SessionView), how a
// session is named and where its page is, the dispatcher they tell members through, the "not
// found" refusal, and the live views' signal after a change. The services are sessions.service.ts
// (the owner's changes to one session or event, the club's session settings),
// session-planner.service.ts (sessions planned from the meeting times, the daily window job),
// session-reads.service.ts (sessions by id, a club's coming ones, head counts, the live streams),
// session-answers.service.ts and session-reminders.service.ts; other modules reach them through
// those, never through this file.
import type { Executor } from '../../db/client.js';
import type { ClubSessionRow } from '../../db/schema/index.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import { toGlobalId } from '../../graphql/relay.js';
import { AppError } from '../../lib/errors.js';
import type { NotificationEvent } from '../notifications/notify.service.js';
import { SESSION_MESSAGES as M } from './sessions.rules.js';

/** What the sessions tell members (the notification dispatcher, given by the composition root). */
export interface SessionNotifier {
  notify(tx: Executor, recipient: string, event: NotificationEvent): Promise<unknown>;
  notifyMany(tx: Executor, recipients: readonly string[], eventFor: (userId: string) => NotificationEvent | Promise<NotificationEvent>): Promise<unknown>;
}

/** A session or event as the API shows it: its row and its club's name, time zone and default,
 *  and whether its club is listed (approved, not removed: then anyone may see the session). */
export type SessionView = ClubSessionRow & { clubName: string; clubTimeZone: string; attendingByDefault: boolean; clubListed: boolean };

/** The web app's path of a session's page. */
export const sessionPath = (clubId: string, sessionId: string) => `/clubs/${toGlobalId('Club', clubId)}/sessions/${toGlobalId('ClubSession', sessionId)}`;

/** How a session is named: an event by its title, a training session by its club. */
export const sessionName = (s: Pick<SessionView, 'kind' | 'title' | 'clubName'>) => (s.kind === 'event' && s.title ? s.title : `${s.clubName} training`);

export const sessionNotFound = () => new AppError('NOT_FOUND', M.sessionNotFound, { sessionId: M.sessionNotFound });

/** Tells the club's live views (and the session's page) after commit. */
export async function sessionsChanged(pubsub: PubSub, tx: Executor, clubId: string, sessionId?: string): Promise<void> {
  await pubsub.publish(Topic.ClubSessionsChanged, {}, { id: clubId, executor: tx });
  if (sessionId) await pubsub.publish(Topic.SessionChanged, {}, { id: sessionId, executor: tx });
}
