// The webhook events of council meetings (issue 31; docs/API.md, 'Webhook events'). Only public
// meetings have them (everyone may read those): a meeting made public is published; a change of a
// public one, its cancellation, its move out of public view or its deletion is a change.
import type { CouncilMeetingRow } from '../../db/schema/index.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { WebhookEvent } from '../webhooks/webhooks.rules.js';

/** What changed, in `change` of `council.meeting.changed`. */
export type MeetingChange = 'UPDATED' | 'CANCELLED' | 'UNPUBLISHED' | 'DELETED';

/** The meeting as the schema's CouncilMeeting names it (the public fields). */
function meetingData(row: CouncilMeetingRow): Record<string, unknown> {
  return {
    id: toGlobalId('CouncilMeeting', row.id),
    title: row.title,
    meetingDate: row.meetingDate,
    meetingTime: row.meetingTime,
    location: row.location,
    agenda: row.agenda,
    minutes: row.minutes,
    status: row.status.toUpperCase(),
    isPublic: row.isPublic,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function meetingPublishedEvent(row: CouncilMeetingRow): WebhookEvent {
  return { kind: 'council.meeting.published', audience: { public: true }, data: { councilMeeting: meetingData(row) } };
}

/** A public meeting (`before`) changed into `after` (null: deleted). One no longer public is named
 *  by its id only: what it says now is not for the public. */
export function meetingChangeEvent(before: CouncilMeetingRow, after: CouncilMeetingRow | null): WebhookEvent {
  const change: MeetingChange = !after ? 'DELETED' : !after.isPublic ? 'UNPUBLISHED' : after.status === 'cancelled' && before.status !== 'cancelled' ? 'CANCELLED' : 'UPDATED';
  const id = toGlobalId('CouncilMeeting', before.id);
  const councilMeeting = after?.isPublic ? meetingData(after) : after ? { id, isPublic: false } : { id };
  return { kind: 'council.meeting.changed', audience: { public: true }, data: { change, councilMeeting } };
}
