// The page's queries with their freshness (spec section 9) and failure toasts (section 8).
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import type { MeetingStatus } from '../../gql/graphql';
import { CouncilAdminCheckDocument, CouncilAdminMeetingStatsDocument, CouncilAdminMeetingsDocument } from './council-admin.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { notifyError } from '../../lib/toaster';
import { useRemainingPages } from '../../lib/use-remaining-pages';
import { ADMIN_CHECK_MAX_AGE_MS, ALL_MEETINGS_MAX_AGE_MS, MEETING_TOASTS, STATS_MAX_AGE_MS } from './council-admin-texts';

/** Whether the signed-in user may manage meetings (`me.isCouncilAdmin`); undefined while checking. */
export function useIsCouncilAdmin(userId: string | undefined): boolean | undefined {
  const fetchPolicy = useFreshnessPolicy(`isCouncilAdmin:${userId ?? ''}`, ADMIN_CHECK_MAX_AGE_MS);
  const { data, error } = useQuery(CouncilAdminCheckDocument, { fetchPolicy, skip: !userId, context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Checking the council administrator role failed:', error);
  }, [error]);
  if (!userId) return false;
  if (data) return data.me?.isCouncilAdmin ?? false;
  return error ? false : undefined;
}

export function useMeetingStats() {
  const fetchPolicy = useFreshnessPolicy('councilMeetingStats', STATS_MAX_AGE_MS);
  const { data, error, loading } = useQuery(CouncilAdminMeetingStatsDocument, { fetchPolicy, context: { silent: true } });
  useEffect(() => {
    if (!error) return;
    console.error('Loading the meeting stats failed:', error);
    notifyError(MEETING_TOASTS.fetchStatsFailed);
  }, [error]);
  return { stats: data?.councilMeetingStats, loading };
}

/** Every meeting of a status (or all), newest date first: the list is shown whole, so the pages
 *  after the first are fetched as soon as it arrives. */
export function useAdminMeetings(status: MeetingStatus | undefined) {
  const fetchPolicy = useFreshnessPolicy(`councilMeetings:${status ?? 'all'}`, ALL_MEETINGS_MAX_AGE_MS);
  const { data, error, loading, fetchMore } = useQuery(CouncilAdminMeetingsDocument, {
    variables: { status },
    fetchPolicy,
    context: { silent: true },
  });
  const fetchAfter = useCallback((after: string) => fetchMore({ variables: { after }, context: { silent: true } }), [fetchMore]);
  useRemainingPages(data?.councilMeetings.pageInfo, fetchAfter);
  useEffect(() => {
    if (!error) return;
    console.error('Loading the meetings failed:', error);
    notifyError(MEETING_TOASTS.fetchMeetingsFailed);
  }, [error]);
  return { meetings: data?.councilMeetings.edges.map((edge) => edge.node), loading, error };
}
