// Webhooks (issue 31): the event kinds an endpoint may ask for, who may receive each, and the read
// scope each needs. The web's Developer page imports this file (@clubroom/rules/webhooks), so it
// imports nothing from the server but other rules.
//
// An endpoint belongs to one owner and is one of three kinds:
// - `member`: the owner's own data (events whose audience names the owner, and public events);
// - `club`: a club the owner manages (events whose audience is that club, and public events);
// - `platform`: platform events, for administrators (events whose audience is the platform, and
//   public events).
// An event is delivered to an endpoint only if the endpoint asked for its kind, the endpoint's kind
// is one the event kind lists, the endpoint's scopes hold the read scope listed for it (or the
// whole `read`), and — at the moment of delivery — the owner may still read it (still the member,
// still managing the club, still an administrator, account active).

/** The read scopes (issue 31 §2) an event kind needs; the whole `read` covers each. */
export type WebhookReadScope = 'read:public' | 'read:messages' | 'read:volunteering' | 'read:club' | 'read:admin';
export type WebhookEndpointKind = 'member' | 'club' | 'platform';

export interface WebhookKindInfo {
  description: string;
  /** Which endpoint kinds may receive it, and the read scope each needs. */
  receivers: Partial<Record<WebhookEndpointKind, WebhookReadScope>>;
}

export const WEBHOOK_EVENT_KINDS = {
  'club.application.submitted': { description: 'A club applied to join the platform.', receivers: { platform: 'read:admin' } },
  'club.application.approved': { description: 'A club’s application was approved.', receivers: { platform: 'read:admin', club: 'read:club' } },
  'club.application.rejected': { description: 'A club’s application was rejected.', receivers: { platform: 'read:admin', club: 'read:club' } },
  'volunteer.application.received': { description: 'A volunteer applied to one of the club’s positions.', receivers: { club: 'read:volunteering' } },
  'volunteer.application.decided': { description: 'The club accepted or rejected a volunteer application.', receivers: { club: 'read:volunteering', member: 'read:volunteering' } },
  'volunteer.application.withdrawn': { description: 'A volunteer withdrew an application.', receivers: { club: 'read:volunteering' } },
  'volunteer.waitlist.joined': { description: 'A volunteer joined the waiting list of a full position or shift.', receivers: { club: 'read:volunteering', member: 'read:volunteering' } },
  'volunteer.place.offered': { description: 'A freed place was offered to the first volunteer in line, until a deadline.', receivers: { club: 'read:volunteering', member: 'read:volunteering' } },
  'volunteer.place.given': { description: 'A volunteer got a place (accepted from the waiting list or an offer taken).', receivers: { club: 'read:volunteering', member: 'read:volunteering' } },
  'volunteer.offer.lapsed': { description: 'An offered place was declined or its deadline passed.', receivers: { club: 'read:volunteering', member: 'read:volunteering' } },
  'message.received': { description: 'A private message reached the endpoint’s owner.', receivers: { member: 'read:messages' } },
  'council.meeting.published': { description: 'The sports council published a meeting.', receivers: { member: 'read:public', club: 'read:public', platform: 'read:public' } },
  'council.meeting.changed': { description: 'A published council meeting changed or was cancelled.', receivers: { member: 'read:public', club: 'read:public', platform: 'read:public' } },
  'club.session.published': { description: 'A club published a session or event.', receivers: { member: 'read:public', club: 'read:club' } },
  'club.session.changed': { description: 'A club session changed or was cancelled.', receivers: { member: 'read:public', club: 'read:club' } },
  'club.session.answered': { description: 'A member answered a club session (going, not going, maybe).', receivers: { club: 'read:club' } },
} as const satisfies Record<string, WebhookKindInfo>;

export type WebhookEventKind = keyof typeof WEBHOOK_EVENT_KINDS;
export const WEBHOOK_EVENT_KIND_NAMES = Object.keys(WEBHOOK_EVENT_KINDS) as WebhookEventKind[];

/** Who an event is for (see the file's head). A public event (a published council meeting) reaches
 *  every endpoint that asked for it. */
export interface WebhookAudience {
  /** Members whose own data it is (a message's recipient, an application's volunteer). */
  memberIds?: readonly string[];
  /** The club it is about (its owners' `club` endpoints). */
  clubId?: string | null;
  /** Platform events (administrators' `platform` endpoints). */
  platform?: boolean;
  /** Anyone may read it. */
  public?: boolean;
}

/** One event, as a module hands it over inside the transaction of the change that caused it. */
export interface WebhookEvent {
  kind: WebhookEventKind;
  audience: WebhookAudience;
  /** The payload's `data` (docs/API.md, 'Webhooks'): the API's global ids and the schema's field
   *  names, e.g. { volunteerApplication: { id, status, position: { id, title }, … } }. JSON only. */
  data: Record<string, unknown>;
}

/** What a module needs of the webhooks module: write the event in the change's transaction
 *  (transactional outbox); nothing leaves before it commits. The transaction is `tx` (an
 *  Executor); typed loosely here so that this rules file stays free of server imports. */
export interface WebhookEmitter {
  emit(tx: unknown, event: WebhookEvent): Promise<void>;
  emitMany(tx: unknown, events: readonly WebhookEvent[]): Promise<void>;
}
