import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { clubs } from './clubs.js';

/** Webhook endpoints (issue 31, docs/API.md 'Webhooks'). An endpoint belongs to its owner and is a
 *  `member`, `club` (of `club_id`, which the owner manages) or `platform` endpoint. The secret
 *  (`whsec_…`) is shown once, when made or rotated; after a rotation the previous one still signs
 *  until `previous_secret_until`. `scopes` are those of the token that made it (every read scope
 *  when made from the browser): deliveries are narrowed to them. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['member', 'club', 'platform'] }).notNull(),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventKinds: text('event_kinds').array().notNull(),
    scopes: text('scopes').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Deliveries failed for good in a row (a success sets it back to 0). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the current run of failures began (null while the last delivery succeeded). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** The rate limit: no request to it before this instant (each claim moves it on by
     *  60 s / the per-minute limit); excess deliveries wait, none is dropped. */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The owner's list, newest first (keyset on created_at, id).
    index('webhook_endpoints_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('webhook_endpoints_club_idx').on(t.clubId).where(sql`${t.clubId} is not null`),
    // emit(): the active endpoints that asked for an event's kind.
    index('webhook_endpoints_active_kinds_idx').using('gin', t.eventKinds).where(sql`${t.status} = 'active'`),
  ],
);

/** One event as a module emitted it, in the transaction of the change (transactional outbox).
 *  `seq` orders events in commit order as far as one endpoint's deliveries go (docs/API.md). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/** One event for one endpoint: at most one row per pair (exactly-once per endpoint). The worker
 *  claims it with a lease (`lease_until`); `redelivery` marks a pending delivery re-queued by
 *  Redeliver or Replay since. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's seq, copied so that an endpoint's queue reads from one index. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'skipped'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    redelivery: boolean('redelivery').notNull().default(false),
    skippedReason: text('skipped_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId),
    // An endpoint's queue in event order, and its log newest first.
    index('webhook_deliveries_endpoint_seq_idx').on(t.endpointId, t.seq),
    // The worker's heads: each endpoint's oldest pending delivery.
    index('webhook_deliveries_pending_idx').on(t.endpointId, t.seq).where(sql`${t.status} = 'pending'`),
    // Replay since and the log's clean-up.
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
  ],
);

/** The delivery log: one row per request made (kept 30 days with its event). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptNumber: integer('attempt_number').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseStatus: integer('response_status'),
    /** The response body's first 4 KB. */
    responseBody: text('response_body'),
    error: text('error'),
    redelivery: boolean('redelivery').notNull().default(false),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptNumber)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
