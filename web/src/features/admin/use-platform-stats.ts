// The header's counters, polled every 30 seconds (spec sections 4 and 9). While applications are
// pending, each poll also refreshes the approval counters and lists on screen. The refresh follows
// the poll's answer, never a change in the cache: a decision moves the counters at once (Apollo's
// optimistic layer), and lists fetched at that moment could answer from before the decision.
import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import type { AdminPanelStatsQuery } from '../../gql/graphql';
import { AdminPanelStatsDocument } from './admin.generated';
import { notify } from '../../lib/toaster';
import { REVIEW_TOASTS, STATS_POLL_MS } from './admin-texts';
import { refetchOnScreen } from './approvals/review-refresh';

/** The queries a poll refreshes while applications are pending (never the detail: each fetch of
 *  it is recorded as a view). */
export const PENDING_REFRESH = ['ApprovalsCounts', 'ApprovalsDashboard', 'ApprovalsList'];

/** One poll: the stats again and, while applications are pending, the approval queries on screen. */
export async function pollPlatformStats(client: ApolloClient, refetchStats: () => Promise<{ data?: AdminPanelStatsQuery | undefined }>): Promise<void> {
  const { data } = await refetchStats();
  if ((data?.adminPlatformStats.pendingApplications ?? 0) > 0) await refetchOnScreen(client, PENDING_REFRESH);
}

export function usePlatformStats() {
  const client = useApolloClient();
  const { data, error, refetch } = useQuery(AdminPanelStatsDocument, {
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
    context: { silent: true },
  });
  const stats = data?.adminPlatformStats;

  useEffect(() => {
    if (!error) return;
    console.error('Loading the platform statistics failed:', error);
    // One toast however many polls fail in a row.
    notify({ id: 'platform-stats-failed', title: REVIEW_TOASTS.statsFailed, type: 'error' });
  }, [error]);

  // The timer is set once; it asks through a ref for the current refetch.
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  useEffect(() => {
    const timer = window.setInterval(() => void pollPlatformStats(client, () => refetchRef.current()).catch(() => undefined), STATS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [client]);

  return { stats, error };
}
