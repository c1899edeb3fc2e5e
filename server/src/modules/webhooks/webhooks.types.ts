import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Payload } from '../../graphql/payload.js';
import { Node, connectionOf } from '../../graphql/relay.js';
import { WEBHOOK_LOG_DAYS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_REPLAY_MAX_DAYS, WEBHOOK_SECRET_GRACE_HOURS } from './webhooks.rules.js';

export enum WebhookEndpointKindEnum {
  MEMBER = 'member',
  CLUB = 'club',
  PLATFORM = 'platform',
}
registerEnumType(WebhookEndpointKindEnum, {
  name: 'WebhookEndpointKind',
  description: 'Whose events a webhook endpoint receives (docs/API.md, \'Webhooks\').',
  valuesConfig: {
    MEMBER: { description: "The owner's own data (their messages, their applications) and public events." },
    CLUB: { description: "The owner's club (applications to its positions, its sessions) and public events." },
    PLATFORM: { description: 'Platform events, for administrators, and public events.' },
  },
});

export enum WebhookEndpointStatusEnum {
  ACTIVE = 'active',
  DISABLED = 'disabled',
}
registerEnumType(WebhookEndpointStatusEnum, {
  name: 'WebhookEndpointStatus',
  description: 'Whether a webhook endpoint receives deliveries.',
  valuesConfig: {
    ACTIVE: { description: 'Deliveries go out.' },
    DISABLED: { description: 'Disabled after a run of failed deliveries (see disabledReason): new events are not queued for it; enableWebhookEndpoint turns it back on.' },
  },
});

export enum WebhookDeliveryStatusEnum {
  PENDING = 'pending',
  DELIVERED = 'delivered',
  FAILED = 'failed',
  SKIPPED = 'skipped',
}
registerEnumType(WebhookDeliveryStatusEnum, {
  name: 'WebhookDeliveryStatus',
  description: 'Where one event stands for one endpoint.',
  valuesConfig: {
    PENDING: { description: 'Waiting for its first attempt or a retry.' },
    DELIVERED: { description: 'The endpoint answered 2xx.' },
    FAILED: { description: `Every attempt (${WEBHOOK_MAX_ATTEMPTS}, over at least 24 hours) failed.` },
    SKIPPED: { description: "Not sent: at the moment of delivery the endpoint's owner could no longer read it, or its scopes did not cover it." },
  },
});

@ObjectType({ description: 'An event kind a webhook endpoint may ask for (docs/API.md, \'Webhooks\', lists each payload).' })
export class WebhookEventKindInfo {
  @Field(() => String, { description: 'Its name, as the payload\'s `type` has it (e.g. `message.received`).' })
  name!: string;

  @Field(() => String, { description: 'What happened.' })
  description!: string;

  @Field(() => [WebhookEndpointKindEnum], { description: 'The endpoint kinds that may receive it.' })
  endpointKinds!: WebhookEndpointKindEnum[];
}

@ObjectType({ description: "One request of a delivery: the delivery log's line." })
export class WebhookAttempt {
  @Field(() => Int, { description: 'Which attempt of the delivery it was, from 1 (redeliveries carry on the count).' })
  attemptNumber!: number;

  @Field(() => Date, { description: 'When the request was made.' })
  requestedAt!: Date;

  @Field(() => Int, { description: 'How long the endpoint took to answer (or the request to fail), in milliseconds.' })
  durationMs!: number;

  @Field(() => Int, { nullable: true, description: "The endpoint's HTTP status; null when no answer came (see error)." })
  responseStatus!: number | null;

  @Field(() => String, { nullable: true, description: "The answer's body, cut to its first 4 KB; null when none." })
  responseBody!: string | null;

  @Field(() => String, { nullable: true, description: 'Why the request failed without an answer (timeout, refused address, connection error); null otherwise.' })
  error!: string | null;

  @Field(() => Boolean, { description: 'Whether it was sent by Redeliver or Replay since.' })
  redelivery!: boolean;
}

@ObjectType({ implements: Node, description: "One event for one of the caller's webhook endpoints: its status and its attempts." })
export class WebhookDelivery extends Node {
  @Field(() => WebhookDeliveryStatusEnum, { description: 'Where it stands.' })
  status!: WebhookDeliveryStatusEnum;

  @Field(() => String, { nullable: true, description: 'Why it was skipped; null unless skipped.' })
  skippedReason!: string | null;

  @Field(() => Date, { description: 'When its event happened (was committed).' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was delivered, failed for good or skipped; null while pending.' })
  completedAt!: Date | null;
}

@ObjectType({ description: "A page of a webhook endpoint's deliveries, newest first." })
export class WebhookDeliveryConnection extends connectionOf(WebhookDelivery, 'WebhookDelivery', { totalCount: 'How many deliveries the endpoint has in the log (30 days), over all pages.' }) {}

@ObjectType({ implements: Node, description: "One of the caller's webhook endpoints. Its secret was shown once (when made or rotated) and cannot be read again." })
export class WebhookEndpoint extends Node {
  @Field(() => WebhookEndpointKindEnum, { description: 'Whose events it receives.' })
  kind!: WebhookEndpointKindEnum;

  @Field(() => String, { description: 'Where deliveries are POSTed.' })
  url!: string;

  @Field(() => String, { description: 'What its owner wrote it is for (may be empty).' })
  description!: string;

  @Field(() => [String], { description: 'The event kinds it receives (webhookEventKinds lists them).' })
  eventKinds!: string[];

  @Field(() => [String], { description: 'The scopes it was made with (the token\'s, or `read` from the web app): it receives only events these cover.' })
  scopes!: string[];

  @Field(() => WebhookEndpointStatusEnum, { description: 'Whether deliveries go out.' })
  status!: WebhookEndpointStatusEnum;

  @Field(() => String, { nullable: true, description: 'Why it was disabled; null while active.' })
  disabledReason!: string | null;

  @Field(() => Date, { nullable: true, description: 'When it was disabled; null while active.' })
  disabledAt!: Date | null;

  @Field(() => Int, { description: 'Deliveries failed for good in a row (0 after a success).' })
  consecutiveFailures!: number;

  @Field(() => Date, { description: 'When it was made.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When it was last changed.' })
  updatedAt!: Date;
}

@ObjectType({ description: "A page of the caller's webhook endpoints, newest first." })
export class WebhookEndpointConnection extends connectionOf(WebhookEndpoint, 'WebhookEndpoint', { totalCount: 'How many webhook endpoints the caller has, over all pages.' }) {}


@InputType({ description: 'A new webhook endpoint.' })
export class CreateWebhookEndpointInput {
  @Field(() => WebhookEndpointKindEnum, { description: 'Whose events: MEMBER (anyone), CLUB (a club\'s owner, for their club), PLATFORM (administrators).' })
  kind!: WebhookEndpointKindEnum;

  @Field(() => String, { description: 'Where to POST deliveries: https, on a public address.' })
  url!: string;

  @Field(() => [String], { description: 'The event kinds wanted (at least one; each one the endpoint kind may receive).' })
  eventKinds!: string[];

  @Field(() => String, { nullable: true, description: 'What it is for (at most 500 characters).' })
  description?: string | null;
}

@ObjectType({ description: 'The result of createWebhookEndpoint.' })
export class CreateWebhookEndpointPayload extends Payload {
  @Field(() => WebhookEndpoint, { nullable: true, description: 'The new endpoint; null when refused.' })
  endpoint?: WebhookEndpoint | null;

  @Field(() => String, { nullable: true, description: 'The signing secret (`whsec_…`). Shown this once: it cannot be read again (rotate it for a new one).' })
  secret?: string | null;
}

@InputType({ description: 'What to change of a webhook endpoint (what is absent stays).' })
export class UpdateWebhookEndpointInput {
  @Field(() => ID, { description: "The endpoint's global id." })
  id!: string;

  @Field(() => String, { nullable: true, description: 'A new URL (https, public).' })
  url?: string | null;

  @Field(() => [String], { nullable: true, description: 'The event kinds wanted instead.' })
  eventKinds?: string[] | null;

  @Field(() => String, { nullable: true, description: 'A new description.' })
  description?: string | null;
}

@ObjectType({ description: 'The result of updateWebhookEndpoint.' })
export class UpdateWebhookEndpointPayload extends Payload {
  @Field(() => WebhookEndpoint, { nullable: true, description: 'The endpoint as changed; null when refused.' })
  endpoint?: WebhookEndpoint | null;
}

@InputType({ description: 'Which webhook endpoint.' })
export class WebhookEndpointIdInput {
  @Field(() => ID, { description: "The endpoint's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of deleteWebhookEndpoint.' })
export class DeleteWebhookEndpointPayload extends Payload {
  @Field(() => ID, { nullable: true, description: "The deleted endpoint's global id; null when refused." })
  deletedEndpointId?: string | null;
}

@ObjectType({ description: 'The result of rotateWebhookSecret.' })
export class RotateWebhookSecretPayload extends Payload {
  @Field(() => WebhookEndpoint, { nullable: true, description: 'The endpoint; null when refused.' })
  endpoint?: WebhookEndpoint | null;

  @Field(() => String, { nullable: true, description: `The new signing secret, shown this once. The previous one still signs too for ${WEBHOOK_SECRET_GRACE_HOURS} hours.` })
  secret?: string | null;
}

@ObjectType({ description: 'The result of enableWebhookEndpoint.' })
export class EnableWebhookEndpointPayload extends Payload {
  @Field(() => WebhookEndpoint, { nullable: true, description: 'The endpoint, active again; null when refused.' })
  endpoint?: WebhookEndpoint | null;
}

@InputType({ description: 'Which delivery to send again.' })
export class RedeliverWebhookInput {
  @Field(() => ID, { description: "The delivery's global id." })
  id!: string;
}

@ObjectType({ description: 'The result of redeliverWebhook.' })
export class RedeliverWebhookPayload extends Payload {
  @Field(() => WebhookDelivery, { nullable: true, description: 'The delivery, pending again (same webhook-id); null when refused.' })
  delivery?: WebhookDelivery | null;
}

@InputType({ description: `A period of an endpoint's deliveries to send again: at most ${WEBHOOK_REPLAY_MAX_DAYS} days, within the last ${WEBHOOK_LOG_DAYS}.` })
export class ReplayWebhookDeliveriesInput {
  @Field(() => ID, { description: "The endpoint's global id." })
  endpointId!: string;

  @Field(() => Date, { description: 'From this instant (events committed at or after it).' })
  since!: Date;

  @Field(() => Date, { nullable: true, description: 'Until this instant (before it); now when absent.' })
  until?: Date | null;
}

@ObjectType({ description: 'The result of replayWebhookDeliveries.' })
export class ReplayWebhookDeliveriesPayload extends Payload {
  @Field(() => WebhookEndpoint, { nullable: true, description: 'The endpoint; null when refused.' })
  endpoint?: WebhookEndpoint | null;

  @Field(() => Int, { nullable: true, description: 'How many finished deliveries were queued again (each with its webhook-id); null when refused.' })
  requeuedCount?: number | null;
}

