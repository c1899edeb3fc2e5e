// The webhook events of club sessions and events (issue 31; docs/API.md, 'Webhook events'). A
// session is as visible as its club: a listed club's (approved, not removed) is public, so its
// publication and changes reach members' endpoints as well as the club's; an unlisted club's reach
// the club's only. Answers are the club's (who answered, and a Can't make it's reason).
import type { ClubSessionRow, SessionAnswerRow } from '../../db/schema/index.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { WebhookAudience, WebhookEvent } from '../webhooks/webhooks.rules.js';

/** A session as session-reads.service.ts reads it (its SessionView). */
type SessionView = ClubSessionRow & { clubName: string; clubTimeZone: string; clubListed: boolean };

/** What changed, in `change` of `club.session.changed`. */
export type SessionChange = 'MOVED' | 'UPDATED' | 'CANCELLED' | 'REMOVED';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The session as the schema's ClubSession names it (the fields anyone who sees it may read). */
function sessionData(view: SessionView, name: string): Record<string, unknown> {
  return {
    id: toGlobalId('ClubSession', view.id),
    kind: view.kind.toUpperCase(),
    name,
    title: view.title,
    description: view.description,
    place: view.place,
    startsAt: iso(view.startsAt),
    endsAt: iso(view.endsAt),
    timeZone: view.clubTimeZone,
    capacity: view.capacity,
    sequence: view.sequence,
    movedAt: iso(view.movedAt),
    cancelledAt: iso(view.cancelledAt),
    cancelReason: view.cancelReason,
    club: { id: toGlobalId('Club', view.clubId), name: view.clubName },
  };
}

const seenBy = (view: SessionView): WebhookAudience => (view.clubListed ? { clubId: view.clubId, public: true } : { clubId: view.clubId });

export function sessionPublishedEvent(view: SessionView, name: string): WebhookEvent {
  return { kind: 'club.session.published', audience: seenBy(view), data: { clubSession: sessionData(view, name) } };
}

export function sessionChangedEvent(view: SessionView, name: string, change: SessionChange): WebhookEvent {
  return { kind: 'club.session.changed', audience: seenBy(view), data: { change, clubSession: sessionData(view, name) } };
}

/** A member's answer (`answer`: the schema's SessionAnswer, WAITING for a Going beyond the places). */
export function sessionAnsweredEvent(view: SessionView, name: string, member: { id: string; name: string }, row: Pick<SessionAnswerRow, 'answer' | 'reason' | 'answeredAt'>): WebhookEvent {
  return {
    kind: 'club.session.answered',
    audience: { clubId: view.clubId },
    data: {
      clubSession: { id: toGlobalId('ClubSession', view.id), name, startsAt: iso(view.startsAt), club: { id: toGlobalId('Club', view.clubId), name: view.clubName } },
      member: { id: toGlobalId('Member', member.id), name: member.name },
      answer: row.answer.toUpperCase(),
      reason: row.reason,
      answeredAt: iso(row.answeredAt),
    },
  };
}
