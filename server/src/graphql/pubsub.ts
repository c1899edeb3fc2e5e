// One typed pub/sub for live events, carried by Postgres LISTEN/NOTIFY so that every instance on
// the same database hears every event. NOTIFY issued inside a transaction is delivered only when
// that transaction commits, which gives "publish after commit" for free. Events addressed to one
// user carry that user's id as routing id, so a subscriber only wakes for its own events.
// Should the LISTEN connection be lost, the events of that moment are gone: once listening again
// the pub/sub tells its resync listeners, and every live value reads its current value again.
// The in-process routing (createLocalFanout) is shared with any other transport's adapter.
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
  /** Broadcast: mail (or a job) was queued; every instance's workers look now, not at their next
   *  poll. */
  OutboxQueued = 'OUTBOX_QUEUED',
  /** Routed by the member whose notification preferences changed (every device shows them). */
  NotificationPreferencesChanged = 'NOTIFICATION_PREFERENCES_CHANGED',
  /** Routed by club: one of its sessions, their answers or its session settings changed. */
  ClubSessionsChanged = 'CLUB_SESSIONS_CHANGED',
  /** Routed by session: it, or its answers, changed. */
  SessionChanged = 'SESSION_CHANGED',
}

/** Why a session ended (auth.types.ts SessionEndReasonEnum has the same values). */
export type SessionEndReason = 'signed_out' | 'password_changed' | 'password_reset' | 'refresh_token_reused' | 'account_suspended' | 'account_banned' | 'role_changed' | 'account_deleted';

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
  [Topic.OutboxQueued]: Record<string, never>;
  [Topic.NotificationPreferencesChanged]: Record<string, never>;
  [Topic.ClubSessionsChanged]: Record<string, never>;
  [Topic.SessionChanged]: Record<string, never>;
}

const CHANNEL = 'clubroom_events';
/** Resync listeners told at once after a loss; past this many they are spread over time. */
const RESYNC_AT_ONCE = 50;
/** The longest a resync is spread over. */
const RESYNC_SPREAD_MS = 2000;

const routingKey = (topic: string, id?: string) => (id ? `${topic}:${id}` : topic);

export interface PubSub {
  /** Publishes through NOTIFY on `executor` (a transaction delays delivery until it commits). */
  publish<T extends Topic>(topic: T, payload: TopicPayloads[T], opts?: { id?: string; executor?: Executor }): Promise<void>;
  /** Publishes many events of one topic in one statement (each its own NOTIFY, in order), as
   *  publish() would one by one. */
  publishMany<T extends Topic>(topic: T, events: ReadonlyArray<{ id?: string; payload: TopicPayloads[T] }>, opts?: { executor?: Executor }): Promise<void>;
  subscribe<T extends Topic>(topic: T, id?: string): AsyncIterable<TopicPayloads[T]>;
  /** Calls `listener` for every event on `topic` for `id`, in the moment, with no queue (live
   *  values only need to know that something changed); answers the unregister function. */
  listen<T extends Topic>(topic: T, id: string, listener: (payload: TopicPayloads[T]) => void): () => void;
  /** Calls `listener` for every event on `topic` whatever its routing id (one listener for all,
   *  where a subscription per id would cost a queue each); answers the unregister function. */
  watch<T extends Topic>(topic: T, listener: (id: string | undefined, payload: TopicPayloads[T]) => void): () => void;
  /** The shape type-graphql wants for @Subscription({ topics, topicId }). */
  forTypeGraphql(): { publish(routingKey: string, ...args: unknown[]): void; subscribe(routingKey: string, dynamicId?: unknown): AsyncIterable<unknown> };
  /** Registers `listener` to hear that events may have been lost (the transport reconnected
   *  after a loss); answers the unregister function. Live values read their current value again. */
  onResync(listener: () => void): () => void;
  /** What this process holds: the benchmarks count it to see closed subscriptions let go. */
  stats(): PubSubStats;
  /** False while the transport is lost (events of that time are missed); /health reports it. */
  listening(): boolean;
  close(): Promise<void>;
}

export interface PubSubStats {
  /** Event listeners attached (one per running subscription). */
  listeners: number;
  /** Resync listeners (one per open live value, and the socket server's session re-check). */
  liveValues: number;
}

/** What the pub/sub logs besides dropped events: the loss of its transport and the recovery. */
export type PubSubWarn = (message: string) => void;

/**
 * The in-process half every pub/sub adapter shares: routes each event that reached this process
 * to the subscribers of its routing key, and tells live values to read again after a loss. An
 * adapter (LISTEN/NOTIFY here, another broker elsewhere) only carries events between processes:
 * it calls `deliver` for each event it receives and, once reconnected after losing its
 * subscription, `resync()` (the events of that moment are gone).
 */
export function createLocalFanout(onError: (err: unknown) => void = () => {}) {
  // One listener per running subscription on its user's routing key: a user with many tabs (or an
  // integrator's script) passes Node's default of 10 legitimately. The number is bounded by the
  // WebSocket limits instead (subscriptions per socket, sockets per session), so no warning here.
  const target = new EventTarget();
  setMaxListeners(0, target);
  let listeners = 0;
  // A subscriber that has fallen 1,024 events behind makes its queue throw; an EventTarget
  // listener that throws would end the process, so the event is dropped for that subscriber only.
  type Listener = (event: Event) => void;
  const guarded = new WeakMap<Listener, Listener>();
  const counting = {
    addEventListener(type: string, listener: Listener) {
      listeners++;
      const guard: Listener = (event) => {
        try {
          listener(event);
        } catch (err) {
          onError(err);
        }
      };
      guarded.set(listener, guard);
      target.addEventListener(type, guard);
    },
    removeEventListener(type: string, listener: Listener) {
      listeners--;
      target.removeEventListener(type, guarded.get(listener) ?? listener);
    },
    dispatchEvent: (event: Event) => target.dispatchEvent(event),
  };
  const local = createPubSub<Record<string, [unknown]>>({ eventTarget: counting as never });
  const resyncs = new Set<() => void>();
  const watchers = new Map<string, Set<(id: string | undefined, payload: never) => void>>();
  // Live values' listeners, by routing key: a plain function each, called in the moment (no queue,
  // no EventTarget entry), since thousands stay registered for hours.
  const listenersOf = new Map<string, Set<(payload: never) => void>>();
  const tell = (listener: (...args: never[]) => void, ...args: unknown[]) => {
    try {
      listener(...(args as never[]));
    } catch (err) {
      onError(err);
    }
  };
  return {
    deliver(topic: string, id: string | undefined, payload: unknown): void {
      for (const watcher of watchers.get(topic) ?? []) tell(watcher, id, payload);
      const key = routingKey(topic, id);
      for (const listener of listenersOf.get(key) ?? []) tell(listener, payload);
      local.publish(key, payload);
    },
    listen<T extends Topic>(topic: T, id: string, listener: (payload: TopicPayloads[T]) => void): () => void {
      const key = routingKey(topic, id);
      const own = listenersOf.get(key) ?? new Set<(payload: never) => void>();
      listenersOf.set(key, own);
      own.add(listener);
      listeners++;
      return () => {
        if (!own.delete(listener)) return;
        listeners--;
        if (own.size === 0 && listenersOf.get(key) === own) listenersOf.delete(key);
      };
    },
    watch<T extends Topic>(topic: T, listener: (id: string | undefined, payload: TopicPayloads[T]) => void): () => void {
      const set = watchers.get(topic) ?? new Set();
      watchers.set(topic, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
    subscribe(topic: string, id?: string): AsyncIterable<unknown> {
      return local.subscribe(routingKey(topic, id));
    },
    onResync(listener: () => void): () => void {
      resyncs.add(listener);
      return () => void resyncs.delete(listener);
    },
    /** Every live value reads its current value again; answers how many. Past a few, the reads
     *  are spread at random over up to RESYNC_SPREAD_MS (a millisecond per value): thousands at
     *  once would take every pooled connection from ordinary requests. */
    resync(): number {
      const all = [...resyncs];
      const spreadMs = all.length <= RESYNC_AT_ONCE ? 0 : Math.min(RESYNC_SPREAD_MS, all.length);
      for (const listener of all) {
        if (spreadMs === 0) listener();
        else setTimeout(() => resyncs.has(listener) && listener(), Math.random() * spreadMs).unref();
      }
      return all.length;
    },
    stats: (): PubSubStats => ({ listeners, liveValues: resyncs.size }),
  };
}

export async function createPgPubSub(database: Database, onError: (err: unknown) => void, warn: PubSubWarn = () => {}): Promise<PubSub> {
  const local = createLocalFanout(onError);
  let listening = true;
  const unlisten = await database.listen(
    CHANNEL,
    (raw) => {
      try {
        const { topic, id, payload } = JSON.parse(raw) as { topic: string; id?: string; payload: unknown };
        local.deliver(topic, id, payload);
      } catch (err) {
        onError(err);
      }
    },
    {
      onLost: () => {
        listening = false;
        warn('pub/sub: the LISTEN connection was lost; live events are missed until it listens again');
      },
      onListen: (again) => {
        listening = true;
        if (again) warn(`pub/sub: listening again; ${local.resync()} live values read their current value again`);
      },
    },
  );

  const pubsub: PubSub = {
    async publish(topic, payload, opts = {}) {
      const executor = opts.executor ?? database.db;
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, id: opts.id, payload })})`);
    },
    async publishMany(topic, events, opts = {}) {
      if (events.length === 0) return;
      if (events.length === 1) return pubsub.publish(topic, events[0]!.payload, { id: events[0]!.id, executor: opts.executor });
      const executor = opts.executor ?? database.db;
      const texts = events.map((e) => JSON.stringify({ topic, id: e.id, payload: e.payload }));
      await executor.execute(sql`select pg_notify(${CHANNEL}, e) from unnest(${sql.param(texts)}::text[]) as e`);
    },
    subscribe(topic, id) {
      return local.subscribe(topic, id) as AsyncIterable<never>;
    },
    forTypeGraphql() {
      return {
        publish: (key, ...args) => void pubsub.publish(key as Topic, args[0] as never).catch(onError),
        subscribe: (key, dynamicId) => local.subscribe(key, dynamicId === undefined ? undefined : String(dynamicId)),
      };
    },
    listen: local.listen,
    watch: local.watch,
    onResync: local.onResync,
    stats: local.stats,
    listening: () => listening,
    close: unlisten,
  };
  return pubsub;
}

/** A live value: `read()` now, then again after events on the topic for `id`, and after the
 *  pub/sub's resync (events may have been lost). Listening starts before the first read, so no
 *  change between the two is missed. It holds a flag and a waiter, not a queue: events that come
 *  while a read runs or before the subscriber asks again make one read, of the current value.
 *  `return()` lets go of the listeners at once, even while a next() is parked. Thousands stay open
 *  for hours, so it is one small object with its methods on the prototype and one listener. */
export function liveValue<T>(pubsub: Pick<PubSub, 'listen'> & Partial<Pick<PubSub, 'onResync'>>, topic: Topic, id: string, read: () => Promise<T>): AsyncIterableIterator<T> {
  return new LiveValue(pubsub, topic, id, read);
}

class LiveValue<T> implements AsyncIterableIterator<T> {
  private first = true;
  private finished = false;
  /** Something changed (an event, a resync) since the last read: the next next() reads at once. */
  private stale = false;
  /** Ends the wait of the next() that is parked, if any. */
  private wake: (() => void) | undefined;
  private readonly offEvents: () => void;
  private readonly offResync: (() => void) | undefined;

  constructor(
    pubsub: Pick<PubSub, 'listen'> & Partial<Pick<PubSub, 'onResync'>>,
    topic: Topic,
    id: string,
    private readonly read: () => Promise<T>,
  ) {
    const changed = () => {
      this.stale = true;
      this.wake?.();
    };
    this.offEvents = pubsub.listen(topic, id, changed);
    this.offResync = pubsub.onResync?.(changed);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.finished) return Promise.resolve(this.end());
    if (this.first) {
      this.first = false;
      return this.value();
    }
    if (this.stale) return this.value();
    // Parked until something changes or return() is called.
    return new Promise<void>((resolve) => (this.wake = resolve)).then(() => {
      this.wake = undefined;
      return this.finished ? this.end() : this.value();
    });
  }

  return(): Promise<IteratorResult<T>> {
    return Promise.resolve(this.end());
  }

  private value(): Promise<IteratorResult<T>> {
    this.stale = false;
    return this.read().then((value) => ({ done: false, value }));
  }

  private end(): IteratorReturnResult<undefined> {
    if (!this.finished) {
      this.finished = true;
      this.offEvents();
      this.offResync?.();
    }
    this.wake?.();
    return { done: true, value: undefined };
  }
}
