// Approve and reject one application (spec sections 4 and 8). The counters move at once (pending
// −1, not below 0; the decided status +1) through Apollo's optimistic layer, which is dropped, and
// the counters with it, if the decision fails; on success lists and counters are fetched again.
import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import type { Approvals_DetailFragment } from '../../../gql/graphql';
import { AdminPanelStatsDocument, ApprovalsApproveDocument, ApprovalsCountsDocument, ApprovalsRejectDocument, Approvals_DetailFragmentDoc } from '../admin.generated';
import { isQueuedOffline } from '../../../lib/offline-queue';
import { notifySuccess } from '../../../lib/toaster';
import { requirePayload, type UserErrorData } from '../../../lib/user-errors';
import { REVIEW_TOASTS } from '../admin-texts';
import { notifyDecisionFailure, refreshAfterDecision } from './review-refresh';

type Decision = 'approved' | 'rejected';

export function adjustCounters(cache: ApolloCache, decision: Decision): void {
  cache.updateQuery({ query: ApprovalsCountsDocument }, (data) => {
    if (!data) return data;
    const c = data.clubApplicationCounts;
    return { clubApplicationCounts: { ...c, pending: Math.max(0, c.pending - 1), [decision]: c[decision] + 1 } };
  });
  cache.updateQuery({ query: AdminPanelStatsDocument }, (data) => {
    if (!data) return data;
    const s = data.adminPlatformStats;
    const approved = decision === 'approved' ? 1 : 0;
    return {
      adminPlatformStats: {
        ...s,
        pendingApplications: Math.max(0, s.pendingApplications - 1),
        totalClubs: s.totalClubs + approved,
        pendingVerifications: s.pendingVerifications + approved,
      },
    };
  });
}

/** The club as the decision will leave it (with its type name, so the cache shows it at once). */
function decided(club: Approvals_DetailFragment, status: 'APPROVED' | 'REJECTED', notes: string | null): Approvals_DetailFragment {
  const optimistic = { ...club, __typename: 'Club' as const, applicationStatus: status, adminNotes: notes ?? club.adminNotes, reviewedAt: new Date().toISOString() };
  return optimistic;
}

/** A mutation payload's optimistic answer, named by its type. */
function payload<N extends string, T extends object>(typename: N, fields: T): T & { __typename: N } {
  return { __typename: typename, ...fields };
}

type Payload = { club?: unknown; userErrors: readonly UserErrorData[] } | null | undefined;

const DECISIONS = {
  approve: { decision: 'approved', status: 'APPROVED', label: 'approve application', done: REVIEW_TOASTS.approved, failed: REVIEW_TOASTS.approveFailed },
  reject: { decision: 'rejected', status: 'REJECTED', label: 'reject application', done: REVIEW_TOASTS.rejected, failed: REVIEW_TOASTS.rejectFailed },
} as const;

/** Offline: the decision is queued (lib/offline-queue) and runs on reconnect. What the optimistic
 *  answer showed stays (the club decided, the counters moved) until then. */
function keepQueuedDecision(cache: ApolloCache, kind: keyof typeof DECISIONS, club: Approvals_DetailFragment, notes: string | null): void {
  const { decision, status } = DECISIONS[kind];
  cache.writeFragment({ fragment: Approvals_DetailFragmentDoc, id: cache.identify({ __typename: 'Club', id: club.id }), data: decided(club, status, notes) });
  adjustCounters(cache, decision);
}

const queued = (kind: keyof typeof DECISIONS) => ({ silent: true, offlineQueue: { label: DECISIONS[kind].label } });

/** The counters move once the (optimistic or real) answer says the decision went through. */
function countersFor(decision: Decision, payload: Payload, cache: ApolloCache): void {
  if (payload?.club && payload.userErrors.length === 0) adjustCounters(cache, decision);
}

export function useReviewActions(club: Approvals_DetailFragment | undefined) {
  const client = useApolloClient();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [approveMutation] = useMutation(ApprovalsApproveDocument, { context: { silent: true } });
  const [rejectMutation] = useMutation(ApprovalsRejectDocument, { context: { silent: true } });

  /** Resolves true once decided; false when it failed (the dialog stays open). */
  const decide = useCallback(
    async (kind: keyof typeof DECISIONS, notes: string | null, send: (club: Approvals_DetailFragment) => Promise<Payload>): Promise<boolean> => {
      if (!club || busy) return false;
      const { done, failed } = DECISIONS[kind];
      setBusy(kind);
      try {
        requirePayload(await send(club));
        notifySuccess(done);
        void refreshAfterDecision(client);
        return true;
      } catch (error) {
        if (isQueuedOffline(error)) {
          keepQueuedDecision(client.cache, kind, club, notes);
          return true;
        }
        console.error(`${failed}:`, error);
        notifyDecisionFailure(error, failed);
        return false;
      } finally {
        setBusy(null);
      }
    },
    [club, busy, client],
  );

  const approve = useCallback(
    (adminNotes: string | null) =>
      decide('approve', adminNotes, async (current) => {
        const { data } = await approveMutation({
          variables: { input: { clubId: current.id, adminNotes } },
          context: queued('approve'),
          optimisticResponse: {
            approveClubApplication: payload('ApproveClubApplicationPayload', { club: decided(current, 'APPROVED', adminNotes), userErrors: [] }),
          },
          update: (cache, result) => countersFor('approved', result.data?.approveClubApplication, cache),
        });
        return data?.approveClubApplication;
      }),
    [decide, approveMutation],
  );

  const reject = useCallback(
    (rejectionReason: string) =>
      decide('reject', rejectionReason, async (current) => {
        const { data } = await rejectMutation({
          variables: { input: { clubId: current.id, rejectionReason } },
          context: queued('reject'),
          optimisticResponse: {
            rejectClubApplication: payload('RejectClubApplicationPayload', { club: decided(current, 'REJECTED', rejectionReason), userErrors: [] }),
          },
          update: (cache, result) => countersFor('rejected', result.data?.rejectClubApplication, cache),
        });
        return data?.rejectClubApplication;
      }),
    [decide, rejectMutation],
  );

  return { approve, reject, busy };
}
