// One typed pub/sub for live events, carried by Postgres LISTEN/NOTIFY so that every instance on
// the same database hears every event. NOTIFY issued inside a transaction is delivered only when
// that transaction commits, which gives "publish after commit" for free. Events addressed to one
// user carry that user's id as routing id, so a subscriber only wakes for its own events.
import { setMaxListeners } from 'node:events';
import { createPubSub } from '@graphql-yoga/subscription';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';

export enum Topic {
  SessionRevoked = 'SESSION_REVOKED',
  /** Routed by recipient id. */
  MessageReceived = 'MESSAGE_RECEIVED',
  /** Routed by the sender of the messages that were read. */
  MessagesRead = 'MESSAGES_READ',
  /** Routed by the recipient of a message its sender deleted. */
  MessageDeleted = 'MESSAGE_DELETED',
  /** Routed by the user whose unread message count changed. */
  UnreadMessagesChanged = 'UNREAD_MESSAGES_CHANGED',
  /** Routed by the user who got the notification. */
  NotificationAdded = 'NOTIFICATION_ADDED',
  /** Routed by the user whose unread notification count changed. */
  NotificationsChanged = 'NOTIFICATIONS_CHANGED',
  /** Broadcast (no routing id): a report was filed or decided, content removed or restored. */
  ModerationChanged = 'MODERATION_CHANGED',
}

/** Why a session ended (auth.types.ts SessionEndReasonEnum has the same values). */
export type SessionEndReason = 'signed_out' | 'password_changed' | 'password_reset' | 'refresh_token_reused' | 'account_suspended' | 'account_banned' | 'role_changed';

export interface TopicPayloads {
  /** `reason` (auth.types.ts SessionEndReason) when the publisher knows it. */
  [Topic.SessionRevoked]: { sessionId: string; userId: string; reason?: SessionEndReason };
  [Topic.MessageReceived]: { messageId: string };
  [Topic.MessagesRead]: { messageIds: string[] };
  [Topic.MessageDeleted]: { messageId: string };
  [Topic.UnreadMessagesChanged]: Record<string, never>;
  [Topic.NotificationAdded]: { notificationId: string };
  [Topic.NotificationsChanged]: Record<string, never>;
  [Topic.ModerationChanged]: Record<string, never>;
}

const CHANNEL = 'clubroom_events';

const routingKey = (topic: string, id?: string) => (id ? `${topic}:${id}` : topic);

export interface PubSub {
  /** Publishes through NOTIFY on `executor` (a transaction delays delivery until it commits). */
  publish<T extends Topic>(topic: T, payload: TopicPayloads[T], opts?: { id?: string; executor?: Executor }): Promise<void>;
  subscribe<T extends Topic>(topic: T, id?: string): AsyncIterable<TopicPayloads[T]>;
  /** The shape type-graphql wants for @Subscription({ topics, topicId }). */
  forTypeGraphql(): { publish(routingKey: string, ...args: unknown[]): void; subscribe(routingKey: string, dynamicId?: unknown): AsyncIterable<unknown> };
  close(): Promise<void>;
}

export async function createPgPubSub(database: Database, onError: (err: unknown) => void): Promise<PubSub> {
  // One listener per running subscription on its user's routing key: a user with many tabs (or an
  // integrator's script) passes Node's default of 10 legitimately. The number is bounded by the
  // WebSocket limits instead (subscriptions per socket, sockets per session), so no warning here.
  const target = new EventTarget();
  setMaxListeners(0, target);
  const local = createPubSub<Record<string, [unknown]>>({ eventTarget: target as never });
  const unlisten = await database.listen(CHANNEL, (raw) => {
    try {
      const { topic, id, payload } = JSON.parse(raw) as { topic: string; id?: string; payload: unknown };
      local.publish(routingKey(topic, id), payload);
    } catch (err) {
      onError(err);
    }
  });

  const pubsub: PubSub = {
    async publish(topic, payload, opts = {}) {
      const executor = opts.executor ?? database.db;
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, id: opts.id, payload })})`);
    },
    subscribe(topic, id) {
      return local.subscribe(routingKey(topic, id)) as AsyncIterable<never>;
    },
    forTypeGraphql() {
      return {
        publish: (key, ...args) => void pubsub.publish(key as Topic, args[0] as never).catch(onError),
        subscribe: (key, dynamicId) => local.subscribe(routingKey(key, dynamicId === undefined ? undefined : String(dynamicId))),
      };
    },
    close: unlisten,
  };
  return pubsub;
}

/** A live value: `read()` now, then again after every event on the topic for `id`. Listening starts
 *  before the first read, so no change between the two is missed. An iterator object rather than an
 *  async generator: a generator parked at `await` would only see `return()` at its next event, so a
 *  closed subscription would keep its listener until then; here `return()` unsubscribes at once. */
export function liveValue<T>(pubsub: Pick<PubSub, 'subscribe'>, topic: Topic, id: string, read: () => Promise<T>): AsyncIterableIterator<T> {
  const events = pubsub.subscribe(topic, id)[Symbol.asyncIterator]();
  let pending = events.next();
  let first = true;
  let finished = false;
  const end = (): IteratorReturnResult<undefined> => {
    finished = true;
    return { done: true, value: undefined };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next(): Promise<IteratorResult<T>> {
      if (finished) return end();
      if (first) {
        first = false;
        return { done: false, value: await read() };
      }
      const event = await pending;
      if (event.done || finished) return end();
      pending = events.next();
      return { done: false, value: await read() };
    },
    async return(): Promise<IteratorResult<T>> {
      finished = true;
      await events.return?.();
      return end();
    },
  };
}
