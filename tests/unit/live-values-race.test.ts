// A live value (an unread count) heard by this client stays against answers to queries sent before
// it was heard (web/src/lib/live-values.ts). The order that once left the bell at '2 unread' after
// 'Mark all as read' (a CI run): a count query goes out while two are unread, the member marks all
// read (the client writes 0, the subscription says 0), and only then does the query's answer, 2,
// arrive, which Apollo wrote over the 0 until the next poll a minute later.
import { ApolloClient, ApolloLink } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../web/src/lib/apollo-cache.js';
import { pendingTransport } from './pending-transport.js';
import { createLiveValuesLink, LiveValues, writeLiveValue } from '../../web/src/lib/live-values.js';
import { MarkAllNotificationsReadDocument, UnreadMessageCountDocument, UnreadNotificationCountDocument } from '../../web/src/gql/graphql.js';
import { ModerationStatsDocument } from '../../web/src/features/admin/moderation/moderation.generated.js';
import { writeHeardStats } from '../../web/src/features/admin/moderation/use-moderation-stats.js';

function harness() {
  const memory = new LiveValues();
  const { link: transport, pending, answer } = pendingTransport();
  const client = new ApolloClient({
    link: ApolloLink.from([createLiveValuesLink(memory), transport]),
    cache: createCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' } },
  });
  const counts: number[] = [];
  client.watchQuery({ query: UnreadNotificationCountDocument }).subscribe((r) => {
    if (r.data) counts.push((r.data as { unreadNotificationCount: number }).unreadNotificationCount);
  });
  const shown = () => (client.readQuery({ query: UnreadNotificationCountDocument }) as { unreadNotificationCount: number } | null)?.unreadNotificationCount;
  return { client, memory, pending, answer, counts, shown };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('live values against older answers', () => {
  it("keeps the count heard after a query went out: 'Mark all as read' while a poll is in flight", async () => {
    const h = harness();
    await tick();
    h.answer('UnreadNotificationCount', { unreadNotificationCount: 2 });
    await tick();
    expect(h.shown()).toBe(2);

    // The poll goes out while two are unread...
    const poll = h.client.refetchQueries({ include: [UnreadNotificationCountDocument] });
    await tick();
    expect(h.pending.map((p) => p.name)).toEqual(['UnreadNotificationCount']);
    // ...the member marks all read (the client's own write, then the subscription's event)...
    writeLiveValue(h.client.cache, UnreadNotificationCountDocument, { unreadNotificationCount: 0 }, h.memory);
    writeLiveValue(h.client.cache, UnreadNotificationCountDocument, { unreadNotificationCount: 0 }, h.memory);
    expect(h.shown()).toBe(0);
    // ...and the poll's answer, read by the server before the change, arrives last.
    h.answer('UnreadNotificationCount', { unreadNotificationCount: 2 });
    await poll;
    await tick();
    expect(h.shown()).toBe(0);
    expect(h.counts.at(-1)).toBe(0);
    expect(h.counts).not.toContain(undefined);
  });

  it('takes the answer to a query sent after the value was heard as it is', async () => {
    const h = harness();
    await tick();
    h.answer('UnreadNotificationCount', { unreadNotificationCount: 2 });
    writeLiveValue(h.client.cache, UnreadNotificationCountDocument, { unreadNotificationCount: 0 }, h.memory);
    await tick();
    // A new notification since: the next query (sent after the 0 was heard) says 1.
    const poll = h.client.refetchQueries({ include: [UnreadNotificationCountDocument] });
    await tick();
    h.answer('UnreadNotificationCount', { unreadNotificationCount: 1 });
    await poll;
    await tick();
    expect(h.shown()).toBe(1);
  });

  it('corrects only the live fields that were heard, and never a mutation', async () => {
    const memory = new LiveValues();
    memory.heard('unreadNotificationCount', 0);
    const data = { unreadNotificationCount: 5, unreadMessageCount: 3 };
    memory.apply(data, 0);
    expect(data).toEqual({ unreadNotificationCount: 0, unreadMessageCount: 3 });

    const h = harness();
    await tick();
    h.answer('UnreadNotificationCount', { unreadNotificationCount: 2 });
    writeLiveValue(h.client.cache, UnreadNotificationCountDocument, { unreadNotificationCount: 0 }, h.memory);
    // A mutation's answer is the change itself: it is not numbered or corrected.
    const marked = h.client.mutate({ mutation: MarkAllNotificationsReadDocument });
    await tick();
    h.answer('MarkAllNotificationsRead', { markAllNotificationsRead: { __typename: 'MarkAllNotificationsReadPayload', count: 2, userErrors: [] } });
    expect((await marked).data).toEqual({ markAllNotificationsRead: { __typename: 'MarkAllNotificationsReadPayload', count: 2, userErrors: [] } });
    // Another live field, heard never, is taken from its answer as it is.
    const messages = h.client.query({ query: UnreadMessageCountDocument, fetchPolicy: 'network-only' });
    await tick();
    h.answer('UnreadMessageCount', { unreadMessageCount: 4 });
    expect((await messages).data).toEqual({ unreadMessageCount: 4 });
  });

  it('forgets what it heard when another member signs in', () => {
    const memory = new LiveValues();
    memory.heard('unreadNotificationCount', 0);
    memory.forget();
    const data = { unreadNotificationCount: 7 };
    memory.apply(data, 0);
    expect(data).toEqual({ unreadNotificationCount: 7 });
  });
});

describe('the moderation counters against older answers', () => {
  const stats = (pending: number) => ({
    __typename: 'ModerationStats' as const,
    totalReports: pending + 4,
    pending,
    reviewed: 0,
    resolved: 3,
    dismissed: 1,
    actionsTaken: 3,
    removedItems: 1,
  });

  it("keeps the figures the subscription sent after the poll went out: a report filed while the poll was in flight (a CI run's '2 pending' after the third)", async () => {
    const memory = new LiveValues();
    const { link: transport, pending, answer } = pendingTransport();
    const client = new ApolloClient({ link: ApolloLink.from([createLiveValuesLink(memory), transport]), cache: createCache() });
    const shown = () => client.readQuery({ query: ModerationStatsDocument })?.moderationStats.pending;
    const first = client.query({ query: ModerationStatsDocument });
    await tick();
    answer('ModerationStats', { moderationStats: stats(2) });
    await first;
    expect(shown()).toBe(2);

    // The poll goes out with two pending; the third report is filed and the subscription says 3...
    const poll = client.query({ query: ModerationStatsDocument, fetchPolicy: 'network-only' });
    await tick();
    expect(pending.map((p) => p.name)).toEqual(['ModerationStats']);
    writeHeardStats(client.cache, stats(3), memory);
    expect(shown()).toBe(3);
    // ...and the poll's answer, read before the report, arrives last: the badge stays at 3.
    answer('ModerationStats', { moderationStats: stats(2) });
    expect((await poll).data?.moderationStats.pending).toBe(3);
    await tick();
    expect(shown()).toBe(3);

    // A poll sent after the figures were heard is taken as it is (a decision since: 2).
    const next = client.query({ query: ModerationStatsDocument, fetchPolicy: 'network-only' });
    await tick();
    answer('ModerationStats', { moderationStats: stats(2) });
    await next;
    expect(shown()).toBe(2);
  });
});
