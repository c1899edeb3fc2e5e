// The header's counters, polled every 30 seconds (spec sections 4 and 9). While applications are
// pending, each poll also refreshes the approval counters and lists on screen.
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { AdminPanelStatsDocument } from '../../gql/graphql';
import { notify } from '../../lib/toaster';
import { REVIEW_TOASTS, STATS_POLL_MS } from './admin-texts';

/** The queries a poll refreshes while applications are pending (never the detail: each fetch of
 *  it is recorded as a view). */
export const PENDING_REFRESH = ['ApprovalsCounts', 'ApprovalsDashboard', 'ApprovalsList'];

export function usePlatformStats() {
  const client = useApolloClient();
  const { data, error } = useQuery(AdminPanelStatsDocument, {
    pollInterval: STATS_POLL_MS,
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

  const seen = useRef(stats);
  useEffect(() => {
    if (!stats || seen.current === stats) return;
    const first = seen.current === undefined;
    seen.current = stats;
    if (!first && stats.pendingApplications > 0) void client.refetchQueries({ include: PENDING_REFRESH }).catch(() => undefined);
  }, [stats, client]);

  return { stats, error };
}
