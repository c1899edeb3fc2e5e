import { describe, expect, it } from 'vitest';
import { createPubSub } from '@graphql-yoga/subscription';
import { liveValue, Topic, type PubSub } from '../../server/src/graphql/pubsub.js';

/** The in-process part of the pub/sub, with a count of the listeners still attached. */
function localPubSub() {
  const target = new EventTarget();
  let listeners = 0;
  const counting: EventTarget = {
    addEventListener: (...args: Parameters<EventTarget['addEventListener']>) => {
      listeners++;
      target.addEventListener(...args);
    },
    removeEventListener: (...args: Parameters<EventTarget['removeEventListener']>) => {
      listeners--;
      target.removeEventListener(...args);
    },
    dispatchEvent: (event: Event) => target.dispatchEvent(event),
  };
  const local = createPubSub<Record<string, [unknown]>>({ eventTarget: counting as never });
  const pubsub: Pick<PubSub, 'subscribe'> = { subscribe: (topic, id) => local.subscribe(`${topic}:${id}`) as never };
  return { pubsub, publish: (id: string) => local.publish(`${Topic.UnreadMessagesChanged}:${id}`, {}), listeners: () => listeners };
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
});
