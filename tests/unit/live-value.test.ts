import { describe, expect, it } from 'vitest';
import { createLocalFanout, liveValue, Topic } from '../../server/src/graphql/pubsub.js';

/** The in-process part of the pub/sub (what PostgreSQL's events are handed to), with a count of
 *  the listeners still attached. */
function localPubSub() {
  const local = createLocalFanout();
  return {
    pubsub: local,
    publish: (id: string) => local.deliver(Topic.UnreadMessagesChanged, id, {}),
    resync: () => local.resync(),
    listeners: () => local.stats().listeners,
  };
}

describe('liveValue', () => {
  it('answers the current value at once, then again after each event', async () => {
    const { pubsub, publish } = localPubSub();
    let value = 0;
    const live = liveValue(pubsub, Topic.UnreadMessagesChanged, 'u1', async () => value);
    expect(await live.next()).toEqual({ done: false, value: 0 });
    const second = live.next();
    value = 3;
    publish('u1');
    expect(await second).toEqual({ done: false, value: 3 });
    await live.return!();
  });

  it('lets go of its listener as soon as the subscriber leaves, without waiting for an event', async () => {
    const { pubsub, listeners } = localPubSub();
    const live = liveValue(pubsub, Topic.UnreadMessagesChanged, 'u2', async () => 0);
    await live.next();
    const parked = live.next();
    await new Promise((r) => setTimeout(r, 10));
    expect(listeners()).toBe(1);
    await live.return!();
    await expect(parked).resolves.toEqual({ done: true, value: undefined });
    expect(listeners()).toBe(0);
  });

  it('does not hear events for another user', async () => {
    const { pubsub, publish } = localPubSub();
    let reads = 0;
    const live = liveValue(pubsub, Topic.UnreadMessagesChanged, 'u3', async () => ++reads);
    await live.next();
    const parked = live.next();
    publish('someone-else');
    const outcome = await Promise.race([parked.then(() => 'event'), new Promise((r) => setTimeout(() => r('quiet'), 200))]);
    expect(outcome).toBe('quiet');
    expect(reads).toBe(1);
    await live.return!();
  });

  it('reads once for events that came while nobody asked, and again after a resync', async () => {
    const { pubsub, publish, resync } = localPubSub();
    let reads = 0;
    const live = liveValue(pubsub, Topic.UnreadMessagesChanged, 'u4', async () => ++reads);
    await live.next();
    publish('u4');
    publish('u4');
    expect(await live.next()).toEqual({ done: false, value: 2 });
    const parked = live.next();
    expect(resync()).toBe(1);
    expect(await parked).toEqual({ done: false, value: 3 });
    await live.return!();
    expect(resync()).toBe(0);
  });
});
