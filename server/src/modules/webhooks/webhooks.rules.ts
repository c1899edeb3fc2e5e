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
import { z } from 'zod';
import { hasReadScope, type ReadScope } from '../../lib/shared/api-scopes.js';

/** The read scopes (issue 31 §2) an event kind needs; the whole `read` covers each. */
export type WebhookReadScope = Exclude<ReadScope, 'read:profile'>;
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

// ——— Endpoint management (the Developer page's form and the server share these) ———

export const WEBHOOK_ENDPOINT_KINDS: readonly WebhookEndpointKind[] = ['member', 'club', 'platform'];
/** Endpoints one owner may hold (every kind together). */
export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_DESCRIPTION_MAX = 500;
export const WEBHOOK_URL_MAX = 2000;
/** After a rotation the previous secret still signs for this long. */
export const WEBHOOK_SECRET_GRACE_HOURS = 24;
/** The delivery log is kept this long; Replay since reaches no further back. */
export const WEBHOOK_LOG_DAYS = 30;
/** The longest period one Replay since re-queues. */
export const WEBHOOK_REPLAY_MAX_DAYS = 7;
/** Attempts of one delivery (the first and its retries, over at least 24 hours). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** A delivery's log lists at most this many attempts (the latest). */
export const WEBHOOK_ATTEMPTS_SHOWN = 20;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  kindsRequired: 'Choose at least one event kind',
  unknownKind: (kind: string) => `Unknown event kind: ${kind}`,
  kindNotAllowed: (kind: string, endpointKind: WebhookEndpointKind) => `A ${endpointKind} endpoint cannot receive ${kind}`,
  descriptionTooLong: `The description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a full URL, starting with https://',
  urlTooLong: `The URL must be at most ${WEBHOOK_URL_MAX} characters`,
  tooMany: `You can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints: delete one you no longer use first.`,
  clubOnly: 'Only a club’s owner may create club webhook endpoints.',
  platformOnly: 'Only platform administrators may create platform webhook endpoints.',
  inFlight: 'This delivery is being sent right now; try again in a minute.',
  alreadyActive: 'This endpoint is already active.',
  replayTooLong: `Replay at most ${WEBHOOK_REPLAY_MAX_DAYS} days at a time`,
  replayTooOld: `The delivery log goes back ${WEBHOOK_LOG_DAYS} days: choose a later start`,
  replayOrder: 'The end of the period must be after its start',
  replayFuture: 'The start of the period must be in the past',
} as const;

/** The event kinds an endpoint of this kind may ask for. */
export function webhookKindsFor(endpointKind: WebhookEndpointKind): WebhookEventKind[] {
  return WEBHOOK_EVENT_KIND_NAMES.filter((kind) => endpointKind in WEBHOOK_EVENT_KINDS[kind].receivers);
}

/** The read scope an endpoint of `endpointKind` needs to receive `kind` (null: it may not). */
export function webhookReadScope(kind: string, endpointKind: WebhookEndpointKind): WebhookReadScope | null {
  const info = (WEBHOOK_EVENT_KINDS as Record<string, WebhookKindInfo>)[kind];
  return info?.receivers[endpointKind] ?? null;
}

/** Whether an endpoint with `scopes` may receive `kind`: the whole `read`, or the kind's read scope. */
export function webhookScopeAllows(scopes: readonly string[], kind: string, endpointKind: WebhookEndpointKind): boolean {
  const needed = webhookReadScope(kind, endpointKind);
  return needed !== null && hasReadScope(scopes, needed);
}

/** Why these event kinds are refused for an endpoint of `endpointKind` (the first reason), or null. */
export function webhookKindsProblem(kinds: readonly string[], endpointKind: WebhookEndpointKind): string | null {
  if (kinds.length === 0) return WEBHOOK_MESSAGES.kindsRequired;
  for (const kind of kinds) {
    if (!(kind in WEBHOOK_EVENT_KINDS)) return WEBHOOK_MESSAGES.unknownKind(kind);
    if (webhookReadScope(kind, endpointKind) === null) return WEBHOOK_MESSAGES.kindNotAllowed(kind, endpointKind);
  }
  return null;
}

// ——— The form's and the API's input rules (the server also checks the URL's address itself) ———

const webhookUrlRule = z
  .string()
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value), WEBHOOK_MESSAGES.urlInvalid);
const webhookDescriptionRule = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong);
/** Trimmed, each once, in the order given. */
const webhookEventKindsRule = z.array(z.string().trim()).transform((kinds) => [...new Set(kinds)]);

/** A new endpoint: createWebhookEndpoint's input and the Developer page's form. */
export const webhookEndpointRules = z
  .object({
    kind: z.enum(['member', 'club', 'platform']),
    url: webhookUrlRule,
    eventKinds: webhookEventKindsRule,
    description: webhookDescriptionRule,
  })
  .superRefine((values, ctx) => {
    const problem = webhookKindsProblem(values.eventKinds, values.kind);
    if (problem) ctx.addIssue({ code: 'custom', path: ['eventKinds'], message: problem });
  });

/** A change to an endpoint (updateWebhookEndpoint): what is absent stays; the event kinds are
 *  checked against the endpoint's kind by webhookKindsProblem. */
export const webhookEndpointChangeRules = z.object({
  url: webhookUrlRule.nullish(),
  eventKinds: webhookEventKindsRule.nullish(),
  description: webhookDescriptionRule.nullish(),
});
