// A club application seen decided stays decided against answers to requests sent before
// (web/src/lib/decisions-link.ts). The review screen's queries are answered in the order that once
// put 'Approve' back on screen (CI, admin-approvals spec): a list fetched before the decision (the
// stats poll refreshing it) answered after it, with the application still PENDING. Apollo writes
// refetches with `overwrite` (a cache merge guard never saw the decision), and its deduplication
// let the refetch after the decision share the stale request.
import { ApolloClient, ApolloLink } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from '../../web/src/lib/apollo-cache.js';
import { pendingTransport } from './pending-transport.js';
import { createDecisionsLink, DecisionMemory } from '../../web/src/lib/decisions-link.js';
import { AdminPanelStatsDocument, ApprovalsApplicationDocument, ApprovalsListDocument, ApprovalsRejectDocument } from '../../web/src/gql/graphql.js';
import { adjustCounters } from '../../web/src/features/admin/approvals/use-review-actions.js';
import { refetchOnScreen, refreshAfterDecision } from '../../web/src/features/admin/approvals/review-refresh.js';
import { PENDING_REFRESH, pollPlatformStats } from '../../web/src/features/admin/use-platform-stats.js';

function harness() {
  const { link: transport, pending, answer } = pendingTransport();
  const link = ApolloLink.from([createDecisionsLink(), transport]);
  const client = new ApolloClient({ link, cache: createCache(), defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' } } });
  return { client, pending, answer };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const detail = (status: string, notes: string | null) => ({
  __typename: 'Club', id: 'X', name: 'Rovers', description: 'd', location: 'L', sportTypes: [], websiteUrl: null, contactEmail: 'a@b.c', contactPhone: null,
  applicationStatus: status, adminNotes: notes, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', reviewedAt: null,
});
const listItem = (status: string) => ({ __typename: 'Club', id: 'X', name: 'Rovers', contactEmail: 'a@b.c', contactPhone: null, location: 'L', applicationStatus: status, createdAt: '2026-01-01T00:00:00Z' });
const stats = (pending: number) => ({ adminPlatformStats: { __typename: 'AdminPlatformStats', totalClubs: 1, verifiedClubs: 0, totalVolunteers: 0, totalOpportunities: 0, pendingApplications: pending, pendingVerifications: 0 } });

const LIST_VARIABLES = { filter: { status: 'PENDING' }, sort: { field: 'CREATED_AT', direction: 'DESC' }, first: 20, offset: 0 } as never;
const listAnswer = (nodes: unknown[]) => ({ clubApplications: { __typename: 'ClubApplicationConnection', nodes, totalCount: nodes.length } });

/** The detail on screen (PENDING), the header's stats, and the applications list in `listPolicy`. */
async function reviewScreen(listPolicy: 'cache-first' | 'standby') {
  const h = harness();
  const statuses: string[] = [];
  h.client.watchQuery({ query: ApprovalsApplicationDocument, variables: { id: 'X' } }).subscribe((r) => {
    if (r.data) statuses.push((r.data as { clubApplication: { applicationStatus: string } }).clubApplication.applicationStatus);
  });
  h.client.watchQuery({ query: AdminPanelStatsDocument }).subscribe(() => undefined);
  h.client.watchQuery({ query: ApprovalsListDocument, variables: LIST_VARIABLES, fetchPolicy: listPolicy }).subscribe(() => undefined);
  await tick();
  h.answer('ApprovalsApplication', { clubApplication: detail('PENDING', null) });
  h.answer('AdminPanelStats', stats(5));
  if (listPolicy !== 'standby') h.answer('ApprovalsList', listAnswer([listItem('PENDING')]));
  await tick();
  return { ...h, statuses, inFlight: (name: string) => h.pending.filter((p) => p.name === name).length };
}

const REJECTED = { rejectClubApplication: { __typename: 'RejectClubApplicationPayload', club: detail('REJECTED', 'no'), userErrors: [] } };

/** The review's rejection as use-review-actions sends it: the optimistic answer moves the counters. */
function sendReject(client: ApolloClient) {
  return client.mutate({
    mutation: ApprovalsRejectDocument,
    variables: { input: { clubId: 'X', rejectionReason: 'no' } },
    optimisticResponse: REJECTED as never,
    update: (cache, r) => {
      if (r.data?.rejectClubApplication?.club) adjustCounters(cache, 'rejected');
    },
  });
}

/** Rejects, the server answering at once, then refreshes as the review does after a decision. */
async function reject(client: ApolloClient, answer: (name: string, data: unknown) => void) {
  const done = sendReject(client);
  await tick();
  answer('ApprovalsReject', REJECTED);
  await done;
  void refreshAfterDecision(client);
  await tick();
}

describe('the review screen across a decision', () => {
  it('a list asked for before the decision and answered after it does not put PENDING back', async () => {
    const screen = await reviewScreen('cache-first');
    // A stats poll refreshes the lists on screen just before the administrator rejects.
    void refetchOnScreen(screen.client, PENDING_REFRESH);
    await tick();
    expect(screen.inFlight('ApprovalsList')).toBe(1);
    await reject(screen.client, screen.answer);
    // The refresh after the decision shares the request still in flight (Apollo's deduplication).
    expect(screen.inFlight('ApprovalsList')).toBe(1);
    screen.answer('ApprovalsList', listAnswer([listItem('PENDING')]));
    await tick();
    expect(screen.statuses).toEqual(['PENDING', 'REJECTED']);
    // A list asked for after the decision is taken as it is.
    void refetchOnScreen(screen.client, ['ApprovalsList']);
    await tick();
    screen.answer('ApprovalsList', listAnswer([]));
    await tick();
    expect(screen.statuses.at(-1)).toBe('REJECTED');
  });

  it("a list answered before the decision's own answer is overwritten by it", async () => {
    const screen = await reviewScreen('cache-first');
    void refetchOnScreen(screen.client, PENDING_REFRESH);
    await tick();
    const done = sendReject(screen.client);
    await tick();
    screen.answer('ApprovalsList', listAnswer([listItem('PENDING')]));
    await tick();
    screen.answer('ApprovalsReject', REJECTED);
    await done;
    await tick();
    expect(screen.statuses.at(-1)).toBe('REJECTED');
  });

  it("a skipped list (the review's neighbours on a desktop) is not fetched by a refresh or a decision", async () => {
    const screen = await reviewScreen('standby');
    void refetchOnScreen(screen.client, PENDING_REFRESH);
    await tick();
    expect(screen.inFlight('ApprovalsList')).toBe(0);
    await reject(screen.client, screen.answer);
    expect(screen.inFlight('ApprovalsList')).toBe(0);
    expect(screen.inFlight('AdminPanelStats')).toBe(1);
    expect(screen.statuses).toEqual(['PENDING', 'REJECTED']);
  });
});

describe("the header's stats poll", () => {
  it('refreshes the approval lists on screen while applications are pending, and only then', async () => {
    const screen = await reviewScreen('cache-first');
    const statsQuery = screen.client.getObservableQueries('active');
    const stats$ = [...statsQuery].find((q) => q.queryName === 'AdminPanelStats')!;
    const poll = pollPlatformStats(screen.client, () => stats$.refetch());
    await tick();
    screen.answer('AdminPanelStats', stats(0));
    await poll;
    expect(screen.inFlight('ApprovalsList')).toBe(0);
    const second = pollPlatformStats(screen.client, () => stats$.refetch());
    await tick();
    screen.answer('AdminPanelStats', stats(2));
    await tick();
    expect(screen.inFlight('ApprovalsList')).toBe(1);
    screen.answer('ApprovalsList', listAnswer([listItem('PENDING')]));
    await second;
  });

  it('does not fetch a skipped list', async () => {
    const screen = await reviewScreen('standby');
    const stats$ = [...screen.client.getObservableQueries('active')].find((q) => q.queryName === 'AdminPanelStats')!;
    const poll = pollPlatformStats(screen.client, () => stats$.refetch());
    await tick();
    screen.answer('AdminPanelStats', stats(2));
    await poll;
    expect(screen.inFlight('ApprovalsList')).toBe(0);
  });
});

describe('DecisionMemory', () => {
  const club = (id: string, applicationStatus: string) => ({ __typename: 'Club', id, applicationStatus });

  it('takes every answer as it is until it has seen a decision', () => {
    const memory = new DecisionMemory();
    const answer = { clubApplications: { nodes: [club('a', 'PENDING')] } };
    memory.apply(answer, memory.send());
    expect(answer.clubApplications.nodes[0]!.applicationStatus).toBe('PENDING');
    expect(memory.statusOf('a')).toBeUndefined();
  });

  it('corrects PENDING in answers to requests sent before it saw the decision, anywhere in the answer', () => {
    const memory = new DecisionMemory();
    const before = memory.send();
    memory.apply({ rejectClubApplication: { club: club('b', 'REJECTED') } }, memory.send());
    const stale = { recent: { nodes: [club('b', 'PENDING'), club('c', 'PENDING')] }, other: [[{ club: club('b', 'PENDING') }]] };
    memory.apply(stale, before);
    expect(stale.recent.nodes.map((n) => n.applicationStatus)).toEqual(['REJECTED', 'PENDING']);
    expect(stale.other[0]![0]!.club.applicationStatus).toBe('REJECTED');
  });

  it('takes PENDING from a request sent after the decision was seen, and later decisions over earlier ones', () => {
    const memory = new DecisionMemory();
    memory.apply(club('d', 'APPROVED'), memory.send());
    const later = club('d', 'PENDING');
    memory.apply(later, memory.send());
    expect(later.applicationStatus).toBe('PENDING');
    const before = memory.send();
    memory.apply(club('d', 'REJECTED'), memory.send());
    const stale = club('d', 'PENDING');
    memory.apply(stale, before);
    expect(stale.applicationStatus).toBe('REJECTED');
  });

  it('a subscription event is never corrected, only read', async () => {
    const memory = new DecisionMemory();
    const before = memory.send();
    memory.apply(club('e', 'APPROVED'), Number.POSITIVE_INFINITY);
    const stale = club('e', 'PENDING');
    memory.apply(stale, before);
    expect(stale.applicationStatus).toBe('APPROVED');
    const event = club('e', 'PENDING');
    memory.apply(event, Number.POSITIVE_INFINITY);
    expect(event.applicationStatus).toBe('PENDING');
  });

  it('remembers at most its limit, forgetting the oldest', () => {
    const memory = new DecisionMemory(2);
    for (const id of ['f', 'g', 'h']) memory.apply(club(id, 'APPROVED'), memory.send());
    expect(memory.statusOf('f')).toBeUndefined();
    expect(memory.statusOf('g')).toBe('APPROVED');
    expect(memory.statusOf('h')).toBe('APPROVED');
  });
});
