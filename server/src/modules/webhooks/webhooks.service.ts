// Webhooks (issue 31, docs/API.md 'Webhooks'): the transactional outbox a module writes its events
// to (emit), and the endpoints their owners manage. The worker (webhooks.worker.ts) delivers.
import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { clubs, users, webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookAttemptRow, type WebhookDeliveryRow, type WebhookEndpointRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { checkOutboundUrl, OutboundUrlError, type Resolver } from '../../lib/outbound-url.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { creationPage } from '../../graphql/creation-page.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import type { ConnectionResult, PageArgs } from '../../graphql/relay.js';
import {
  WEBHOOK_ATTEMPTS_SHOWN,
  WEBHOOK_EVENT_KINDS,
  WEBHOOK_LOG_DAYS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_REPLAY_MAX_DAYS,
  WEBHOOK_SECRET_GRACE_HOURS,
  webhookEndpointChangeRules,
  webhookEndpointRules,
  webhookKindsProblem,
  type WebhookAudience,
  type WebhookEmitter,
  type WebhookEndpointKind,
  type WebhookEvent,
} from './webhooks.rules.js';

/** The routing id of the "outbox queued" broadcast that wakes the webhook workers (and only them). */
export const WEBHOOKS_QUEUED = 'webhooks';
export const WEBHOOK_ENDPOINT_LIST_DEFAULT = 20;
export const WEBHOOK_DELIVERY_LIST_DEFAULT = 20;
const DAY_MS = 86_400_000;

/** A new signing secret: `whsec_` and 24 random bytes in base64 (Standard Webhooks). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export interface CreateWebhookEndpointInput {
  kind: WebhookEndpointKind;
  url: string;
  eventKinds: readonly string[];
  description?: string | null;
}
export interface UpdateWebhookEndpointInput {
  id: string;
  url?: string | null;
  eventKinds?: readonly string[] | null;
  description?: string | null;
}

export type WebhookEndpointListRow = WebhookEndpointRow & { cursorAt: string };
export type WebhookDeliveryListRow = WebhookDeliveryRow & { cursorAt: string };

const notFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound, { id: WEBHOOK_MESSAGES.notFound });
const deliveryNotFound = () => new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound, { id: WEBHOOK_MESSAGES.deliveryNotFound });

/** Every (event kind, endpoint kind) pair the rules allow, as two parallel arrays for unnest(). */
const RECEIVER_PAIRS: [string[], string[]] = (() => {
  const kinds: string[] = [];
  const endpointKinds: string[] = [];
  for (const [kind, info] of Object.entries(WEBHOOK_EVENT_KINDS)) {
    for (const endpointKind of Object.keys(info.receivers)) {
      kinds.push(kind);
      endpointKinds.push(endpointKind);
    }
  }
  return [kinds, endpointKinds];
})();

/** The audience as stored: only the four keys, memberIds as strings. */
function storedAudience(audience: WebhookAudience): Required<WebhookAudience> {
  return {
    memberIds: [...new Set(audience.memberIds ?? [])],
    clubId: audience.clubId ?? null,
    platform: audience.platform === true,
    public: audience.public === true,
  };
}

export class WebhooksService implements WebhookEmitter {
  constructor(
    protected readonly db: Db,
    private readonly opts: { allowPrivateOutboundUrls: boolean; secrets: SecretBox; resolve?: Resolver; pubsub?: PubSub },
  ) {}

  /** Seals and opens the endpoints' signing secrets (the delivery worker opens them with it). */
  get secretBox(): SecretBox {
    return this.opts.secrets;
  }

  /** The worker's wake-up (set by the composition root once the worker exists). */
  private wake: () => void = () => {};
  useWake(wake: () => void): void {
    this.wake = wake;
  }

  /** Writes the event in the caller's transaction: see emitMany. */
  async emit(tx: Executor, event: WebhookEvent): Promise<void> {
    await this.emitMany(tx, [event]);
  }

  /**
   * Writes the events in the caller's transaction (nothing leaves before it commits), and one
   * delivery per active endpoint that asked for the kind, may receive it (its kind is one of the
   * event kind's receivers) and is in its audience: a `member` endpoint when audience.memberIds
   * names its owner, a `club` endpoint when audience.clubId is its club, a `platform` endpoint
   * when audience.platform, any endpoint when audience.public. One statement, whatever the number
   * of events, and a second (the workers' wake-up, sent at commit) when a delivery was queued; an
   * event no active endpoint asked for is not written at all.
   */
  async emitMany(tx: Executor, events: readonly WebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    const input = JSON.stringify(events.map((e) => ({ kind: e.kind, audience: storedAudience(e.audience), data: e.data })));
    const [queued] = rowsOf<{ n: number }>(
      await tx.execute(sql`
      with input as (
        select v.e ->> 'kind' as kind, v.e -> 'audience' as audience, v.e -> 'data' as data, v.ord
        from jsonb_array_elements(${input}::jsonb) with ordinality as v(e, ord)
        where exists (select 1 from webhook_endpoints p where p.status = 'active' and p.event_kinds @> array[v.e ->> 'kind'])
      ),
      events as (
        insert into webhook_events (kind, audience, data)
        select kind, audience, data from input order by ord
        returning id, seq, kind, audience
      ),
      deliveries as (
        insert into webhook_deliveries (event_id, endpoint_id, seq)
        select e.id, p.id, e.seq
      from events e
      join webhook_endpoints p on p.status = 'active' and p.event_kinds @> array[e.kind]
      where (e.kind, p.kind) in (select * from unnest(${sql.param(RECEIVER_PAIRS[0])}::text[], ${sql.param(RECEIVER_PAIRS[1])}::text[]))
        and (
          (e.audience ->> 'public')::boolean
          or (p.kind = 'member' and e.audience -> 'memberIds' @> to_jsonb(p.user_id::text))
          or (p.kind = 'club' and e.audience ->> 'clubId' = p.club_id::text)
          or (p.kind = 'platform' and (e.audience ->> 'platform')::boolean)
        )
      order by e.seq, p.id
      returning 1)
      select count(*)::int as n from deliveries`),
    );
    if (Number(queued?.n ?? 0) > 0) await this.opts.pubsub?.publish(Topic.OutboxQueued, {}, { id: WEBHOOKS_QUEUED, executor: tx });
  }

  // ——— Endpoints ———

  /** A new endpoint of the caller's; its secret is in the answer and nowhere else later. A member
   *  makes `member` endpoints, a club's owner `club` endpoints (for their club), an administrator
   *  `platform` ones (FORBIDDEN otherwise). Made by an API token, it keeps the token's scopes;
   *  from the browser, the whole `read`. */
  async create(viewer: Viewer, raw: CreateWebhookEndpointInput): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
    const input = parseInput(webhookEndpointRules, { ...raw, description: raw.description ?? '' });
    const { kind, eventKinds, description } = input;
    let clubId: string | null = null;
    if (kind === 'club') {
      clubId = await this.managedClub(viewer);
      if (!clubId) throw errors.forbidden(WEBHOOK_MESSAGES.clubOnly);
    } else if (kind === 'platform' && !viewer.isPlatformAdmin) throw errors.forbidden(WEBHOOK_MESSAGES.platformOnly);
    const url = await this.checkAddress(input.url);
    const scopes = viewer.credential === 'token' ? [...(viewer.scopes ?? [])] : ['read'];
    const secret = newWebhookSecret();
    const endpoint = await this.db.transaction(async (tx) => {
      // One creation at a time per owner, so the cap holds under concurrent requests.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.userId)).for('update');
      const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, viewer.userId));
      if (Number(held?.n ?? 0) >= WEBHOOK_MAX_ENDPOINTS) throw errors.validation(WEBHOOK_MESSAGES.tooMany);
      const [row] = await tx.insert(webhookEndpoints).values({ userId: viewer.userId, kind, clubId, url, description, eventKinds, scopes, secret: this.opts.secrets.seal(secret) }).returning();
      return row!;
    });
    return { endpoint, secret };
  }

  /** Changes an endpoint's URL, event kinds or description (what is absent stays). */
  async update(viewer: Viewer, raw: UpdateWebhookEndpointInput): Promise<WebhookEndpointRow> {
    const input = parseInput(webhookEndpointChangeRules, raw);
    const endpoint = await this.own(viewer, raw.id);
    const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: new Date() };
    if (input.eventKinds != null) {
      const problem = webhookKindsProblem(input.eventKinds, endpoint.kind);
      if (problem) throw errors.validation(problem, { eventKinds: problem });
      set.eventKinds = input.eventKinds;
    }
    if (input.description != null) set.description = input.description;
    if (input.url != null) set.url = await this.checkAddress(input.url);
    const [row] = await this.db.update(webhookEndpoints).set(set).where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.userId, viewer.userId))).returning();
    if (!row) throw notFound();
    return row;
  }

  /** Deletes an endpoint with its deliveries and their log. */
  async delete(viewer: Viewer, id: string): Promise<string> {
    const [row] = await this.db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, viewer.userId))).returning({ id: webhookEndpoints.id });
    if (!row) throw notFound();
    return row.id;
  }

  /** A new secret (in the answer only); the current one still signs, beside it, for the grace period. */
  async rotateSecret(viewer: Viewer, id: string): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
    const secret = newWebhookSecret();
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretUntil: sql`now() + make_interval(hours => ${WEBHOOK_SECRET_GRACE_HOURS})`,
        secret: this.opts.secrets.seal(secret),
        updatedAt: new Date(),
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, viewer.userId)))
      .returning();
    if (!row) throw notFound();
    return { endpoint: row, secret };
  }

  /** Turns a disabled endpoint back on: its waiting deliveries go out again, oldest first. */
  async enable(viewer: Viewer, id: string): Promise<WebhookEndpointRow> {
    const endpoint = await this.own(viewer, id);
    if (endpoint.status === 'active') throw errors.validation(WEBHOOK_MESSAGES.alreadyActive, { id: WEBHOOK_MESSAGES.alreadyActive });
    const [row] = await this.db
      .update(webhookEndpoints)
      .set({ status: 'active', disabledReason: null, disabledAt: null, consecutiveFailures: 0, failingSince: null, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, viewer.userId)))
      .returning();
    if (!row) throw notFound();
    this.wake();
    return row;
  }

  /** The caller's endpoints, newest first, a page at a time. */
  list(viewer: Viewer, args: PageArgs): Promise<ConnectionResult<WebhookEndpointListRow>> {
    return creationPage(this.db, webhookEndpoints, eq(webhookEndpoints.userId, viewer.userId), args, { list: 'webhookEndpoints', defaultSize: WEBHOOK_ENDPOINT_LIST_DEFAULT });
  }

  /** The caller's own endpoints among `ids` (node lookups). */
  async ownByIds(viewer: Viewer | null, ids: readonly string[]): Promise<Array<WebhookEndpointRow | null>> {
    if (!viewer || ids.length === 0) return ids.map(() => null);
    const rows = await this.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, viewer.userId), anyOf(webhookEndpoints.id, [...ids])));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** Endpoints by id, whoever owns them (a loader behind an already authorized parent). */
  async endpointsByIds(ids: readonly string[]): Promise<Array<WebhookEndpointRow | null>> {
    if (ids.length === 0) return [];
    const rows = await this.db.select().from(webhookEndpoints).where(anyOf(webhookEndpoints.id, [...ids]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  // ——— Deliveries and their log ———

  /** An endpoint's deliveries, newest first (the endpoint is already the caller's). */
  deliveries(endpointId: string, args: PageArgs): Promise<ConnectionResult<WebhookDeliveryListRow>> {
    return creationPage(this.db, webhookDeliveries, eq(webhookDeliveries.endpointId, endpointId), args, { list: 'webhookDeliveries', defaultSize: WEBHOOK_DELIVERY_LIST_DEFAULT });
  }

  /** The caller's own deliveries among `ids` (node lookups). */
  async ownDeliveriesByIds(viewer: Viewer | null, ids: readonly string[]): Promise<Array<WebhookDeliveryRow | null>> {
    if (!viewer || ids.length === 0) return ids.map(() => null);
    const rows = await this.db
      .select({ delivery: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookEndpoints.userId, viewer.userId), anyOf(webhookDeliveries.id, [...ids])));
    const byId = new Map(rows.map((r) => [r.delivery.id, r.delivery]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** The events of deliveries (kind, payload data, when), by event id. */
  async eventsByIds(ids: readonly string[]): Promise<Array<{ id: string; kind: string; data: Record<string, unknown>; createdAt: Date } | null>> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: webhookEvents.id, kind: webhookEvents.kind, data: webhookEvents.data, createdAt: webhookEvents.createdAt })
      .from(webhookEvents)
      .where(anyOf(webhookEvents.id, [...ids]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** The latest attempts (at most WEBHOOK_ATTEMPTS_SHOWN) of each delivery, oldest first. One statement. */
  async attemptsOf(deliveryIds: readonly string[]): Promise<WebhookAttemptRow[][]> {
    if (deliveryIds.length === 0) return [];
    const rows = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`
        select id, delivery_id, attempt_number, requested_at, duration_ms, response_status, response_body, error, redelivery from (
          select a.*, row_number() over (partition by a.delivery_id order by a.attempt_number desc) as n
          from webhook_attempts a where a.delivery_id = any(${sql.param([...deliveryIds])}::uuid[])
        ) latest where n <= ${WEBHOOK_ATTEMPTS_SHOWN}
        order by delivery_id, attempt_number`),
    );
    const byDelivery = new Map<string, WebhookAttemptRow[]>();
    for (const r of rows) {
      const attempt: WebhookAttemptRow = {
        id: String(r.id),
        deliveryId: String(r.delivery_id),
        attemptNumber: Number(r.attempt_number),
        requestedAt: new Date(r.requested_at as string),
        durationMs: Number(r.duration_ms),
        responseStatus: r.response_status == null ? null : Number(r.response_status),
        responseBody: (r.response_body as string | null) ?? null,
        error: (r.error as string | null) ?? null,
        redelivery: Boolean(r.redelivery),
      };
      const list = byDelivery.get(attempt.deliveryId) ?? [];
      list.push(attempt);
      byDelivery.set(attempt.deliveryId, list);
    }
    return deliveryIds.map((id) => byDelivery.get(id) ?? []);
  }

  /** Sends one delivery again (a new attempt, the same webhook-id), the caller's own only. */
  async redeliver(viewer: Viewer, deliveryId: string): Promise<WebhookDeliveryRow> {
    const [mine] = await this.ownDeliveriesByIds(viewer, [deliveryId]);
    if (!mine) throw deliveryNotFound();
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, redelivery: true, nextAttemptAt: sql`now()`, completedAt: null, skippedReason: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), sql`(${webhookDeliveries.leaseUntil} is null or ${webhookDeliveries.leaseUntil} < now())`))
      .returning();
    if (!row) throw errors.validation(WEBHOOK_MESSAGES.inFlight, { id: WEBHOOK_MESSAGES.inFlight });
    this.wake();
    return row;
  }

  /** Re-queues the endpoint's finished deliveries (delivered, failed or skipped) of events made
   *  from `since` to `until` (now when absent): at most WEBHOOK_REPLAY_MAX_DAYS, within the log.
   *  Answers how many were re-queued; they go out in event order, with their webhook-ids. */
  async replaySince(viewer: Viewer, endpointId: string, since: Date, until?: Date | null): Promise<{ endpoint: WebhookEndpointRow; count: number }> {
    const endpoint = await this.own(viewer, endpointId);
    const now = Date.now();
    const end = until ?? new Date(now);
    if (since.getTime() >= now) throw errors.validation(WEBHOOK_MESSAGES.replayFuture, { since: WEBHOOK_MESSAGES.replayFuture });
    if (end.getTime() <= since.getTime()) throw errors.validation(WEBHOOK_MESSAGES.replayOrder, { until: WEBHOOK_MESSAGES.replayOrder });
    if (since.getTime() < now - WEBHOOK_LOG_DAYS * DAY_MS) throw errors.validation(WEBHOOK_MESSAGES.replayTooOld, { since: WEBHOOK_MESSAGES.replayTooOld });
    if (end.getTime() - since.getTime() > WEBHOOK_REPLAY_MAX_DAYS * DAY_MS) throw errors.validation(WEBHOOK_MESSAGES.replayTooLong, { since: WEBHOOK_MESSAGES.replayTooLong });
    const requeued = await this.db
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, redelivery: true, nextAttemptAt: sql`now()`, completedAt: null, skippedReason: null })
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          sql`${webhookDeliveries.status} in ('delivered', 'failed', 'skipped')`,
          sql`${webhookDeliveries.createdAt} >= ${since.toISOString()}::timestamptz and ${webhookDeliveries.createdAt} < ${end.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: webhookDeliveries.id });
    this.wake();
    return { endpoint, count: requeued.length };
  }

  /** Deletes events (with their deliveries and log) older than the log's WEBHOOK_LOG_DAYS, unless
   *  still pending somewhere; answers how many events went. */
  async purgeLog(): Promise<number> {
    const gone = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        delete from webhook_events e
        where e.created_at < now() - make_interval(days => ${WEBHOOK_LOG_DAYS})
          and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
        returning e.id`),
    );
    return gone.length;
  }

  private async own(viewer: Viewer, id: string): Promise<WebhookEndpointRow> {
    const [row] = await this.db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, viewer.userId)));
    if (!row) throw notFound();
    return row;
  }

  /** The club the caller owns (a club's id is its owner's), or null. */
  private async managedClub(viewer: Viewer): Promise<string | null> {
    const [row] = await this.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, viewer.userId));
    return row?.id ?? null;
  }

  /** The URL's address: https and public, unless private addresses are allowed (the form's rules
   *  have checked its shape). */
  private async checkAddress(url: string): Promise<string> {
    try {
      return (await checkOutboundUrl(url, { allowPrivate: this.opts.allowPrivateOutboundUrls, resolve: this.opts.resolve })).toString();
    } catch (err) {
      if (err instanceof OutboundUrlError) throw errors.validation(err.message, { url: err.message });
      throw err;
    }
  }

  /** Wakes the worker: call after the commit of a transaction that emitted (optional; the worker
   *  also polls). */
  kick(): void {
    this.wake();
  }
}

declare module '../../lib/services.js' {
  interface Services {
    webhooks: WebhooksService;
  }
}
