// One typed pub/sub for live events, carried by Postgres LISTEN/NOTIFY so that every instance on
// the same database hears every event. NOTIFY issued inside a transaction is delivered only when
// that transaction commits, which gives "publish after commit" for free.
import { createPubSub } from '@graphql-yoga/subscription';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';

export enum Topic {
  SessionRevoked = 'SESSION_REVOKED',
}

export interface TopicPayloads {
  [Topic.SessionRevoked]: { sessionId: string; userId: string };
}

const CHANNEL = 'clubroom_events';

export interface PubSub {
  publish<T extends Topic>(topic: T, payload: TopicPayloads[T], executor?: Executor): Promise<void>;
  subscribe<T extends Topic>(topic: T): AsyncIterable<TopicPayloads[T]>;
  /** The shape type-graphql wants for @Subscription({ topics }). */
  forTypeGraphql(): { publish(routingKey: string, ...args: unknown[]): void; subscribe(routingKey: string): AsyncIterable<unknown> };
  close(): Promise<void>;
}

export async function createPgPubSub(database: Database, onError: (err: unknown) => void): Promise<PubSub> {
  const local = createPubSub<Record<string, [unknown]>>();
  const unlisten = await database.listen(CHANNEL, (raw) => {
    try {
      const { topic, payload } = JSON.parse(raw) as { topic: string; payload: unknown };
      local.publish(topic, payload);
    } catch (err) {
      onError(err);
    }
  });

  const pubsub: PubSub = {
    async publish(topic, payload, executor = database.db) {
      await executor.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ topic, payload })})`);
    },
    subscribe(topic) {
      return local.subscribe(topic) as AsyncIterable<never>;
    },
    forTypeGraphql() {
      return {
        publish: (routingKey, ...args) => void pubsub.publish(routingKey as Topic, args[0] as never).catch(onError),
        subscribe: (routingKey) => local.subscribe(routingKey),
      };
    },
    close: unlisten,
  };
  return pubsub;
}
