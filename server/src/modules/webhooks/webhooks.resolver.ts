import { Arg, Args, Int, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { ReadScope, RequiresScope } from '../../graphql/access.js';
import { mutate } from '../../graphql/payload.js';
import { PageArgs, requireDatabaseId, toGlobalId } from '../../graphql/relay.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { isTokenViewer } from '../../graphql/scopes.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/index.js';
import { Club } from '../clubs/clubs.types.js';
import { WEBHOOK_ATTEMPTS_SHOWN, WEBHOOK_EVENT_KINDS, WEBHOOK_EVENT_KIND_NAMES, WEBHOOK_MESSAGES, webhookScopeAllows, type WebhookEndpointKind } from './webhooks.rules.js';
import {
  CreateWebhookEndpointInput,
  CreateWebhookEndpointPayload,
  DeleteWebhookEndpointPayload,
  EnableWebhookEndpointPayload,
  RedeliverWebhookInput,
  RedeliverWebhookPayload,
  ReplayWebhookDeliveriesInput,
  ReplayWebhookDeliveriesPayload,
  RotateWebhookSecretPayload,
  UpdateWebhookEndpointInput,
  UpdateWebhookEndpointPayload,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryConnection,
  WebhookEndpoint,
  WebhookEndpointConnection,
  WebhookEndpointIdInput,
  WebhookEventKindInfo,
  type WebhookEndpointKindEnum,
} from './webhooks.types.js';

// Own endpoints and deliveries only.
registerNodeType('WebhookEndpoint', 'read:profile', (ctx, ids) => ctx.services.webhooks.ownByIds(ctx.viewer, ids));
registerNodeType('WebhookDelivery', 'read:profile', (ctx, ids) => ctx.services.webhooks.ownDeliveriesByIds(ctx.viewer, ids));

const endpointId = (id: unknown, field = 'id') => requireDatabaseId(id, 'WebhookEndpoint', field, WEBHOOK_MESSAGES.notFound);
const asEndpoint = (row: WebhookEndpointRow) => row as unknown as WebhookEndpoint;

const EVENT_KINDS: WebhookEventKindInfo[] = WEBHOOK_EVENT_KIND_NAMES.map((name) => ({
  name,
  description: WEBHOOK_EVENT_KINDS[name].description,
  endpointKinds: Object.keys(WEBHOOK_EVENT_KINDS[name].receivers) as WebhookEndpointKindEnum[],
}));

@Resolver(() => WebhookEndpoint)
export class WebhookEndpointsResolver {
  @Authorized()
  @ReadScope('read:profile')
  @Query(() => WebhookEndpointConnection, { description: "The caller's webhook endpoints, newest first (20 a page unless `first` or `last` says)." })
  webhookEndpoints(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.webhooks.list(ctx.viewer!, page);
  }

  @Authorized()
  @ReadScope('read:public')
  @Query(() => [WebhookEventKindInfo], { description: 'Every event kind a webhook endpoint may ask for, with the endpoint kinds that may receive it (the form\'s choices).' })
  webhookEventKinds(): WebhookEventKindInfo[] {
    return EVENT_KINDS;
  }

  @Authorized()
  @RequiresScope('webhooks:write')
  @Mutation(() => CreateWebhookEndpointPayload, { description: 'Creates a webhook endpoint of the caller\'s. The signing secret is in this answer only.' })
  createWebhookEndpoint(@Arg('input', () => CreateWebhookEndpointInput, { description: 'The kind, URL, event kinds and description.' }) input: CreateWebhookEndpointInput, @Ctx() ctx: Context) {
    return mutate(
      () => ctx.services.webhooks.create(ctx.viewer!, { ...input, kind: input.kind as WebhookEndpointKind }),
      ({ endpoint, secret }) => ({ endpoint: asEndpoint(endpoint), secret }),
    );
  }

  @Authorized()
  @RequiresScope('webhooks:write')
  @Mutation(() => UpdateWebhookEndpointPayload, { description: "Changes one of the caller's webhook endpoints: URL, event kinds, description." })
  updateWebhookEndpoint(@Arg('input', () => UpdateWebhookEndpointInput, { description: 'Which endpoint and what to change.' }) input: UpdateWebhookEndpointInput, @Ctx() ctx: Context) {
    return mutate(
      async () => ctx.services.webhooks.update(ctx.viewer!, { ...input, id: endpointId(input.id) }),
      (endpoint) => ({ endpoint: asEndpoint(endpoint) }),
    );
  }

  @Authorized()
  @RequiresScope('webhooks:write')
  @Mutation(() => DeleteWebhookEndpointPayload, { description: "Deletes one of the caller's webhook endpoints, with its deliveries and their log." })
  deleteWebhookEndpoint(@Arg('input', () => WebhookEndpointIdInput, { description: 'Which endpoint.' }) input: WebhookEndpointIdInput, @Ctx() ctx: Context) {
    return mutate(
      async () => ctx.services.webhooks.delete(ctx.viewer!, endpointId(input.id)),
      (id) => ({ deletedEndpointId: toGlobalId('WebhookEndpoint', id) }),
    );
  }

  @Authorized()
  @RequiresScope('webhooks:write')
  @Mutation(() => RotateWebhookSecretPayload, { description: 'Gives a webhook endpoint a new signing secret (in this answer only); the previous one signs too for 24 hours.' })
  rotateWebhookSecret(@Arg('input', () => WebhookEndpointIdInput, { description: 'Which endpoint.' }) input: WebhookEndpointIdInput, @Ctx() ctx: Context) {
    return mutate(
      async () => ctx.services.webhooks.rotateSecret(ctx.viewer!, endpointId(input.id)),
      ({ endpoint, secret }) => ({ endpoint: asEndpoint(endpoint), secret }),
    );
  }

  @Authorized()
  @RequiresScope('webhooks:write')
  @Mutation(() => EnableWebhookEndpointPayload, { description: 'Turns a disabled webhook endpoint back on; its waiting deliveries go out, oldest first.' })
  enableWebhookEndpoint(@Arg('input', () => WebhookEndpointIdInput, { description: 'Which endpoint.' }) input: WebhookEndpointIdInput, @Ctx() ctx: Context) {
    return mutate(
      async () => ctx.services.webhooks.enable(ctx.viewer!, endpointId(input.id)),
      (endpoint) => ({ endpoint: asEndpoint(endpoint) }),
    );
  }

  @Authorized()
  @RequiresScope('webhooks:write')
  @Mutation(() => RedeliverWebhookPayload, { description: "Sends one of the caller's webhook deliveries again: a new attempt with the same webhook-id." })
  redeliverWebhook(@Arg('input', () => RedeliverWebhookInput, { description: 'Which delivery.' }) input: RedeliverWebhookInput, @Ctx() ctx: Context) {
    return mutate(
      async () => ctx.services.webhooks.redeliver(ctx.viewer!, requireDatabaseId(input.id, 'WebhookDelivery', 'id', WEBHOOK_MESSAGES.deliveryNotFound)),
      (delivery) => ({ delivery: delivery as unknown as WebhookDelivery }),
    );
  }

  @Authorized()
  @RequiresScope('webhooks:write')
  @Mutation(() => ReplayWebhookDeliveriesPayload, { description: "Queues again an endpoint's finished deliveries of a period (at most 7 days, within the 30-day log), in event order, each with its webhook-id." })
  replayWebhookDeliveries(@Arg('input', () => ReplayWebhookDeliveriesInput, { description: 'Which endpoint and period.' }) input: ReplayWebhookDeliveriesInput, @Ctx() ctx: Context) {
    return mutate(
      async () => ctx.services.webhooks.replaySince(ctx.viewer!, endpointId(input.endpointId, 'endpointId'), input.since, input.until),
      ({ endpoint, count }) => ({ endpoint: asEndpoint(endpoint), requeuedCount: count }),
    );
  }

  @FieldResolver(() => Club, { nullable: true, description: 'The club a CLUB endpoint is for; null for the other kinds.' })
  async club(@Root() row: WebhookEndpointRow, @Ctx() ctx: Context) {
    return row.clubId ? ctx.loaders.club.load(row.clubId) : null;
  }

  @FieldResolver(() => Date, { nullable: true, description: 'Until when the previous secret still signs too; null when there is none.' })
  previousSecretExpiresAt(@Root() row: WebhookEndpointRow): Date | null {
    return row.previousSecret && row.previousSecretUntil && row.previousSecretUntil.getTime() > Date.now() ? row.previousSecretUntil : null;
  }

  @FieldResolver(() => WebhookDeliveryConnection, { description: 'Its deliveries in the log (30 days), newest first (20 a page unless `first` or `last` says).' })
  deliveries(@Root() row: WebhookEndpointRow, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.webhooks.deliveries(row.id, page);
  }
}

@Resolver(() => WebhookDelivery)
export class WebhookDeliveriesResolver {
  @FieldResolver(() => String, { description: 'The `webhook-id` header it is sent with: the same on every retry and redelivery, so a receiver can de-duplicate.' })
  webhookId(@Root() row: WebhookDeliveryRow): string {
    return `msg_${row.eventId}`;
  }

  @FieldResolver(() => Int, { description: 'Attempts made since it was queued (or re-queued by Redeliver or Replay since).' })
  attemptCount(@Root() row: WebhookDeliveryRow): number {
    return row.attempts;
  }

  @FieldResolver(() => Date, { nullable: true, description: 'When the next attempt is due; null unless pending.' })
  nextAttemptAt(@Root() row: WebhookDeliveryRow): Date | null {
    return row.status === 'pending' ? row.nextAttemptAt : null;
  }

  @FieldResolver(() => WebhookEndpoint, { description: 'The endpoint it is for.' })
  async endpoint(@Root() row: WebhookDeliveryRow, @Ctx() ctx: Context) {
    return ctx.loaders.webhookEndpoint.load(row.endpointId);
  }

  @FieldResolver(() => String, { description: "The event's kind (the payload's `type`)." })
  async eventKind(@Root() row: WebhookDeliveryRow, @Ctx() ctx: Context): Promise<string> {
    return (await ctx.loaders.webhookEvent.load(row.eventId))?.kind ?? '';
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "The `data` of the body it is sent with, as JSON text; null until a request was made (the owner's right to read it is checked when it is sent), for a skipped delivery, and for an API token without the read scope of the event's kind.",
  })
  async payload(@Root() row: WebhookDeliveryRow, @Ctx() ctx: Context): Promise<string | null> {
    const sent = row.status === 'delivered' || row.status === 'failed' || row.attempts > 0 || row.redelivery;
    if (!sent || row.status === 'skipped') return null;
    const event = await ctx.loaders.webhookEvent.load(row.eventId);
    if (!event) return null;
    // An API token reads a payload only under the read scope its kind needs (a read:profile token
    // does not read a message.received payload's message).
    if (isTokenViewer(ctx.viewer)) {
      const endpoint = await ctx.loaders.webhookEndpoint.load(row.endpointId);
      if (!endpoint || !webhookScopeAllows(ctx.viewer.scopes, event.kind, endpoint.kind)) return null;
    }
    return JSON.stringify(event.data ?? {});
  }

  @FieldResolver(() => [WebhookAttempt], { description: `Its latest ${WEBHOOK_ATTEMPTS_SHOWN} attempts, oldest first (BOUNDED).` })
  attempts(@Root() row: WebhookDeliveryRow, @Ctx() ctx: Context) {
    return ctx.loaders.webhookAttempts.load(row.id);
  }
}
